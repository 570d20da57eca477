/**
 * Whether the exchanger's webhook batches are arriving, shared by every instance through the store:
 * `exhook:last` holds when the latest batch was taken (by any instance) and its events by kind —
 * counts only, never an event. Batches "arrive" while the latest came within LIVE_INTERVALS of the
 * scheduler's interval (EXCHANGER_WEBHOOK_INTERVAL_MS): then the watcher polls at the
 * reconciliation pace (notify/reconcile.ts), otherwise as before.
 */
import type { KV } from "../storage/kv.js";
import type { PollPace } from "../notify/reconcile.js";

export const LAST_BATCH_KEY = "exhook:last";
/** Batches count as arriving while the latest is at most this many scheduler intervals old. */
export const LIVE_INTERVALS = 3;
/** How long one instance trusts its last read of the record (the watcher asks on every poll). */
const CACHE_MS = 1_000;

export interface LastBatch {
  /** When it was taken (epoch ms). */
  at: number;
  /** Its events by kind ("order", "verification", "user", …, "other"). */
  events: Record<string, number>;
}

export interface PaceOptions {
  intervalMs: number;
  reconcileMs: number;
  now?: () => number;
}

export class WebhookPace implements PollPace {
  readonly reconcileMs: number;
  /** A batch older than this means batches stopped. */
  readonly windowMs: number;
  readonly #kv: KV;
  readonly #now: () => number;
  #cached: { read: number; last: LastBatch | undefined } | undefined;

  constructor(kv: KV, options: PaceOptions) {
    this.#kv = kv;
    this.reconcileMs = options.reconcileMs;
    this.windowMs = options.intervalMs * LIVE_INTERVALS;
    this.#now = options.now ?? Date.now;
  }

  async live(): Promise<boolean> {
    const last = await this.lastBatch(true);
    return last !== undefined && this.#now() - last.at <= this.windowMs;
  }

  /** The latest batch any instance took; `cached`: a read of the last second will do. */
  async lastBatch(cached = false): Promise<LastBatch | undefined> {
    const now = this.#now();
    if (cached && this.#cached !== undefined && now - this.#cached.read < CACHE_MS)
      return this.#cached.last;
    const last = readLastBatch(await this.#kv.get(LAST_BATCH_KEY));
    this.#cached = { read: now, last };
    return last;
  }

  /** Records a batch just taken; returns the one before it (undefined: the first ever). */
  async recordBatch(events: Record<string, number>): Promise<LastBatch | undefined> {
    const before = await this.lastBatch();
    const last: LastBatch = { at: this.#now(), events };
    await this.#kv.set(LAST_BATCH_KEY, JSON.stringify(last));
    this.#cached = { read: last.at, last };
    return before;
  }
}

function readLastBatch(raw: string | undefined): LastBatch | undefined {
  if (raw === undefined) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<LastBatch>;
    if (typeof value.at !== "number" || typeof value.events !== "object" || value.events === null)
      return undefined;
    return { at: value.at, events: value.events };
  } catch {
    return undefined;
  }
}
