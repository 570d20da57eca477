/**
 * The rate-alert watcher: reads each watched direction once per RATE_ALERT_INTERVAL_MS — one read
 * shared by every subscriber and every instance — and tells the chats whose alert the rate crossed.
 *
 * One tick takes the pairs due now (storage/rate-alerts.ts); for each, under a lease in the store (SET
 * NX PX, so of several instances exactly one reads it) and only while it is still due (another
 * instance may have read it a moment ago): one public get-exchange, the result saved for everyone
 * (screens show it instead of reading again), the next read scheduled one interval on, then the
 * alerts the rate crossed — found by two range queries on the pair's indexes, not by looking at every
 * subscriber — judged on their records (rate-alert-rules.ts) and told.
 *
 * A chat is told once per crossing: the record's change (armed → told, or a new anchor) is a
 * compare-and-set, and only the instance holding the pair's lease makes it. A message Telegram did not
 * take for a passing reason puts the alert back as it was, so the next read tells it again; a chat
 * that blocked the bot loses its alerts.
 */
import { TickLoop } from "../tick-loop.js";
import { randomUUID } from "node:crypto";
import type { Language } from "../../languages.js";
import type { ExchangerClient } from "../../exchanger/index.js";
import type { Logger } from "../../logger.js";
import type { KV } from "../../storage/kv.js";
import {
  judge,
  leaseKey,
  memberParts,
  pairReadOf,
  type PairRead,
  type RateAlert,
  type RateAlertStore,
} from "../../storage/rate-alerts.js";
import type { NoticeOutcome } from "../../bot/context.js";
import { loggedError } from "../../log-error.js";

/** One fired alert, for the chat it belongs to. */
export interface FiredAlert {
  chatId: string;
  language: Language;
  /** The alert as it was when the rate crossed it (its target, its anchor). */
  alert: RateAlert;
  /** The rate number read now. */
  value: string;
}

export interface RateAlertWatcherDeps {
  store: RateAlertStore;
  kv: KV;
  /** Only the public get-exchange is used: no key, no account. */
  exchanger: Pick<ExchangerClient, "getExchange">;
  logger: Logger;
  /** The language the direction is read in (the rate is the same in every language). */
  language: Language;
  /** Sends one alert's message (notices.ts); says whether Telegram took it. */
  tell(fired: FiredAlert): Promise<NoticeOutcome>;
}

export interface RateAlertWatcherOptions {
  /** The clock (tests move it instead of waiting). Default Date.now. */
  now?: () => number;
  /** How often the loop looks for due pairs. Default 1000 ms. */
  tickMs?: number;
  /** Pairs taken per tick. Default 100. */
  batchSize?: number;
  /** Pairs read at once by this instance. Default 4. */
  concurrency?: number;
  /** Longest one pair's read and messages may hold it. Default 2 min. */
  leaseMs?: number;
}

/** What happened to one due pair. */
export type PairOutcome = "busy" | "not-due" | "unknown" | "read" | "no-rate" | "failed";

export interface RateTickReport {
  due: number;
  outcomes: Partial<Record<PairOutcome, number>>;
  /** Alerts told in this tick. */
  told: number;
}

export class RateAlertWatcher {
  readonly #deps: RateAlertWatcherDeps;
  readonly #now: () => number;
  readonly #tickMs: number;
  readonly #batchSize: number;
  readonly #concurrency: number;
  readonly #leaseMs: number;
  readonly #log: Logger;
  readonly #loop: TickLoop;

