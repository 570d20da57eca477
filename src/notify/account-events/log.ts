/**
 * The security feed's record per exchanger account: its last MAX_EVENTS events, newest first, each
 * kept at most KEEP_MS. What happened, when, and from which chat — never a secret (a chat id opens
 * nothing). One value per account (`account:<id>:events`), written with a TTL of KEEP_MS from its
 * newest event: an account with no new event for 90 days leaves nothing behind.
 *
 * Two events of one account may be written at once (two chats, two instances): the read-modify-write
 * runs under a short per-account lock, so neither write undoes the other.
 */
import { randomUUID } from "node:crypto";
import { ACCOUNT_EVENT_KINDS, type AccountEventKind } from "../../storage/settings.js";
import { accountKey } from "../../storage/account-chats.js";
import type { KV } from "../../storage/kv.js";

export const MAX_EVENTS = 20;
export const KEEP_MS = 90 * 24 * 60 * 60 * 1000;
/** Longer than any append takes; a lock left by a crash is gone after this. */
const LOCK_MS = 3_000;
const LOCK_TRIES = 40;
const LOCK_PAUSE_MS = 25;

/** One event as the record keeps it. */
export interface LoggedEvent {
  kind: AccountEventKind;
  at: number;
  /** The chat it came from (Telegram chat id), when it came from a chat. */
  fromChatId?: string;
}

const eventsKey = (accountId: string) => accountKey(accountId, "events");

/** Stored compactly: {k, at, c}. Anything unreadable is dropped, never shown. */
function parse(raw: string | undefined): LoggedEvent[] {
  if (raw === undefined) return [];
  try {
    const items = JSON.parse(raw) as unknown;
    if (!Array.isArray(items)) return [];
    return items.flatMap((item: { k?: unknown; at?: unknown; c?: unknown }) =>
      ACCOUNT_EVENT_KINDS.includes(item?.k as AccountEventKind) && typeof item.at === "number"
        ? [
            {
              kind: item.k as AccountEventKind,
              at: item.at,
              ...(typeof item.c === "string" && { fromChatId: item.c }),
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

const sameEvent = (a: LoggedEvent, b: LoggedEvent) =>
  a.kind === b.kind && a.at === b.at && a.fromChatId === b.fromChatId;

const write = (events: readonly LoggedEvent[]) =>
  JSON.stringify(
    events.map((e) => ({ k: e.kind, at: e.at, ...(e.fromChatId && { c: e.fromChatId }) })),
  );

export class AccountEventLog {
  constructor(
    private readonly kv: KV,
    private readonly now: () => number = Date.now,
    private readonly pause: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** The account's events younger than KEEP_MS, newest first, at most MAX_EVENTS. */
  async recent(accountId: string): Promise<LoggedEvent[]> {
    return this.#fresh(parse(await this.kv.get(eventsKey(accountId))));
  }

  /**
   * Adds one event (kept in time order whatever order they arrive in); the same event again (its
   * kind, time and chat: published twice) is kept once.
   */
  async append(accountId: string, event: LoggedEvent): Promise<void> {
    const key = eventsKey(accountId);
    const lockKey = `${key}:lock`;
    const token = randomUUID();
    let locked = false;
    for (let i = 0; i < LOCK_TRIES && !locked; i++) {
      locked = await this.kv.setIfAbsent(lockKey, token, LOCK_MS);
      if (!locked) await this.pause(LOCK_PAUSE_MS);
    }
    // Without the lock (a writer stuck for seconds) the event is still written: one lost neighbour
    // is better than a lost event.
    try {
      const stored = parse(await this.kv.get(key));
      if (stored.some((e) => sameEvent(e, event))) return;
      const events = this.#fresh([event, ...stored]);
      if (events.length === 0) return;
      const newest = events[0]!.at;
      await this.kv.set(key, write(events), Math.max(1, newest + KEEP_MS - this.now()));
    } finally {
      if (locked) await this.kv.delIf(lockKey, token);
    }
  }

  #fresh(events: LoggedEvent[]): LoggedEvent[] {
    const oldest = this.now() - KEEP_MS;
    return events
      .filter((e) => e.at > oldest)
      .sort((a, b) => b.at - a.at)
      .slice(0, MAX_EVENTS);
  }
}
