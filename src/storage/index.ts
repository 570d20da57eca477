/**
 * Opens the configured storage: Redis when REDIS_URL or REDIS_SENTINELS is set (several instances may share it),
 * else the embedded file store in DATA_DIR (one instance). Everything above sees only KV, Vault,
 * the conversation adapter and the keyring, so the two modes behave alike.
 */
import type { Redis } from "ioredis";
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
import { connectRedis } from "./redis-connection.js";
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

type StorageConfig = Pick<Config, "encryptionKey" | "encryptionKeysOld" | "redis" | "dataDir">;

export async function openStorage(
  config: StorageConfig,
  logger: Logger,
  options: OpenStorageOptions = {},
): Promise<Storage> {
  const keys = await resolveEncryptionKeys(config, logger);
  const keyring = new Keyring(keys.current, keys.old);

  if (config.redis !== undefined) {
    const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
    const redis = await connectRedis(config.redis, logger);
    const kv = new RedisKV({ redis, prefix, ownsClient: true });
    return assemble(
      "redis",
      kv,
      keyring,
      logger,
      (ttlMs) => redisSealedStore(redis, prefix, ttlMs),
      redis,
    );
  }

  const kv = await FileKV.open(config.dataDir, {
    onLockBusy: ({ lockPath, waitMs }) =>
      logger.warn(
        { lock: lockPath, waitSeconds: Math.round(waitMs / 1000) },
        "DATA_DIR is locked by another bot process; waiting in case that lock is stale (left by a crashed process)",
      ),
    // Another process may be writing the folder now: stop at once rather than overwrite its changes.
    onLockLost: (error) => {
      logger.fatal(
        { dataDir: config.dataDir, reason: error.message },
        "lost the lock on DATA_DIR (the process stalled past the lock's stale period, or the lock was removed); exiting so two processes never write the store",
      );
      process.exit(1);
    },
  });
  logger.info(
    { file: kv.path },
    "using the embedded file store (single instance only; set REDIS_URL or REDIS_SENTINELS for more)",
  );
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
    conversationAdapter: <T>(ttlMs = DEFAULT_CONVERSATION_TTL_MS) =>
      new EncryptedConversationAdapter<T>(sealedStore(ttlMs), keyring, logger),
    ...(redis ? { redis } : {}),
    close: () => (closing ??= kv.close()),
  };
}
