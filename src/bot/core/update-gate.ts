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
 * Redis: two commands on a dedicated connection, both sent before either answer is awaited, so they
 * make one round trip: one script marks the update and reads the chat's values (MARK_AND_READ), and
 * rate-limiter-flexible spends the budget with its own script. The two leave in one write (the
 * socket corked while they are queued): one system call instead of two (what it saved against the
 * three commands sent before: docs/performance.md). The embedded store serves one process: the same steps run in memory (the update
 * id also reaches the file).
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
 * default of CHAT_UPDATES_PER_MINUTE: a person tapping through screens stays well below it, and one
 * paging through a long history at reading pace too (30 page turns in a minute, with the commands and
 * screens around them: 30 was spent by the turns alone). A flood — hundreds a minute — still stops.
 */
export const CHAT_BUDGET = { points: 60, durationSec: 60 };

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

/**
 * KEYS[1]: the update's once-key, set for ARGV[1] ms unless present; KEYS[2..]: the values to read.
 * Replies {1 when the update is new else 0, value or nil, …} (a missing key reads as Lua false,
 * which goes back as nil).
 */
const MARK_AND_READ = `
local new = redis.call('set', KEYS[1], '1', 'PX', ARGV[1], 'NX') and 1 or 0
if #KEYS == 1 then return {new} end
local reply = redis.call('mget', unpack(KEYS, 2))
table.insert(reply, 1, new)
return reply`;

/** The connection once MARK_AND_READ is defined on it: numkeys, the keys, then the once-key's TTL. */
type WithMarkAndRead = Redis & {
  gateMarkAndRead(
    numKeys: number,
    ...keysThenTtl: (string | number)[]
  ): Promise<[number, ...(string | null)[]]>;
};

function redisGate(shared: Redis, prefix: string, limits: Budget): UpdateGate {
  const redis = shared.duplicate({ connectionName: "update-gate" }) as WithMarkAndRead;
  // The shared connection logs Redis outages; this one only fails its commands (load-chat copes).
  redis.on("error", () => undefined);
  // No numberOfKeys: each call gives its own count first (the keys read vary by update kind).
  redis.defineCommand("gateMarkAndRead", { lua: MARK_AND_READ });
  const budget = budgetLimiter({ kind: "redis", redis, prefix }, limits);
  return {
    async pass(updateId, chatId, keys, mediaGroupId) {
      const album =
        mediaGroupId === undefined ? undefined : prefix + albumKey(chatId, mediaGroupId);
      const marked = [prefix + onceKey(updateId)];
      for (const key of keys) marked.push(prefix + key);
      // Both sent at once, before either answer is awaited: one round trip. The socket is corked
      // while they are queued so that they leave in one write (each write is a system call).
      const socket = redis.stream;
      socket?.cork();
      let sent: Promise<[[number, ...(string | null)[]], number]>;
      try {
        sent = Promise.all([
          redis.gateMarkAndRead(marked.length, ...marked, UPDATE_MEMORY_MS),
          album === undefined
            ? consumeOrWait(budget, String(chatId))
            : // Created with its expiry, then counted: INCR keeps the expiry.
              Promise.all([
                redis.set(album, "0", "PX", ALBUM_MEMORY_MS, "NX"),
                redis.incr(album),
              ]).then(([, n]) => n),
        ]);
      } finally {
        socket?.uncork();
      }
      const [[isNew, ...values], waitOrItem] = await sent;
      const waitMs =
        album === undefined ? waitOrItem : await albumItemWait(budget, chatId, waitOrItem);
      return { repeated: isNew !== 1, waitMs, values: values.map((v) => v ?? undefined) };
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
