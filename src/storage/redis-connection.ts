/**
 * The bot's one Redis connection: a single server (REDIS_URL) or the current master of a group that
 * Sentinel watches (REDIS_SENTINELS + REDIS_SENTINEL_MASTER). Every Redis user (KV, locks, the
 * watcher's leases and schedule, limiters, the conversation adapter) shares it, and the update gate
 * takes `duplicate()`, which copies these options: so all of them follow a failover alike.
 *
 * What a failover looks like from here: Sentinel promotes a replica and announces it; the client
 * drops the old master at once (it may keep accepting writes for seconds until Sentinel demotes it,
 * and those would be lost when it resyncs), asks a Sentinel for the new master and reconnects,
 * replaying queued commands. A command that still reaches the old master after its demotion gets
 * READONLY: it did not run, so the client reconnects and sends it again. Commands that cannot be
 * served within a few reconnect attempts fail, and the update that needed them is answered "try again".
 */
import { Redis, type RedisOptions } from "ioredis";
import type { RedisTarget } from "../config.js";
import type { Logger } from "../logger.js";

/**
 * Sentinel mode only: ioredis keeps walking the Sentinel list without emitting `reconnecting` while
 * none answers, so maxRetriesPerRequest never fires and queued commands would wait forever. This
 * bounds how long one update can wait for Redis then. Every command the bot sends is O(1) or a short
 * SCAN page, far below it.
 */
const SENTINEL_COMMAND_TIMEOUT_MS = 5_000;

const COMMON: RedisOptions = {
  lazyConnect: false,
  connectTimeout: 10_000,
  // Fail a command after a few reconnect attempts instead of holding a user's update for minutes;
  // the connection itself keeps retrying forever with capped backoff.
  maxRetriesPerRequest: 3,
  retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
};

/** A write that reached a demoted master did not run: reconnect (to the new master) and resend it. */
function reconnectOnReadonly(error: Error): 2 | false {
  return error.message.startsWith("READONLY") ? 2 : false;
}

/** The client for a target, connecting at once (not yet known to answer: see connectRedis). */
export function createRedisClient(target: RedisTarget): Redis {
  if (target.kind === "url") return new Redis(target.url, COMMON);
  return new Redis({
    ...COMMON,
    sentinels: target.sentinels,
    name: target.masterName,
    role: "master",
    ...(target.password !== undefined ? { password: target.password } : {}),
    ...(target.sentinelPassword !== undefined ? { sentinelPassword: target.sentinelPassword } : {}),
    // Subscribe to the Sentinels' +switch-master: leave the old master as soon as a failover is
    // announced, instead of waiting for it to kill us or (if it vanished from the network) for TCP.
    failoverDetector: true,
    // ...on one Sentinel: the one that just named the master, so known to answer. ioredis' detector
    // connections have no error listener of ours, so each unreachable Sentinel they tried would print
    // "[ioredis] Unhandled error event" with a stack to stderr (redis/ioredis#1829).
    sentinelMaxConnections: 1,
    // Retry the whole Sentinel list forever (a null here would end the client for good).
    sentinelRetryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    reconnectOnError: reconnectOnReadonly,
    commandTimeout: SENTINEL_COMMAND_TIMEOUT_MS,
  });
}

/**
 * Closes a client for good: QUIT (pending replies arrive first), then disconnect, because ioredis'
 * quit leaves the Sentinel failover detector's connection open (redis/ioredis#1362) and a process
 * such as `npm run rotate-keys` would then never exit. A client that cannot QUIT is just dropped.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status !== "end") await redis.quit().catch(() => undefined);
  redis.disconnect();
}

/** Where Redis is, safe for logs and error messages: the URL with its password masked, or the Sentinels. */
export function describeRedis(target: RedisTarget): string {
  if (target.kind === "url") return safeUrl(target.url);
  return `master "${target.masterName}" via Sentinel ${target.sentinels.map(({ host, port }) => (host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`)).join(",")}`;
}

/** The URL with any password masked. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable REDIS_URL)";
  }
}

/** Opens the client and checks it answers, so a bad address fails at start with a clear message. */
export async function connectRedis(target: RedisTarget, logger: Logger): Promise<Redis> {
  const where = describeRedis(target);
  const redis = createRedisClient(target);
  // One warning per outage, not one per reconnect attempt. Messages come from ioredis and name hosts,
  // never passwords; `where` masks them.
  let healthy = true;
  let lastError: string | undefined;
  let master: string | undefined;
  redis.on("error", (error: Error) => {
    lastError = error.message;
    if (!healthy) return;
    healthy = false;
    logger.warn({ redis: where, error: error.message }, "Redis connection error; reconnecting");
  });
  redis.on("ready", () => {
    // Behind Sentinel the address we reached is the master Sentinel named: report when it moves.
    const now =
      redis.stream?.remoteAddress === undefined
        ? undefined
        : `${redis.stream.remoteAddress}:${redis.stream.remotePort}`;
    if (target.kind === "sentinel" && master !== undefined && now !== undefined && now !== master) {
      logger.warn(
        { redis: where, from: master, to: now },
        "Redis master changed (Sentinel failover); reconnected to the new master",
      );
    }
    master = now ?? master;
    if (healthy) return;
    healthy = true;
    logger.info({ redis: where }, "Redis connection restored");
  });
  try {
    await redis.ping(); // fail at startup, with a clear message, rather than on the first update
  } catch (error) {
    redis.disconnect();
    const reason = lastError ?? (error as Error).message;
    throw new Error(`Cannot reach Redis at ${where}: ${reason}`);
  }
  return redis;
}
