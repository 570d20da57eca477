/**
 * The order status watcher: polls get-orders for chats with notifications on and tells them what
 * changed. The User API has no events; the exchanger's webhooks (src/events/), when configured, only
 * say which chats to check now (checkNow: the same poll, due or not) and slow the polls to
 * reconciliation while their batches arrive (reconcile.ts).
 *
 * One tick: take the chats due now from the schedule (sorted sets; chats with an order in motion
 * first: schedule.ts), and for each one, under a per-chat lease (so that of several instances on one
 * Redis exactly one handles it) one poll, in five steps:
 *   load (settings, key, what was seen) → fetch the newest orders → diff with what was seen →
 *   announce the changes → commit (save, reschedule: soon while an order moves, rarely otherwise,
 *   more rarely for a chat idle for weeks).
 * An orders screen the user opens feeds the same state (shown.ts) and can count as the chat's poll. "Newest" whichever end the exchanger lists
 * first, as the /orders screens do (exchanger/newest-first.ts). Every exchanger request waits for a permit
 * of the shared NOTIFY_MAX_RPS limit; every Telegram message for one of the shared Telegram limit.
 *
 * Delivery: the state is saved after the messages went out, and only for the changes that did, so a
 * failed send is retried on the next poll. A crash between sending and saving can repeat that one
 * message; it can never lose one. Several instances never announce one change twice: the lease
 * covers poll → compare → send → save, and the lease is checked again right before sending.
 */
import { TickLoop } from "./tick-loop.js";
import { AccountChats } from "../storage/account-chats.js";
import { randomUUID } from "node:crypto";
import { GrammyError, type Api } from "grammy";
import type { I18n } from "@grammyjs/i18n";
import type { Language } from "../languages.js";
import type { AccountEvents, FlowContext } from "../bot/context.js";
import {
  CurrencyCache,
  Unauthorized,
  type ExchangerClient,
  type Order,
  OrderPages,
  isActiveStatus,
} from "../exchanger/index.js";
import {
  notifyPrefs,
  type ChatSettings,
  type NotifyPrefs,
  type SettingsStore,
} from "../storage/settings.js";
import type { Logger } from "../logger.js";
import { isRefusal } from "../telegram/refusals.js";
import type { KV } from "../storage/kv.js";
import type { Vault } from "../storage/vault.js";
import { messagesFor, type Translator } from "./messages.js";
import { translatorFor } from "./translator.js";
import { rememberNoticeOrders } from "../bot/features/orders/public.js";
import { SharedRateLimiter } from "./rate-limiter.js";
import {
  disableNotifications,
  dueChats,
  leaseKey,
  legacySeenKey,
  loadSeen,
  MOVING_KEY,
  pollInterval,
  reschedule,
  SCHEDULE_KEY,
} from "./schedule.js";
import { returnToUsualPace, scheduleNextPoll, type PollPace } from "./reconcile.js";
import { movingTokens, type SeenTokens } from "./seen-tokens.js";
import {
  compareOrders,
  dayOf,
  hasMoving,
  seenRecord,
  withAnnounced,
  type Comparison,
  type OrderChange,
  type SeenState,
} from "./seen.js";
import { loggedError } from "../log-error.js";

/**
 * Orders still moving (created, paid, suspended) that newer orders pushed off the page are read one by
 * one by id, so their next status is announced too; at most this many per poll keeps a poll bounded.
 */
const MAX_OFF_PAGE = 5;