  constructor(deps: RateAlertWatcherDeps, options: RateAlertWatcherOptions = {}) {
    this.#deps = deps;
    this.#now = options.now ?? Date.now;
    this.#tickMs = options.tickMs ?? 1_000;
    this.#loop = new TickLoop(
      async () => ({ full: (await this.runOnce()).due >= this.#batchSize }),
      this.#tickMs,
      (error) => this.#log.warn({ err: loggedError(error) }, "rate alert tick failed"),
    );
    this.#batchSize = options.batchSize ?? 100;
    this.#concurrency = options.concurrency ?? 4;
    this.#leaseMs = options.leaseMs ?? 2 * 60_000;
    this.#log = deps.logger.child({ component: "rate-alerts" });
  }

  /** One pass over the pairs due now. Deterministic entry point for tests; the loop calls it too. */
  async runOnce(): Promise<RateTickReport> {
    const due = await this.#deps.store.duePairs(this.#now(), this.#batchSize);
    const report: RateTickReport = { due: due.length, outcomes: {}, told: 0 };
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const pair = due[next++]!;
        const { outcome, told } = await this.readPair(pair).catch((error: unknown) => {
          this.#log.warn({ pair, err: loggedError(error) }, "rate alert read failed");
          return { outcome: "failed" as const, told: 0 };
        });
        report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
        report.told += told;
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

  /** Reads one pair if it is still due and no other instance holds it, and tells what it crossed. */
  async readPair(pair: string): Promise<{ outcome: PairOutcome; told: number }> {
    const { kv, store } = this.#deps;
    const token = randomUUID();
    if (!(await kv.setIfAbsent(leaseKey(pair), token, this.#leaseMs)))
      return { outcome: "busy", told: 0 };
    try {
      if (!(await store.isDue(pair, this.#now()))) return { outcome: "not-due", told: 0 };
      const known = await store.pairRead(pair);
      if (known?.slug === undefined) {
        await store.unwatchIfIdle(pair);
        return { outcome: "unknown", told: 0 };
      }
      const read = await this.#read(pair, known.slug);
      if (read.value === undefined)
        return { outcome: read.problem ? "no-rate" : "failed", told: 0 };
      return { outcome: "read", told: await this.#judgeAll(pair, read.value) };
    } finally {
      await kv.delIf(leaseKey(pair), token);
    }
  }

  /** The one read of this interval: saved for everyone, the next one scheduled. */
  async #read(pair: string, slug: string): Promise<PairRead> {
    const { store } = this.#deps;
    const at = this.#now();
    await store.reschedule(pair, at + store.intervalMs);
    try {
      const direction = await this.#deps.exchanger.getExchange(this.#deps.language, slug);
      const read = pairReadOf(direction, slug, at);
      await store.saveRead(pair, read);
      return read;
    } catch (error) {
      this.#log.info({ pair, err: loggedError(error) }, "could not read a direction's rate");
      return { slug };
    }
  }

  /** Every alert the rate may have crossed, chat by chat. */
  async #judgeAll(pair: string, value: string): Promise<number> {
    const byChat = new Map<string, string[]>();
    for (const who of await this.#deps.store.candidates(pair, value)) {
      const { chatId, alertId } = memberParts(who);
      byChat.set(chatId, [...(byChat.get(chatId) ?? []), alertId]);
    }
    let told = 0;
    for (const [chatId, ids] of byChat) told += await this.#judgeChat(pair, chatId, ids, value);
    return told;
  }

  /** One chat's crossed alerts: their records changed at once, then each told. */
  async #judgeChat(pair: string, chatId: string, ids: string[], value: string): Promise<number> {
    const { store } = this.#deps;
    let fired: RateAlert[] = [];
    let changed: RateAlert[] = [];
    const after = await store.change(chatId, (current) => {
      fired = [];
      changed = [];
      const alerts = current.alerts.map((alert) => {
        if (!ids.includes(alert.id)) return alert;
        const verdict = judge(alert, value, this.#now());
        if (verdict.act === "none") return alert;
        if (verdict.act === "fire") fired.push(alert);
        changed.push(verdict.next);
        return verdict.next;
      });
      return changed.length === 0 ? undefined : { ...current, alerts };
    });
    const present = new Set(after.alerts.map((a) => a.id));
    const gone = ids.filter((i) => !present.has(i));
    for (const id of gone) await store.forget(pair, `${chatId}:${id}`);
    if (gone.length > 0) await store.unwatchIfIdle(pair);
    for (const alert of changed) await store.place(chatId, alert);
    const language = after.lang ?? this.#deps.language;
    let told = 0;
    for (const alert of fired) {
      const outcome = await this.#deps.tell({ chatId, language, alert, value });
      if (outcome === "sent") told++;
      else if (outcome === "blocked") return told + (await this.#dropChat(chatId));
      else await this.#putBack(chatId, alert, after.lang ?? language);
    }
    return told;
  }

  /** A message that did not go out: the alert as it was, so the next read tells it again. */
  async #putBack(chatId: string, alert: RateAlert, language: Language): Promise<void> {
    if (await this.#deps.store.replace(chatId, alert, language)) return;
    this.#log.info({ chatId }, "an alert that could not be told was deleted meanwhile");
  }

  /** The user blocked the bot: nobody to tell, so nothing to watch for them. */
  async #dropChat(chatId: string): Promise<number> {
    const alerts = await this.#deps.store.dropChat(chatId);
    this.#log.info({ chatId, alerts }, "bot blocked: the chat's rate alerts deleted");
    return 0;
  }
}
