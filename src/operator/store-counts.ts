/**
 * Linked chats and notification subscribers, counted in the store (so every instance reports the
 * same, shared numbers), at most once per `maxAgeMs` however often Prometheus scrapes or admins ask.
 *
 * Redis: subscribers are ZCARD of the watcher's schedule (one command; its key is handed in by the
 * app, so the operator side does not reach into notify/); linked chats are a SCAN that
 * only counts matching keys, 1000 at a time, never holding them. The embedded store is in memory.
 * A count that fails or takes longer than `timeoutMs` is reported as unknown (the last good one is
 * kept by the caller), never as zero.
 */
import type { KV } from "../storage/kv.js";
import { escapeGlob, RedisKV } from "../storage/kv-redis.js";
import { vaultKey } from "../storage/vault.js";

export interface StoreCountsValue {
  linkedChats: number;
  subscribers: number;
}

export interface StoreCountsOptions {
  maxAgeMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

// The vault's own key shape, split around the chat id: "chat:" + id + ":key".
const [VAULT_HEAD, VAULT_TAIL] = vaultKey("\0").split("\0") as [string, string];

export class StoreCounts {
  readonly #kv: KV;
  readonly #scheduleKey: string;
  readonly #maxAgeMs: number;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  #last: { at: number; value: StoreCountsValue } | undefined;
  #running: Promise<StoreCountsValue | undefined> | undefined;

  /** `scheduleKey`: the watcher's sorted set of subscribed chats. */
  constructor(kv: KV, scheduleKey: string, options: StoreCountsOptions = {}) {
    this.#kv = kv;
    this.#scheduleKey = scheduleKey;
    this.#maxAgeMs = options.maxAgeMs ?? 60_000;
    this.#timeoutMs = options.timeoutMs ?? 5_000;
    this.#now = options.now ?? Date.now;
  }

  /** The counts, at most maxAgeMs old; undefined when the store could not be counted. */
  async get(): Promise<StoreCountsValue | undefined> {
    if (this.#last && this.#now() - this.#last.at < this.#maxAgeMs) return this.#last.value;
    // Concurrent scrapes share one count.
    this.#running ??= this.#count().finally(() => (this.#running = undefined));
    return this.#running;
  }

  async #count(): Promise<StoreCountsValue | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>(
      (resolve) => (timer = setTimeout(() => resolve(undefined), this.#timeoutMs)),
    );
    try {
      const value = await Promise.race([this.#read(), timeout]);
      if (value !== undefined) this.#last = { at: this.#now(), value };
      return value;
    } catch {
      return undefined; // the store is down: /healthz says so; a count is simply unknown meanwhile
    } finally {
      clearTimeout(timer);
    }
  }

  async #read(): Promise<StoreCountsValue> {
    const kv = this.#kv;
    if (kv instanceof RedisKV) {
      const [linkedChats, subscribers] = await Promise.all([
        countRedis(kv),
        kv.redis.zcard(kv.prefix + this.#scheduleKey),
      ]);
      return { linkedChats, subscribers };
    }
    const keys = await kv.keys(VAULT_HEAD);
    const linkedChats = keys.filter(
      (key) => key.endsWith(VAULT_TAIL) && key.length > VAULT_HEAD.length + VAULT_TAIL.length,
    ).length;
    const subscribers = (
      await kv.zrangeByScore(this.#scheduleKey, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER)
    ).length;
    return { linkedChats, subscribers };
  }
}

async function countRedis(kv: RedisKV): Promise<number> {
  const pattern = escapeGlob(kv.prefix + VAULT_HEAD) + "*" + escapeGlob(VAULT_TAIL);
  let count = 0;
  let cursor = "0";
  do {
    const [next, batch] = await kv.redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
    count += batch.length; // SCAN may repeat a key during a rehash: a rare off-by-a-few is fine for a gauge
    cursor = next;
  } while (cursor !== "0");
  return count;
}
