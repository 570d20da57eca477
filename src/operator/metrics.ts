/**
 * The bot's Prometheus metrics (README, "Monitoring"). One `AppMetrics` per app, on a Registry the
 * caller creates (main.ts / app.ts): tests build several apps in one process, so nothing here lives
 * in prom-client's global default registry.
 *
 * Labels only ever take values from the fixed lists below; anything else becomes "other". No label
 * carries a key, a chat id or text a user typed — a label value is stored forever by Prometheus.
 */
import { collectDefaultMetrics, Gauge, Histogram, type Registry } from "prom-client";
import type { CallOutcome } from "../exchanger/index.js";
import { RecentActivity, type BucketCounts } from "./recent.js";
import { tally } from "./tally.js";

const PREFIX = "exchanger_bot_";

/** Update kinds Telegram sends (the bot asks for message and callback_query only). */
export const UPDATE_KINDS = [
  "message",
  "edited_message",
  "callback_query",
  "inline_query",
  "chosen_inline_result",
  "my_chat_member",
  "chat_member",
  "chat_join_request",
  "channel_post",
  "edited_channel_post",
  "pre_checkout_query",
  "shipping_query",
  "poll",
  "poll_answer",
  "message_reaction",
] as const;

/** Every method the exchanger client calls (exchanger/client.ts), without the slash. */
export const EXCHANGER_METHODS = [
  "user-api-get-info",
  "user-api-get-orders",
  "user-api-get-referral-orders",
  "user-api-get-details",
  "user-api-create-details",
  "user-api-delete-details",
  "user-api-get-verification",
  "user-api-submit-verification",
  "user-api-spend-balance",
  "user-api-change-password",
  "user-api-setup-two-factor-authentication",
  "user-api-get-inputs",
  "public-api-get-currencies",
  "public-api-get-exchanges",
  "public-api-get-exchange",
  "public-api-get-status",
  "public-api-get-referral-program",
] as const;

/** Bot API methods the bot uses; others are counted as "other". */
export const TELEGRAM_METHODS = [
  "getMe",
  "getUpdates",
  "setWebhook",
  "deleteWebhook",
  "setMyCommands",
  "sendMessage",
  "sendPhoto",
  "editMessageText",
  "editMessageReplyMarkup",
  "deleteMessage",
  "answerCallbackQuery",
  "getFile",
] as const;

/** Error classes a handler may end with (the error boundary tells the user about each). */
export const HANDLER_ERRORS = [
  "Unavailable",
  "ExchangerError",
  "Unauthorized",
  "NotLinked",
  "CodesLocked",
  "GrammyError",
  "HttpError",
] as const;

/** Why an update was not handled: the chat backlog dropped it or coalesced a repeated press, its budget was spent, or it was a redelivery. */
export const THROTTLE_REASONS = ["backlog", "coalesced", "over_budget", "repeated"] as const;
export type ThrottleReason = (typeof THROTTLE_REASONS)[number];

/** How one HTTP request to the Bot API ended. */
export type TelegramOutcome = "ok" | "refused" | "rate_limited" | "server_error" | "network";

/** The value when it is in the list, else "other". */
export function known(list: readonly string[], value: string | undefined): string {
  return value !== undefined && list.includes(value) ? value : "other";
}

export interface AppMetrics {
  readonly registry: Registry;
  /** Rolling last-hour figures of this process, for /stats (stats.ts). */
  readonly recent: RecentActivity;
  updateHandled(kind: string | undefined): void;
  handlerError(errorClass: string): void;
  throttled(reason: ThrottleReason): void;
  exchangerCall(method: string, outcome: CallOutcome, durationMs: number): void;
  telegramRequest(method: string, outcome: TelegramOutcome): void;
  telegramRetries(method: string, retries: number): void;
  notificationSent(): void;
  /** Gauges read at scrape time (store counts, exchanger availability). */
  addGauge(
    name: string,
    help: string,
    read: () => Promise<number | undefined> | number | undefined,
  ): void;
}

/** Latency buckets in seconds: a healthy exchanger answers in tens of ms, a dying one times out (EXCHANGER_TIMEOUT_MS, 15 s default). */
const LATENCY_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40];

/**
 * The instruments Prometheus scrapes, registered on `registry` in the order they are listed there:
 * what became of the updates that came in, then what the bot sent out.
 */
function instruments(registry: Registry) {
  const registers = [registry];
  return { ...handlingInstruments(registers), ...outboundInstruments(registers) };
}