export interface NotifierDeps {
  /** The bot's Api (createBot installs auto-retry for Telegram's 429 on it). */
  api: Api;
  /**
   * Only get-orders and the public currency list are used. Pass the key-checked client
   * (exchanger/key-check.ts, as app.ts builds it): then a key refused with HTTP 200 is Unauthorized here too.
   */
  exchanger: Pick<ExchangerClient, "getOrders" | "getCurrencies">;
  kv: KV;
  vault: Vault;
  settings: SettingsStore;
  logger: Logger;
  i18n: I18n<FlowContext>;
  defaultLanguage: Language;
  /** config.notify */
  notify: { intervalMs: number; idleIntervalMs: number; maxRps: number };
  /** Told of each notification Telegram accepted (the monitoring port counts them). */
  onSent?: () => void;
  /**
   * The order pages the screens read through (app.ts shares one per process: what the server is like
   * is learned once); without it the watcher reads `exchanger` with a profile of its own.
   */
  orders?: Pick<OrderPages, "page" | "find">;
  /** The security feed: a rejected key is told to the account's other chats. */
  accountEvents?: Pick<AccountEvents, "publish">;
  /**
   * With the exchanger's webhooks configured (src/events/): the index of order tokens the chats saw,
   * which each poll feeds with the orders in motion, and the pace that slows polls to reconciliation
   * while batches arrive (reconcile.ts). Without them the watcher polls exactly as before.
   */
  tokens?: SeenTokens;
  pace?: PollPace;
}

/** No exchanger permit within the wait: the chat stays due for the next tick. */
class NoPermit extends Error {}

/** How long a poll of the loop waits at a time while checks asked for now are running. */
const YIELD_STEP_MS = 50;
/** A check asked for while another poll held the chat is tried again after these pauses. */
const CHECK_RETRY_MS = [250, 1_000, 3_000];

export interface NotifierOptions {
  /** Clock of the schedule and the rate limits (tests and the bench move it forward instead of waiting). Default Date.now. */
  now?: () => number;
  /** Waits on that clock (the rate limits' waits, the gap between two messages to one chat). Default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** How often the loop looks for due chats. Default 1000 ms. */
  tickMs?: number;
  /** Due chats taken per tick. Default 100. */
  batchSize?: number;
  /** Chats polled at once by this instance (they queue for permits anyway). Default 2 × maxRps, ≤ 32. */
  concurrency?: number;
  /** Orders followed per poll (the newest ones; an oldest-first server costs a call or more: newest-first.ts). Default 20. */
  pageSize?: number;
  /** Notification messages per second across instances; Telegram allows 30 per bot, the rest is left for replies. Default 25. */
  telegramPerSecond?: number;
  /** Pause between two messages to one chat (Telegram: about one per second). Default 1000 ms. */
  perChatGapMs?: number;
  /** Longest a poll may hold a chat; longer than any poll can take. Default 5 min. */
  leaseMs?: number;
  /** Longest a poll waits for an exchanger permit before it leaves the chat for the next tick. Default 30 s. */
  permitWaitMs?: number;
}

/** What happened to one due chat (the tests and the debug log read these). */
export type PollOutcome =
  | "busy" // another instance holds the lease
  | "not-due" // another instance polled it meanwhile
  | "off" // notifications were switched off: dropped from the schedule
  | "unlinked" // no key any more (/logout): dropped silently
  | "throttled" // no exchanger permit in time: stays due
  | "baseline" // first poll: statuses recorded, nothing sent
  | "unchanged"
  | "notified"
  | "revoked" // the key was rejected: dropped, told once
  | "blocked" // the user blocked the bot: dropped
  | "failed"; // exchanger unavailable or error: retried at the normal interval

export interface TickReport {
  due: number;
  outcomes: Partial<Record<PollOutcome, number>>;
}

export class Notifier {
  readonly #deps: NotifierDeps;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #tickMs: number;
  readonly #batchSize: number;
  readonly #concurrency: number;
  readonly #pageSize: number;
  readonly #perChatGapMs: number;
  readonly #leaseMs: number;
  readonly #permitWaitMs: number;
  readonly #exchangerLimit: SharedRateLimiter;
  readonly #telegramLimit: SharedRateLimiter;
  /** Currency names for cards; its list requests go through the limit like get-orders. */
  readonly #currencies: CurrencyCache;
  readonly #orders: Pick<OrderPages, "page" | "find">;
  readonly #log: Logger;
  /** Checks asked for now (checkNow) in this process: the loop's polls let them take the permits first. */
  #urgent = 0;
  readonly #loop: TickLoop;

