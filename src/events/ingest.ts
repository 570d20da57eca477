/**
 * What the bot does with a batch of the exchanger's webhooks, once read (batch.ts). An event is a
 * hint; the User API is the truth: no event's content is ever shown to anyone, it only says which
 * chats should look now, with their own key.
 *
 * - order (type 1): the chats that saw the order, found by its token (notify/seen-tokens.ts: any
 *   string of the row equal to a token a chat saw), else the chats of the order's owner where the
 *   order layout places the owner with certainty (`ownerOf`), get an immediate check through the
 *   watcher (its lease, diff and seen state: a change is announced once, whoever finds it);
 * - verification (type 2): candidate chats read their request back (verification-check.ts);
 * - user (type 0): the documented user object's id and state (user-status.ts); a real change of
 *   blocked ↔ active (account-state.ts) goes to the account status sink.
 *
 * Each event is taken once: its hash (never the event) is kept a while, so a repeated batch or an
 * event sent twice changes nothing and costs nothing. Batches are worked through one at a time in
 * the background (the exchanger's request is answered at once); a backlog beyond MAX_BACKLOG is
 * refused, and what it held is caught by reconciliation. Nothing here logs or stores an event.
 */
import { createHash } from "node:crypto";
import type { Logger } from "../logger.js";
import type { SeenTokens } from "../notify/seen-tokens.js";
import type { AccountChats } from "../storage/account-chats.js";
import type { KV } from "../storage/kv.js";
import type { AccountStates } from "./account-state.js";
import type { Batch, EventRow, HandledKind } from "./batch.js";
import type { EventMetrics } from "./metrics.js";
import { readUserStatus } from "./user-status.js";
import { candidateAccounts, type VerificationChecks } from "./verification-check.js";
import { loggedError } from "../log-error.js";

/** The owner's user id where the order layout places it with certainty; undefined otherwise. */
export type OwnerOf = (row: readonly unknown[]) => string | undefined;

/** What the ingest calls when an account's state changed: the security feed's blocked / unblocked notice. */
export type AccountStatusSink = (accountId: string, active: boolean, at: number) => Promise<void>;

export interface IngestDeps {
  kv: KV;
  logger: Logger;
  metrics: EventMetrics;
  tokens: Pick<SeenTokens, "chatsOf">;
  accountChats: Pick<AccountChats, "chatsOf">;
  ownerOf: OwnerOf;
  /** The watcher's "check this chat now" (Notifier.checkNow). */
  checkChat(chatId: string): Promise<unknown>;
  verification: Pick<VerificationChecks, "check">;
  accountStates: Pick<AccountStates, "change">;
  accountStatusChanged: AccountStatusSink;
  now?: () => number;
}

/** An event is recognised as a repeat for this long (the exchanger documents no retry; a repeat comes soon). */
const SEEN_EVENT_TTL_MS = 6 * 60 * 60_000;
/** Batches waiting to be worked through at most. */
const MAX_BACKLOG = 20;
/** Chats checked at once (they queue for the watcher's permits anyway). */
const CONCURRENCY = 8;
/** Chats one order event may ask to check (an account's chats; a token's are fewer). */
const MAX_CHATS_PER_EVENT = 100;

/** The chats one batch asks to check, each once however many of its events name it. */
interface Asks {
  orders: Set<string>;
  verification: Set<string>;
}

export class EventIngest {
  readonly #deps: IngestDeps;
  readonly #now: () => number;
  readonly #backlog: Batch[] = [];
  #running: Promise<void> | undefined;

  constructor(deps: IngestDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  /** Queues a batch; false when the backlog is full (the batch is dropped). */
  accept(batch: Batch): boolean {
    if (this.#backlog.length >= MAX_BACKLOG) return false;
    this.#backlog.push(batch);
    this.#running ??= this.#drain().finally(() => (this.#running = undefined));
    return true;
  }

  /** Resolves once every accepted batch has been worked through (tests, shutdown, the bench). */
  async idle(): Promise<void> {
    while (this.#running !== undefined) await this.#running;
  }

  async #drain(): Promise<void> {
    for (let batch = this.#backlog.shift(); batch; batch = this.#backlog.shift())
      await this.process(batch).catch((error: unknown) =>
        this.#deps.logger.warn({ err: loggedError(error) }, "a webhook batch failed midway"),
      );
  }

  /** Works one batch through: every event routed, then the chats' checks. */
  async process(batch: Batch): Promise<void> {
    const asks: Asks = { orders: new Set(), verification: new Set() };
    for (const event of batch.events) await this.#take(event, asks);
    const { checkChat, verification, metrics } = this.#deps;
    await runAll([...asks.orders], (chatId) => checkChat(chatId));
    await runAll([...asks.verification], async (chatId) => {
      if ((await verification.check(chatId)) === "miss") metrics.verificationMiss();
    });
  }

  async #take(event: { kind: HandledKind; row: EventRow }, asks: Asks): Promise<void> {
    const { kind, row } = event;
    try {
      if (!(await this.#firstTime(kind, row))) return this.#deps.metrics.event(kind, "repeated");
      if (kind === "order") return await this.#order(row, asks.orders);
      if (kind === "verification") return await this.#verification(row, asks.verification);
      return await this.#user(row);
    } catch (error) {
      // The store failing midway: this event is left to reconciliation; the others go on.
      this.#deps.logger.warn(
        { kind, err: loggedError(error) },
        "a webhook event could not be taken",
      );
    }
  }

  /** True the first time this exact event is taken, on any instance. */
  async #firstTime(kind: HandledKind, row: EventRow): Promise<boolean> {
    const hash = createHash("sha256").update(kind).update(JSON.stringify(row)).digest("base64url");
    return this.#deps.kv.setIfAbsent(`exhook:ev:${hash.slice(0, 27)}`, "1", SEEN_EVENT_TTL_MS);
  }

  async #order(row: EventRow, asks: Set<string>): Promise<void> {
    const { tokens, ownerOf, accountChats, metrics } = this.#deps;
    let chats = await tokens.chatsOf(row);
    if (chats.length === 0) {
      const owner = ownerOf(row);
      if (owner !== undefined) chats = await accountChats.chatsOf(owner);
    }
    for (const chatId of chats.slice(0, MAX_CHATS_PER_EVENT)) asks.add(chatId);
    metrics.event("order", chats.length > 0 ? "routed" : "unmatched");
  }

  async #verification(row: EventRow, asks: Set<string>): Promise<void> {
    const { accounts, more } = await candidateAccounts(this.#deps.accountChats, row);
    if (more) this.#deps.metrics.candidatesDropped();
    for (const chats of accounts.values()) for (const chatId of chats) asks.add(chatId);
    this.#deps.metrics.event("verification", accounts.size > 0 ? "routed" : "unmatched");
  }

  async #user(row: EventRow): Promise<void> {
    const { accountChats, accountStates, accountStatusChanged, metrics } = this.#deps;
    const status = readUserStatus(row);
    if (status === undefined) return metrics.event("user", "unreadable");
    // An account no chat is linked to is nobody's news: nothing is recorded for it.
    if ((await accountChats.chatsOf(status.accountId)).length === 0)
      return metrics.event("user", "unmatched");
    const at = this.#now();
    if (!(await accountStates.change(status.accountId, status.active, at)))
      return metrics.event("user", "unchanged");
    await accountStatusChanged(status.accountId, status.active, at);
    metrics.event("user", "routed");
  }
}

/** Runs `work` for every item, CONCURRENCY at a time; a failure is the item's own (logged by it). */
async function runAll<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!).catch(() => undefined);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}
