/**
 * Opens the configured storage: Redis when REDIS_URL is set (several instances may share it),
 * else the embedded file store in DATA_DIR (one instance). Everything above sees only KV, Vault,
 * the conversation adapter and the keyring, so the two modes behave alike.
 */
import { Redis } from "ioredis";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import {
  DEFAULT_CONVERSATION_TTL_MS,
  EncryptedConversationAdapter,
  kvSealedStore,
  redisSealedStore,
  type SealedStore,
} from "./conversation-store.js";
import { Keyring } from "./crypto.js";
import { resolveEncryptionKeys } from "./encryption-key.js";
import { verifyEncryptionKey } from "./key-check.js";
import { FileKV } from "./kv-file.js";
import { RedisKV } from "./kv-redis.js";
import type { KV } from "./kv.js";
import { Vault } from "./vault.js";

export const DEFAULT_REDIS_PREFIX = "xbot:";

export interface Storage {
  kind: "redis" | "file";
  kv: KV;
  keyring: Keyring;
  vault: Vault;
  /** A fresh adapter for `conversations({ storage: { type: "key", version, adapter } })`. */
  conversationAdapter<T>(ttlMs?: number): EncryptedConversationAdapter<T>;
  /** The shared client in Redis mode (benchmarks, health checks); keys carry the global prefix. */
  redis?: Redis;
  /** Flushes (file) or quits (Redis). Idempotent. */
  close(): Promise<void>;
}

export interface OpenStorageOptions {
  /** Global Redis key prefix, default "xbot:" (tests use a unique one per file). */
  prefix?: string;
}

type StorageConfig = Pick<Config, "encryptionKey" | "encryptionKeysOld" | "redisUrl" | "dataDir">;

export async function openStorage(config: StorageConfig, logger: Logger, options: OpenStorageOptions = {}): Promise<Storage> {
  const keys = await resolveEncryptionKeys(config, logger);
  const keyring = new Keyring(keys.current, keys.old);

  if (config.redisUrl !== undefined) {
    const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
    const redis = await connectRedis(config.redisUrl, logger);
    const kv = new RedisKV({ redis, prefix, ownsClient: true });
    return assemble("redis", kv, keyring, logger, (ttlMs) => redisSealedStore(redis, prefix, ttlMs), redis);
  }

  const kv = await FileKV.open(config.dataDir, {
    onLockBusy: ({ lockPath, waitMs }) =>
      logger.warn({ lock: lockPath, waitSeconds: Math.round(waitMs / 1000) }, "DATA_DIR is locked by another bot process; waiting in case that lock is stale (left by a crashed process)"),
    // Another process may be writing the folder now: stop at once rather than overwrite its changes.
    onLockLost: (error) => {
      logger.fatal({ dataDir: config.dataDir, reason: error.message }, "lost the lock on DATA_DIR (the process stalled past the lock's stale period, or the lock was removed); exiting so two processes never write the store");
      process.exit(1);
    },
  });
  logger.info({ file: kv.path }, "using the embedded file store (single instance only; set REDIS_URL for more)");
  return assemble("file", kv, keyring, logger, (ttlMs) => kvSealedStore(kv, ttlMs));
}

/** Checks the keys against the stored data (closing the store when they do not fit), then wraps it up. */
async function assemble(
  kind: Storage["kind"],
  kv: KV,
  keyring: Keyring,
  logger: Logger,
  sealedStore: (ttlMs: number) => SealedStore,
  redis?: Redis,
): Promise<Storage> {
  const vault = new Vault(kv, keyring, logger);
  try {
    await verifyEncryptionKey(kv, keyring, vault);
  } catch (error) {
    await kv.close().catch(() => {});
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    kind,
    kv,
    keyring,
    vault,
    conversationAdapter: <T>(ttlMs = DEFAULT_CONVERSATION_TTL_MS) => new EncryptedConversationAdapter<T>(sealedStore(ttlMs), keyring, logger),
    ...(redis ? { redis } : {}),
    close: () => (closing ??= kv.close()),
  };
}

async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: false,
    connectTimeout: 10_000,
    // Fail a command after a few reconnect attempts instead of holding a user's update for minutes;
    // the connection itself keeps retrying forever with capped backoff.
    maxRetriesPerRequest: 3,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  // One warning per outage, not one per reconnect attempt. The URL may hold a password: never logged raw.
  let healthy = true;
  redis.on("error", (error: Error) => {
    if (!healthy) return;
    healthy = false;
    logger.warn({ redis: safeUrl(url), error: error.message }, "Redis connection error; reconnecting");
  });
  redis.on("ready", () => {
    if (healthy) return;
    healthy = true;
    logger.info({ redis: safeUrl(url) }, "Redis connection restored");
  });
  try {
    await redis.ping(); // fail at startup, with a clear message, rather than on the first update
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot reach Redis at ${safeUrl(url)}: ${(error as Error).message}`);
  }
  return redis;
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
