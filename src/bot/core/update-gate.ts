/**
 * The store work every arriving update needs, in ONE round trip (README, "Security" and "Performance"):
 *  - once: remember the update_id (TTL) and report a repeat — Telegram redelivers webhook updates when
 *    the answer was slow or failed, and getUpdates can repeat one after a crash;
 *  - budget: spend one token of the chat's budget (each update makes at most a few exchanger calls,
 *    so this bounds what one chat costs the exchanger), shared by every instance on the same Redis;
 *  - read: the chat's values read ahead (chat-snapshot.ts).
 *
 * An album is one action: the messages of one media group spend one token together (the first to
 * arrive spends it; the others share its verdict, refused while the chat's budget is spent). Only
 * Telegram's own album size (10) is free: an eleventh item of one group pays like any update. Album
 * items take a second round trip (the shared count decides whether to spend); nothing else does.
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
  /** `mediaGroupId`: the message's media_group_id (an album's item). */
  pass(
    updateId: number,
    chatId: number,
    keys: readonly string[],
    mediaGroupId?: string,
  ): Promise<GatePass>;
  close(): Promise<void>;
}

const onceKey = (updateId: number) => `upd:${updateId}`;
const BUDGET = "cb";

/** Items of one media group Telegram sends at most: these share one token. */
export const ALBUM_MAX_ITEMS = 10;
/** How long an album's item count is kept: its items arrive within seconds, a backlog within minutes. */
const ALBUM_MEMORY_MS = 10 * 60_000;
const albumKey = (chatId: number, mediaGroupId: string) => `alb:${chatId}:${mediaGroupId}`;

/**
 * ms to wait for an update that is item `n` (1-based) of an album: the first item and any beyond
 * Telegram's album size spend a token; the others only look whether the chat's budget is spent.
 */
async function albumItemWait(
  budget: RateLimiterAbstract,
  chatId: number,
  n: number,
): Promise<number> {
  if (n === 1 || n > ALBUM_MAX_ITEMS) return consumeOrWait(budget, String(chatId));
  const state = await budget.get(String(chatId));
  return state !== null && state.consumedPoints > budget.points
    ? Math.max(1, state.msBeforeNext)
    : 0;
}

/**
 * `kv` is the embedded store when `store` is memory (the Redis gate talks to Redis directly).
 * `updatesPerMinute`: the chat budget (CHAT_UPDATES_PER_MINUTE).
 */
export function createUpdateGate(
  store: LimiterStore,
  kv: KV,
  updatesPerMinute = CHAT_BUDGET.points,
): UpdateGate {
  const budget = { points: updatesPerMinute, durationSec: CHAT_BUDGET.durationSec };
  return store.kind === "redis"
    ? redisGate(store.redis, store.prefix, budget)
    : memoryGate(kv, budget);
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
    async pass(updateId, chatId, keys, mediaGroupId) {
      const album =
        mediaGroupId === undefined ? undefined : prefix + albumKey(chatId, mediaGroupId);
      // No await between these calls: auto-pipelining sends them in one write.
      const [first, waitOrItem, values] = await Promise.all([
        redis.set(prefix + onceKey(updateId), "1", "PX", UPDATE_MEMORY_MS, "NX"),
        album === undefined
          ? consumeOrWait(budget, String(chatId))
          : // Created with its expiry, then counted: INCR keeps the expiry.
            Promise.all([
              redis.set(album, "0", "PX", ALBUM_MEMORY_MS, "NX"),
              redis.incr(album),
            ]).then(([, n]) => n),
        keys.length > 0 ? redis.mget(keys.map((k) => prefix + k)) : Promise.resolve([]),
      ]);
      const waitMs =
        album === undefined ? waitOrItem : await albumItemWait(budget, chatId, waitOrItem);
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
    async pass(updateId, chatId, keys, mediaGroupId) {
      const [first, waitMs, values] = await Promise.all([
        kv.setIfAbsent(onceKey(updateId), "1", UPDATE_MEMORY_MS),
        mediaGroupId === undefined
          ? consumeOrWait(budget, String(chatId))
          : kv
              .incr(albumKey(chatId, mediaGroupId), ALBUM_MEMORY_MS)
              .then((n) => albumItemWait(budget, chatId, n)),
        kv.mget(keys),
      ]);
      return { repeated: !first, waitMs, values };
    },
    async close() {},
  };
}
