/**
 * The one storage seam. Everything the bot persists goes through it: vault (encrypted keys),
 * conversation state (encrypted), per-chat settings, locks, notification state.
 *
 * Two backends: Redis (several instances) and an embedded file store (one instance, laptop).
 * Values are strings; callers encrypt or JSON-encode before storing.
 */
export interface KV {
  get(key: string): Promise<string | undefined>;
  /** Several values in one round trip (an update reads its chat's few keys together); same order as `keys`. */
  mget(keys: readonly string[]): Promise<(string | undefined)[]>;
  /** ttlMs: expire after that many milliseconds; omitted → keep forever. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Atomic: store only when the key is absent. true → this caller won (use as a lock). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Keys starting with prefix (for wiping a chat, key rotation, notify state). */
  keys(prefix: string): Promise<string[]>;
  /**
   * Optional compare-and-set: replace the value only while it still equals `expected`, keeping the
   * key's remaining TTL. Lets key rotation run beside a live bot without overwriting a value the
   * bot changed in the meantime. Both built-in backends implement it.
   */
  replaceIf?(key: string, expected: string, value: string): Promise<boolean>;
  /** Atomic compare-and-delete: deletes only while the value still equals `expected` (releasing a lease you hold). */
  delIf(key: string, expected: string): Promise<boolean>;
  /**
   * Atomic counter for short windows (shared rate limits): adds 1 and returns the new value; the key
   * expires ttlMs after the call that created it. The embedded store keeps counters in memory only
   * (it serves one process, and a counter is worthless after a few seconds anyway).
   */
  incr(key: string, ttlMs: number): Promise<number>;
  /** Sorted set (a schedule): adds `member` with `score`, or moves it there. Keys never expire. */
  zadd(key: string, member: string, score: number): Promise<void>;
  zrem(key: string, ...members: string[]): Promise<void>;
  zscore(key: string, member: string): Promise<number | undefined>;
  /** Members with score ≤ maxScore, lowest score first, at most `limit` of them. */
  zrangeByScore(key: string, maxScore: number, limit: number): Promise<string[]>;
  /**
   * Proves the store takes writes now (the health check; throws why not): Redis writes `probeKey`
   * with a short TTL — a Redis refusing writes (OOM under `noeviction`, a read-only replica) still
   * answers reads. The embedded store succeeds when its latest write to disk succeeded, and retries a
   * failed one: writing the whole file for every health check would let anyone who reaches the port
   * make the bot rewrite it continuously.
   */
  proveWritable(probeKey: string): Promise<void>;
  close(): Promise<void>;
}

/** Validates a TTL for both backends: Redis rejects PX 0 and fractions, so fail early and alike. */
export function ttlArg(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0)
    throw new RangeError("ttlMs must be a positive number of milliseconds");
  return Math.ceil(ttlMs);
}

/**
 * Writes `value` at `key` only while the stored value is still `raw` (deletes it when `value` is
 * undefined); false when it moved meanwhile. A first write (`raw` undefined) is unconditional: the
 * callers' values are created only by the chat's own updates, which are serialized.
 */
export async function compareAndSet(
  kv: KV,
  key: string,
  raw: string | undefined,
  value: string | undefined,
): Promise<boolean> {
  if (raw === undefined) {
    if (value !== undefined) await kv.set(key, value);
    return true;
  }
  if (value === undefined) return kv.delIf(key, raw);
  if (!kv.replaceIf) {
    await kv.set(key, value);
    return true;
  }
  return kv.replaceIf(key, raw, value);
}
