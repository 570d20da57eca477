/**
 * The store work every arriving update needs, in ONE round trip (README, "Security" and "Performance"):
 *  - once: remember the update_id (TTL) and report a repeat — Telegram redelivers webhook updates when
 *    the answer was slow or failed, and getUpdates can repeat one after a crash;
 *  - budget: spend one token of the chat's budget (each update makes at most a few exchanger calls,
 *    so this bounds what one chat costs the exchanger), shared by every instance on the same Redis;
 *  - read: the chat's values read ahead (chat-snapshot.ts).
 *
 * Redis: the three commands go out on a dedicated connection with ioredis auto-pipelining, issued in
 * the same tick, so they leave in one write and their answers come back together. The embedded store
 * serves one process: the same three steps run in memory (the update id also reaches the file).
 *
 * An update is marked as seen when it arrives, not when it was handled: a crash in the middle then
 * loses that update rather than running it twice (at-most-once suits money actions).
 */
import type { Redis } from "ioredis";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { KV } from "../../storage/kv.js";
import { closeRedis } from "../../storage/redis-connection.js";
import { consumeOrWait, createLimiter, type LimiterStore } from "./limiter.js";

/** How long an update_id is remembered. Telegram retries a webhook delivery within minutes. */
export const UPDATE_MEMORY_MS = 30 * 60_000;

/**
 * Each chat may start this many updates per window; more are refused with "slow down". `points` is the
 * default of CHAT_UPDATES_PER_MINUTE: a person tapping through screens stays well below it.
 */
export const CHAT_BUDGET = { points: 30, durationSec: 60 };

export interface GatePass {
  /** True: this update_id was seen before (a redelivery): do nothing. */
  repeated: boolean;
  /** 0 within the chat's budget, else ms until the chat may continue. */
  waitMs: number;
  /** The requested keys' values, in order. */
  values: (string | undefined)[];
}

export interface UpdateGate {
  pass(updateId: number, chatId: number, keys: readonly string[]): Promise<GatePass>;
  close(): Promise<void>;
}

const onceKey = (updateId: number) => `upd:${updateId}`;
const BUDGET = "cb";

/**
 * `kv` is the embedded store when `store` is memory (the Redis gate talks to Redis directly).
 * `updatesPerMinute`: the chat budget (CHAT_UPDATES_PER_MINUTE).
 */
export function createUpdateGate(store: LimiterStore, kv: KV, updatesPerMinute = CHAT_BUDGET.points): UpdateGate {
  const budget = { points: updatesPerMinute, durationSec: CHAT_BUDGET.durationSec };
  return store.kind === "redis" ? redisGate(store.redis, store.prefix, budget) : memoryGate(kv, budget);
}

type Budget = typeof CHAT_BUDGET;

function budgetLimiter(store: LimiterStore, budget: Budget): RateLimiterAbstract {
  return createLimiter(store, { name: BUDGET, ...budget });
}

function redisGate(shared: Redis, prefix: string, limits: Budget): UpdateGate {
  const redis = shared.duplicate({ enableAutoPipelining: true, connectionName: "update-gate" });
  // The shared connection logs Redis outages; this one only fails its commands (load-chat copes).
  redis.on("error", () => undefined);
  const budget = budgetLimiter({ kind: "redis", redis, prefix }, limits);
  return {
    async pass(updateId, chatId, keys) {
      // No await between these three calls: auto-pipelining sends them in one write.
      const [first, waitMs, values] = await Promise.all([
        redis.set(prefix + onceKey(updateId), "1", "PX", UPDATE_MEMORY_MS, "NX"),
        consumeOrWait(budget, String(chatId)),
        keys.length > 0 ? redis.mget(keys.map((k) => prefix + k)) : Promise.resolve([]),
      ]);
      return { repeated: first !== "OK", waitMs, values: values.map((v) => v ?? undefined) };
    },
    async close() {
      await closeRedis(redis);
    },
  };
}

function memoryGate(kv: KV, limits: Budget): UpdateGate {
  const budget = budgetLimiter({ kind: "memory" }, limits);
  return {
    async pass(updateId, chatId, keys) {
      const [first, waitMs, values] = await Promise.all([
        kv.setIfAbsent(onceKey(updateId), "1", UPDATE_MEMORY_MS),
        consumeOrWait(budget, String(chatId)),
        kv.mget(keys),
      ]);
      return { repeated: !first, waitMs, values };
    },
    async close() {},
  };
}