/** What became of the updates that came in: handled, failed, or not handled (throttled). */
function handlingInstruments(registers: Registry[]) {
  const updates = tally({
    name: `${PREFIX}updates_total`,
    help: "Updates received, by kind",
    labelNames: ["kind"],
    registers,
  });
  const errors = tally({
    name: `${PREFIX}handler_errors_total`,
    help: "Updates whose handler ended in an error, by error class",
    labelNames: ["error"],
    registers,
  });
  const throttled = tally({
    name: `${PREFIX}throttled_updates_total`,
    help: "Updates not handled, by reason (backlog, coalesced, over_budget, repeated)",
    labelNames: ["reason"],
    registers,
  });
  return { updates, errors, throttled };
}

/** What the bot sends out: exchanger calls (with latency), Bot API requests (with retries), notifications. */
function outboundInstruments(registers: Registry[]) {
  const exchangerCalls = tally({
    name: `${PREFIX}exchanger_calls_total`,
    help: "Exchanger API calls (retries included in one call), by method and outcome",
    labelNames: ["method", "outcome"],
    registers,
  });
  const exchangerLatency = new Histogram({
    name: `${PREFIX}exchanger_call_duration_seconds`,
    help: "Exchanger API call duration including retries, by method",
    labelNames: ["method"],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const telegramRequests = tally({
    name: `${PREFIX}telegram_requests_total`,
    help: "HTTP requests to the Bot API (each retry counts), by method and outcome",
    labelNames: ["method", "outcome"],
    registers,
  });
  const telegramRetries = tally({
    name: `${PREFIX}telegram_retries_total`,
    help: "Bot API requests repeated by auto-retry (429 / 5xx), by method",
    labelNames: ["method"],
    registers,
  });
  const notifications = tally({
    name: `${PREFIX}notifications_sent_total`,
    help: "Order status notifications delivered",
    labelNames: [],
    registers,
  });
  return { exchangerCalls, exchangerLatency, telegramRequests, telegramRetries, notifications };
}

/** The latency histogram's cumulative buckets, all methods added up (/stats' last-hour quantiles). */
export function allMethods(histogram: Histogram): () => Promise<BucketCounts> {
  return async () => {
    const counts = new Map<number, number>();
    for (const { metricName, labels, value } of (await histogram.get()).values)
      if (metricName?.endsWith("_bucket")) {
        const le = labels.le === "+Inf" ? Infinity : Number(labels.le);
        counts.set(le, (counts.get(le) ?? 0) + value);
      }
    if (counts.size === 0) for (const le of [...LATENCY_BUCKETS, Infinity]) counts.set(le, 0);
    return [...counts].sort((a, b) => a[0] - b[0]).map(([le, count]) => ({ le, count }));
  };
}

export function createMetrics(registry: Registry): AppMetrics {
  collectDefaultMetrics({ register: registry });
  const scraped = instruments(registry);
  const recent = new RecentActivity(allMethods(scraped.exchangerLatency));

  return {
    registry,
    recent,
    updateHandled(kind) {
      const label = known(UPDATE_KINDS, kind);
      scraped.updates.add(label, "", { kind: label });
      recent.add("updates");
    },
    handlerError(errorClass) {
      const label = known(HANDLER_ERRORS, errorClass);
      scraped.errors.add(label, "", { error: label });
      recent.add("errors");
    },
    throttled(reason) {
      scraped.throttled.add(reason, "", { reason });
    },
    exchangerCall(method, outcome, durationMs) {
      const label = known(EXCHANGER_METHODS, method);
      scraped.exchangerCalls.add(label, outcome, { method: label, outcome });
      scraped.exchangerLatency.observe({ method: label }, durationMs / 1000);
      recent.exchangerCall(outcome);
    },
    telegramRequest(method, outcome) {
      const label = known(TELEGRAM_METHODS, method);
      scraped.telegramRequests.add(label, outcome, { method: label, outcome });
    },
    telegramRetries(method, retries) {
      const label = known(TELEGRAM_METHODS, method);
      if (retries > 0) scraped.telegramRetries.add(label, "", { method: label }, retries);
    },
    notificationSent() {
      scraped.notifications.add("", "", {});
    },
    addGauge: (name, help, read) => addGauge(registry, name, help, read),
  };
}

/** A gauge read at scrape time. Unknown (the store did not answer): the last value stays rather than a false zero. */
function addGauge(
  registry: Registry,
  name: string,
  help: string,
  read: () => Promise<number | undefined> | number | undefined,
): void {
  new Gauge({
    name: `${PREFIX}${name}`,
    help,
    registers: [registry],
    async collect() {
      const value = await read();
      if (value !== undefined) this.set(value);
    },
  });
}
