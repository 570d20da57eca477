/**
 * The exchanger's webhooks: the ingest endpoint, what each event sets off, and the pace it gives the
 * watcher. On only with EXCHANGER_WEBHOOK_SECRET.
 *
 * Wiring (main.ts; the e2e tests build it the same way):
 *   app.events (app.ts) holds the parts the watcher and the screens share: the token index and the pace;
 *   const events = startExchangerEvents({ app, config, checkChat: watcher.checkNow, tellAdmins });
 *   webhook mode: createWebhookServer({ …, routes: [events.route] }); polling mode: events.listen();
 *   on shutdown: await events.stop().
 */
import type { AccountEvents } from "../bot/context.js";
import type { Server } from "node:http";
import type { Api } from "grammy";
import type { I18n } from "@grammyjs/i18n";
import type { FlowContext } from "../bot/context.js";
import type { ExchangerWebhookConfig } from "../config.js";
import type { Language } from "../languages.js";
import type { ExchangerClient } from "../exchanger/index.js";
import type { Logger } from "../logger.js";
import { SharedRateLimiter } from "../notify/rate-limiter.js";
import type { SeenTokens } from "../notify/seen-tokens.js";
import type { AccountChats } from "../storage/account-chats.js";
import type { KV } from "../storage/kv.js";
import type { SettingsStore } from "../storage/settings.js";
import type { Vault } from "../storage/vault.js";
import { listen, type ExtraRoute } from "../webhook-server.js";
import { AccountStates } from "./account-state.js";
import { exchangerWebhookRoute } from "./endpoint.js";
import { EventIngest, type OwnerOf } from "./ingest.js";
import type { EventMetrics } from "./metrics.js";
import { ChatNotices } from "./notices.js";
import { PaceAlerts } from "./pace-alerts.js";
import type { WebhookPace } from "./pace.js";
import { createEventServer } from "./server.js";
import { VerificationChecks } from "./verification-check.js";

export { createEventMetrics, type EventMetrics } from "./metrics.js";
export { WebhookPace, LIVE_INTERVALS, type LastBatch } from "./pace.js";
export type { WebhookState } from "./endpoint.js";
export type { OwnerOf } from "./ingest.js";
export type { AccountStatusSink } from "./ingest.js";

/** What app.ts builds when the webhooks are configured: shared by the watcher, the screens and the ingest. */
export interface EventParts {
  config: ExchangerWebhookConfig;
  tokens: SeenTokens;
  pace: WebhookPace;
  metrics: EventMetrics;
  /** Where the order layout places the owner's user id with certainty (ingest.ts OwnerOf). */
  ownerOf: OwnerOf;
}

export interface EventsInput {
  parts: EventParts;
  kv: KV;
  vault: Vault;
  settings: SettingsStore;
  accountChats: AccountChats;
  exchanger: Pick<ExchangerClient, "getVerification">;
  api: Pick<Api, "sendMessage">;
  i18n: I18n<FlowContext>;
  defaultLanguage: Language;
  logger: Logger;
  /** NOTIFY_MAX_RPS: verification read-backs share the watcher's exchanger budget. */
  maxRps: number;
  /** The watcher's "check this chat now". */
  checkChat(chatId: string): Promise<unknown>;
  /** Sends to the admin chats (operator/alerts.ts). */
  tellAdmins(text: string): Promise<void>;
  /** The security feed: the account blocked or unblocked is one of its notices (notify/account-events/). */
  accountEvents: Pick<AccountEvents, "publish">;
  onSent?: () => void;
}

export interface ExchangerEvents {
  route: ExtraRoute;
  ingest: EventIngest;
  alerts: PaceAlerts;
  /** Polling mode: its own port (EXCHANGER_WEBHOOK_PORT). */
  listen(): Promise<void>;
  /** Stops the port (when it listens) and the stop check; waits for the batches being worked through. */
  stop(): Promise<void>;
}

export function startExchangerEvents(input: EventsInput): ExchangerEvents {
  const { parts, kv, logger } = input;
  const log = logger.child({ component: "exchanger-webhook" });
  const notices = new ChatNotices({ ...input, logger: log });
  const ingest = new EventIngest({
    kv,
    logger: log,
    metrics: parts.metrics,
    tokens: parts.tokens,
    accountChats: input.accountChats,
    ownerOf: parts.ownerOf,
    checkChat: (chatId) =>
      input
        .checkChat(chatId)
        .catch((error: unknown) => log.warn({ chatId, err: String(error) }, "check failed")),
    verification: verificationChecks(input, notices, log),
    accountStates: new AccountStates(kv),
    accountStatusChanged: (accountId, active, at) =>
      input.accountEvents.publish(accountId, {
        kind: active ? "account-unblocked" : "account-blocked",
        at,
      }),
  });
  const alerts = new PaceAlerts({
    kv,
    pace: parts.pace,
    tellAdmins: input.tellAdmins,
    logger: log,
  });
  const route = exchangerWebhookRoute({
    ...parts.config,
    ingest,
    pace: parts.pace,
    alerts,
    metrics: parts.metrics,
    logger: log,
  });
  return running(input, { route, ingest, alerts }, log);
}

function verificationChecks(input: EventsInput, notices: ChatNotices, logger: Logger) {
  const budget = new SharedRateLimiter({
    kv: input.kv,
    name: "notify-exchanger",
    perSecond: input.maxRps,
  });
  return new VerificationChecks({
    ...input,
    notices,
    logger,
    permit: () => budget.acquire(Date.now() + 30_000),
  });
}

/** The stop check every few seconds, and the own port in polling mode. */
function running(
  input: EventsInput,
  made: Pick<ExchangerEvents, "route" | "ingest" | "alerts">,
  log: Logger,
): ExchangerEvents {
  const everyMs = Math.min(15_000, input.parts.config.intervalMs);
  const timer = setInterval(() => {
    made.alerts
      .check()
      .catch((error: unknown) => log.warn({ err: String(error) }, "webhook stop check failed"));
  }, everyMs);
  timer.unref();
  let server: Server | undefined;
  return {
    ...made,
    async listen() {
      server = createEventServer(made.route);
      await listen(
        server,
        input.parts.config.port,
        "EXCHANGER_WEBHOOK_PORT",
        "the exchanger's webhooks",
      );
    },
    async stop() {
      clearInterval(timer);
      if (server !== undefined)
        await new Promise<void>((resolve) => server!.close(() => resolve()));
      await made.ingest.idle();
    },
  };
}
