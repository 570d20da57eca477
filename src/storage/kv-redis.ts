/**
 * KV over ioredis. Several bot instances may share one Redis, so every operation maps to a single
 * atomic Redis command (or a Lua script) — no read-modify-write races in this process.
 *
 * The global prefix is applied here rather than through ioredis' `keyPrefix` option: ioredis does
 * not apply `keyPrefix` to SCAN patterns, and the conversation adapter shares the raw client.
 */
import type { Redis } from "ioredis";
import { ttlArg, type KV } from "./kv.js";
import { closeRedis } from "./redis-connection.js";

// Replace only while the value is unchanged; KEEPTTL (Redis ≥ 6) preserves the expiry.
// (SET ... IFEQ would do this natively but needs Redis ≥ 8.4.)
const REPLACE_IF = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL') return 1 end return 0`;

// Delete only our own value (a lease another instance took after ours expired stays).
const DEL_IF = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
// INCR and PEXPIRE in one step, so a counter can never be left without its expiry.
const INCR_WITH_TTL = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n`;

const SCAN_COUNT = 500;

export interface RedisKVOptions {
  redis: Redis;
  /** Prepended to every key, e.g. "xbot:". */
  prefix?: string;
  /** close() quits the client too (when this KV owns it). Default false. */
  ownsClient?: boolean;
}

/** Escapes Redis glob metacharacters so a literal prefix matches only itself in SCAN MATCH. */
export function escapeGlob(s: string): string {
  return s.replace(/[*?[\]\\]/g, "\\$&");
}

export class RedisKV implements KV {
  readonly redis: Redis;
  readonly prefix: string;
  readonly #ownsClient: boolean;

  constructor({ redis, prefix = "", ownsClient = false }: RedisKVOptions) {
    this.redis = redis;
    this.prefix = prefix;
    this.#ownsClient = ownsClient;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.prefix + key)) ?? undefined;
  }

  async mget(keys: readonly string[]): Promise<(string | undefined)[]> {
    if (keys.length === 0) return [];
    return (await this.redis.mget(keys.map((k) => this.prefix + k))).map(
      (value) => value ?? undefined,
    );
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) await this.redis.set(this.prefix + key, value);
    else await this.redis.set(this.prefix + key, value, "PX", ttlArg(ttlMs));
  }

  async proveWritable(probeKey: string): Promise<void> {
    await this.redis.set(this.prefix + probeKey, String(Date.now()), "PX", 10_000);
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys.map((k) => this.prefix + k));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, value, "PX", ttlArg(ttlMs), "NX")) === "OK";
  }

  async keys(prefix: string): Promise<string[]> {
    const pattern = escapeGlob(this.prefix + prefix) + "*";
    const found = new Set<string>(); // SCAN may return a key more than once.
    let cursor = "0";
    do {
      const [next, batch] = await this.redis.scan(cursor, "MATCH", pattern, "COUNT", SCAN_COUNT);
      for (const k of batch) found.add(k.slice(this.prefix.length));
      cursor = next;
    } while (cursor !== "0");
    return [...found];
  }

  async replaceIf(key: string, expected: string, value: string): Promise<boolean> {
    return (await this.redis.eval(REPLACE_IF, 1, this.prefix + key, expected, value)) === 1;
  }

  async delIf(key: string, expected: string): Promise<boolean> {
    return (await this.redis.eval(DEL_IF, 1, this.prefix + key, expected)) === 1;
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    return Number(await this.redis.eval(INCR_WITH_TTL, 1, this.prefix + key, ttlArg(ttlMs)));
  }

  async zadd(key: string, member: string, score: number): Promise<void> {
    await this.redis.zadd(this.prefix + key, score, member);
  }

  async zrem(key: string, ...members: string[]): Promise<void> {
    if (members.length > 0) await this.redis.zrem(this.prefix + key, ...members);
  }

  async zscore(key: string, member: string): Promise<number | undefined> {
    const score = await this.redis.zscore(this.prefix + key, member);
    return score === null ? undefined : Number(score);
  }

  async zrangeByScore(key: string, maxScore: number, limit: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.prefix + key, "-inf", maxScore, "LIMIT", 0, limit);
  }

  async close(): Promise<void> {
    if (this.#ownsClient) await closeRedis(this.redis);
  }
}