  constructor(deps: NotifierDeps, options: NotifierOptions = {}) {
    this.#deps = deps;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? sleep;
    this.#tickMs = options.tickMs ?? 1_000;
    this.#loop = new TickLoop(
      async () => ({ full: (await this.runOnce()).due >= this.#batchSize }),
      this.#tickMs,
      (error) => this.#log.warn({ err: loggedError(error) }, "notification tick failed"),
    );
    this.#batchSize = options.batchSize ?? 100;
    this.#concurrency = options.concurrency ?? Math.min(32, deps.notify.maxRps * 2);
    this.#pageSize = options.pageSize ?? 20;
    this.#perChatGapMs = options.perChatGapMs ?? 1_000;
    this.#leaseMs = options.leaseMs ?? 5 * 60_000;
    this.#permitWaitMs = options.permitWaitMs ?? 30_000;
    const clock = { now: this.#now, sleep: this.#sleep };
    this.#exchangerLimit = new SharedRateLimiter({
      kv: deps.kv,
      name: "notify-exchanger",
      perSecond: deps.notify.maxRps,
      ...clock,
    });
    this.#telegramLimit = new SharedRateLimiter({
      kv: deps.kv,
      name: "notify-telegram",
      perSecond: options.telegramPerSecond ?? 25,
      ...clock,
    });
    this.#log = deps.logger.child({ component: "notify" });
    this.#orders = deps.orders ?? OrderPages.ownOrdersOf(deps.exchanger);
    const limit = this.#exchangerLimit;
    const now = this.#now;
    this.#currencies = new CurrencyCache({
      async getCurrencies(language) {
        if (!(await limit.acquire(now() + 30_000)))
          throw new Error("no exchanger permit for the currency list");
        return deps.exchanger.getCurrencies(language);
      },
    });
  }

  /** One pass over the chats due now. Deterministic entry point for tests; the loop calls it too. */
  async runOnce(): Promise<TickReport> {
    const { pace, kv } = this.#deps;
    if (pace !== undefined && !(await pace.live()))
      await returnToUsualPace(kv, this.#now(), this.#batchSize);
    // Chats with an order in motion first (schedule.ts); within each group instances take different orders.
    const { moving, others } = await dueChats(this.#deps.kv, this.#now(), this.#batchSize);
    const due = [...shuffle(moving), ...shuffle(others)];
    const report: TickReport = { due: due.length, outcomes: {} };
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const chatId = due[next++]!;
        const outcome = await this.pollChat(chatId).catch((error: unknown) => {
          // Storage trouble and the like: the chat stays due and is tried again next tick.
          this.#log.warn({ chatId, err: loggedError(error) }, "notification poll failed");
          return "failed" as const;
        });
        report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.#concurrency, due.length) }, worker));
    return report;
  }

  /** Runs ticks until stop(); a tick that found a full batch is followed at once by the next. */
  start(): void {
    this.#loop.start();
  }

  /** Stops the loop; resolves when the work in flight has finished (its leases released). */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** Poll one chat if it is still due and no other instance holds it. */
  async pollChat(chatId: string): Promise<PollOutcome> {
    await this.#yieldToChecks(); // before taking the lease: a check may want this very chat
    return this.#pollUnderLease(chatId, false);
  }

  /**
   * Polls the chat now, due or not: an event of the exchanger's webhooks said one of its orders
   * changed. The same lease, diff and seen state as a poll, so the change is announced once whether
   * this check or a poll finds it, on any number of instances. When a poll holds the chat (it may
   * have read the orders before the change), the check waits for it and tries again; should the chat
   * stay busy, it is left due now, for the next tick.
   */
  async checkNow(chatId: string): Promise<PollOutcome> {
    this.#urgent++;
    try {
      for (const pause of [...CHECK_RETRY_MS, undefined]) {
        const outcome = await this.#pollUnderLease(chatId, true);
        if (outcome !== "busy") return outcome;
        if (pause !== undefined) await this.#sleep(pause);
      }
      const moving = (await this.#deps.kv.zscore(MOVING_KEY, chatId)) !== undefined;
      if ((await this.#deps.kv.zscore(SCHEDULE_KEY, chatId)) !== undefined)
        await reschedule(this.#deps.kv, chatId, this.#now(), moving);
      return "busy";
    } finally {
      this.#urgent--;
    }
  }

  async #pollUnderLease(chatId: string, force: boolean): Promise<PollOutcome> {
    const { kv } = this.#deps;
    const token = randomUUID();
    if (!(await kv.setIfAbsent(leaseKey(chatId), token, this.#leaseMs))) return "busy";
    try {
      return await this.#pollLeased(chatId, token, force);
    } finally {
      await kv.delIf(leaseKey(chatId), token);
    }
  }

  /** load → fetch → diff → announce → commit; each step either hands on or ends the poll with an outcome. */
  async #pollLeased(chatId: string, token: string, force: boolean): Promise<PollOutcome> {
    const chat = await this.#load(chatId, force);
    if (typeof chat === "string") return chat;
    const fetched = await this.#fetch(chat);
    if (fetched.kind !== "orders") return this.#fetchFailed(chat, fetched);
    await this.#deps.tokens?.record(chatId, movingTokens(fetched.orders));
    const diff = diffOrders(chat, fetched.orders, this.#now());
    const sent =
      diff.wanted.length > 0 ? await this.#announceLeased(chat, token, diff.wanted) : undefined;
    if (sent === "busy") return "busy"; // our lease ran out: the new holder will do it
    if (sent?.blocked) {
      await disableNotifications(this.#deps.kv, this.#deps.settings, chatId);
      return "blocked";
    }
    await this.#commit(chat, diff, sent?.announced);
    return pollOutcome(chat, diff, sent?.announced);
  }

  /**
   * What a poll starts from; an outcome instead when the chat is not to be polled now. A forced
   * check (checkNow) skips the due time, never the chat's choice: notifications off stay off.
   */
  async #load(chatId: string, force: boolean): Promise<LoadedChat | PollOutcome> {
    const { kv, vault, settings } = this.#deps;
    // The due list may be a moment old: another instance may have polled and rescheduled it.
    const dueAt = await kv.zscore(SCHEDULE_KEY, chatId);
    if (dueAt === undefined || (!force && dueAt > this.#now())) return "not-due";
    const chatSettings = await settings.get(chatId);
    const apiKey = chatSettings.notify ? await vault.get(chatId) : undefined;
    if (!chatSettings.notify || apiKey === undefined) {
      await disableNotifications(kv, settings, chatId);
      return chatSettings.notify ? "unlinked" : "off";
    }
    const { state: previous, legacy } = await loadSeen(kv, chatSettings, chatId);
    const language = chatSettings.lang ?? previous.lang ?? this.#deps.defaultLanguage;
    return { chatId, settings: chatSettings, apiKey, previous, legacy, language };
  }

  /** The newest page plus the moving orders it pushed off; every request waits for a permit of the shared limit. */
  async #fetch(chat: LoadedChat): Promise<Fetched> {
    const caller = { apiKey: chat.apiKey, language: chat.language };
    const gate = async () => {
      if (!(await this.#permit())) throw new NoPermit();
    };
    try {
      const newest = await this.#orders.page(
        caller,
        { list: "own", page: 1, size: this.#pageSize },
        gate,
      );
      const offPage = await this.#readOffPageActive(chat.previous, newest.items, caller);
      return offPage === undefined
        ? { kind: "throttled" }
        : { kind: "orders", orders: newest.items.concat(offPage) };
    } catch (error) {
      if (error instanceof NoPermit) return { kind: "throttled" };
      if (error instanceof Unauthorized) return { kind: "rejected" };
      return { kind: "failed", error };
    }
  }

  async #fetchFailed(
    chat: LoadedChat,
    fetched: Exclude<Fetched, { kind: "orders" }>,
  ): Promise<PollOutcome> {
    if (fetched.kind === "throttled") return "throttled"; // stays due: taken again next tick
    if (fetched.kind === "rejected") return this.#keyRejected(chat.chatId, chat.language);
    this.#log.info(
      { chatId: chat.chatId, err: loggedError(fetched.error) },
      "could not read orders; retrying later",
    );
    await reschedule(
      this.#deps.kv,
      chat.chatId,
      this.#now() + this.#deps.notify.intervalMs,
      hasMoving(chat.previous),
    );
    return "failed";
  }

  /** Sends the wanted changes while this poll still holds the chat's lease. */
  async #announceLeased(
    chat: LoadedChat,
    token: string,
    wanted: OrderChange[],
  ): Promise<Announced | "busy"> {
    if ((await this.#deps.kv.get(leaseKey(chat.chatId))) !== token) return "busy";
    return this.#announce(chat.chatId, chat.language, wanted, notifyPrefs(chat.settings));
  }

  /** Saves what was seen (the announced changes and the skipped kinds) and schedules the next poll. */
  async #commit(
    chat: LoadedChat,
    diff: Diff,
    announced: readonly OrderChange[] | undefined,
  ): Promise<void> {
    const { kv, settings } = this.#deps;
    const done =
      announced === undefined ? diff.comparison.changes : [...diff.skipped, ...announced];
    const seen = seenRecord(withAnnounced(chat.previous, diff.comparison, done));
    // Saved only if, since this poll read them, notifications stayed on and nobody reset what was
    // seen (switched off, or off and on: a fresh baseline). Other settings changes are kept.
    const seenAtStart = JSON.stringify(chat.settings.seen);
    await settings.change(chat.chatId, (current) =>
      current.notify === true && JSON.stringify(current.seen) === seenAtStart
        ? { ...current, seen }
        : undefined,
    );
    if (chat.legacy) await kv.del(legacySeenKey(chat.chatId));
    const moving = diff.comparison.active;
    const now = this.#now();
    const usualMs = pollInterval(
      this.#deps.notify,
      { moving, activeDay: diff.comparison.next.activeDay },
      now,
    );
    await scheduleNextPoll(kv, this.#deps.pace, { chatId: chat.chatId, moving, now, usualMs });
  }

  /** Sends the messages for the changes; stops at the first one Telegram did not take. */
  async #announce(
    chatId: string,
    language: Language,
    changes: OrderChange[],
    prefs: NotifyPrefs,
  ): Promise<Announced> {
    const tr = this.#translator(language);
    const [names, refs] = await Promise.all([
      this.#currencyNames(language),
      rememberNoticeOrders(
        this.#deps.kv,
        chatId,
        changes.map((change) => change.order),
      ),
    ]);
    const announced: OrderChange[] = [];
    let first = true;
    for (const message of messagesFor(tr, changes, names, refs)) {
      if (!first) await this.#sleep(this.#perChatGapMs);
      first = false;
      await this.#telegramLimit.acquire();
      try {
        await this.#deps.api.sendMessage(chatId, message.text, {
          link_preview_options: { is_disabled: true },
          ...(message.keyboard ? { reply_markup: message.keyboard } : {}),
          // Silent delivery, as the chat chose on /notify: the message arrives without sound.
          ...(prefs.quiet ? { disable_notification: true } : {}),
        });
        this.#deps.onSent?.();
        announced.push(...message.changes);
      } catch (error) {
        if (isRefusal(error, "blocked")) return { announced, blocked: true };
        if (error instanceof GrammyError && error.error_code === 400) {
          // Telegram refuses this message itself (e.g. chat gone): retrying would loop forever.
          this.#log.warn(
            { chatId, err: error.description },
            "notification refused by Telegram; skipped",
          );
          announced.push(...message.changes);
          continue;
        }
        this.#log.info(
          { chatId, err: loggedError(error) },
          "could not send a notification; retrying next poll",
        );
        break;
      }
    }
    return { announced, blocked: false };
  }

  /** The off-page orders still moving, each read by id; undefined when the request ceiling said wait. */
  async #readOffPageActive(
    previous: SeenState,
    page: readonly Order[],
    caller: { apiKey: string; language: Language },
  ): Promise<Order[] | undefined> {
    const onPage = new Set(page.map((order) => String(order.id)));
    const wanted = [...(previous.statuses ?? [])]
      .filter(([id, status]) => isActiveStatus(status) && !onPage.has(id))
      .map(([id]) => id)
      .slice(0, MAX_OFF_PAGE);
    const found: Order[] = [];
    for (const id of wanted) {
      if (!(await this.#permit())) return undefined;
      // An order that is gone (deleted) is simply no longer followed.
      const order = await this.#orders.find(caller, "own", { id });
      if (order !== undefined) found.push(order);
    }
    return found;
  }

  /**
   * A poll of the loop lets this process's checks asked for now (checkNow) go first: they answer an
   * event the customer is waiting on, and share the same permits. Bounded by the permit wait.
   */
  async #yieldToChecks(): Promise<void> {
    const until = this.#now() + this.#permitWaitMs;
    while (this.#urgent > 0 && this.#now() < until) await this.#sleep(YIELD_STEP_MS);
  }

  /** Waits for an exchanger permit of the shared limit; false when none came within permitWaitMs. */
  #permit(): Promise<boolean> {
    return this.#exchangerLimit.acquire(this.#now() + this.#permitWaitMs);
  }

  /** The key was revoked or changed: forget it (as the bot does on any rejected call), stop, say so once. */
  async #keyRejected(chatId: string, language: Language): Promise<PollOutcome> {
    const { kv, vault, settings } = this.#deps;
    const accountId = await new AccountChats(kv).unbind(chatId);
    await vault.unlink(chatId);
    await disableNotifications(kv, settings, chatId);
    this.#log.info({ chatId }, "key rejected; notifications stopped");
    await this.#telegramLimit.acquire();
    await this.#deps.api
      .sendMessage(chatId, this.#translator(language).t("notify-key-rejected"))
      .catch((error: unknown) =>
        this.#log.info(
          { chatId, err: loggedError(error) },
          "could not tell about the rejected key",
        ),
      );
    // The account's other chats hear it too (the security feed); this chat was told just above.
    if (accountId !== undefined)
      await this.#deps.accountEvents
        ?.publish(accountId, { kind: "key-stopped", at: this.#now(), fromChatId: chatId })
        .catch((error: unknown) =>
          this.#log.warn({ chatId, err: loggedError(error) }, "could not tell the account's chats"),
        );
    return "revoked";
  }

  async #currencyNames(language: Language): Promise<ReadonlyMap<string, string>> {
    try {
      return await this.#currencies.labels(language);
    } catch {
      return new Map(); // names are a nicety: cards show "#id" instead
    }
  }

  #translator(language: Language): Translator {
    return translatorFor(this.#deps.i18n, language);
  }
}

function shuffle<T>(items: T[]): T[] {
  // Instances take the same due list; different orders make them collide on fewer leases.
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A chat about to be polled: its settings, key, what was seen last and the language to write in. */
interface LoadedChat {
  chatId: string;
  settings: ChatSettings;
  apiKey: string;
  previous: SeenState;
  /** The state came from the previous version's key: deleted once saved in the settings. */
  legacy: boolean;
  language: Language;
}

type Fetched =
  | { kind: "orders"; orders: Order[] }
  | { kind: "throttled" }
  | { kind: "rejected" }
  | { kind: "failed"; error: unknown };

interface Announced {
  announced: OrderChange[];
  blocked: boolean;
}

/** A comparison split by the chat's choices: kinds it switched off are recorded as seen without a message (never announced later). */
interface Diff {
  comparison: Comparison;
  wanted: OrderChange[];
  skipped: OrderChange[];
}

function diffOrders(chat: LoadedChat, orders: readonly Order[], now: number): Diff {
  const comparison = compareOrders(chat.previous, orders);
  // The baseline or any change marks the chat active (schedule.ts polls chats idle for weeks less often);
  // state from before the mark starts counting now.
  const { previous } = chat;
  if (
    previous.statuses === undefined ||
    previous.activeDay === undefined ||
    comparison.changes.length > 0
  )
    comparison.next.activeDay = dayOf(now);
  const prefs = notifyPrefs(chat.settings);
  const wanted = comparison.changes.filter((change) =>
    change.kind === "new" ? prefs.newOrders : prefs.statusChanges,
  );
  return {
    comparison,
    wanted,
    skipped: comparison.changes.filter((change) => !wanted.includes(change)),
  };
}

/** The one place a completed poll's outcome is decided. */
function pollOutcome(
  chat: LoadedChat,
  diff: Diff,
  announced: readonly OrderChange[] | undefined,
): PollOutcome {
  if (chat.previous.statuses === undefined) return "baseline";
  if (diff.wanted.length === 0) return "unchanged";
  return announced !== undefined && announced.length > 0 ? "notified" : "failed";
}
