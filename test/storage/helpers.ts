/** Shared by the storage tests: real Redis, real temp folders, a logger that records lines. */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { createLogger, type Logger } from "../../src/logger.js";
import { FileKV } from "../../src/storage/kv-file.js";
import { RedisKV } from "../../src/storage/kv-redis.js";
import type { KV } from "../../src/storage/kv.js";
import { until } from "../faults/own-sentinel.js";

export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** Unique per test file and run, so parallel files and leftovers never collide. */
export function uniquePrefix(file: string): string {
  return `test:storage:${file}:${randomUUID().slice(0, 8)}:`;
}

export function connectRedis(): Redis {
  return new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
}

export async function deleteByPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(
      cursor,
      "MATCH",
      `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`,
      "COUNT",
      1000,
    );
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}

export async function tempDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), "xbot-storage-"));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export const randomKey = (): string => randomBytes(32).toString("base64");

/** A real pino logger whose output lines are kept for assertions. */
export function recordingLogger(): {
  logger: Logger;
  lines: string[];
  records(): Array<Record<string, unknown>>;
} {
  const lines: string[] = [];
  const logger = createLogger("debug", { write: (line: string) => void lines.push(line) });
  return {
    logger,
    lines,
    records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

export const silentLogger = (): Logger => createLogger("silent");

/**
 * Resolves once `key` has expired (polls; the deadline only bounds a broken store). Looks with
 * keys(), which never removes what it skips, so a later read still meets the expired entry itself.
 */
export function untilExpired(kv: KV, key: string): Promise<void> {
  return until(`${key} to expire`, async () => !(await kv.keys(key)).includes(key));
}

export interface KVBackend {
  name: string;
  setup(): Promise<KV>;
  teardown(): Promise<void>;
  /**
   * The stored TTL left on a key, in ms, read from the backend itself (Redis PTTL, the file store's
   * store.json): Infinity without one, undefined when the key is missing. Not for counters (incr),
   * which the file store keeps in memory only.
   */
  msLeft(key: string): Promise<number | undefined>;
}

/**
 * Both KV backends, for suites run with describe.each: they must be interchangeable. Each setup
 * gives a fresh, empty store (Redis under its own prefix, a file store in its own folder).
 */
export function kvBackends(file: string): KVBackend[] {
  let redis: Redis;
  let redisKV: RedisKV;
  const prefix = uniquePrefix(file);
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let fileKV: FileKV;
  return [
    {
      name: "RedisKV",
      async setup() {
        redis = connectRedis();
        redisKV = new RedisKV({ redis, prefix });
        return redisKV;
      },
      async teardown() {
        await deleteByPrefix(redis, prefix);
        await redisKV.close(); // does not own the client: must leave it usable
        if (redis.status !== "ready")
          throw new Error("RedisKV.close() closed a client it does not own");
        await redis.quit();
      },
      async msLeft(key) {
        const ms = await redis.pttl(prefix + key);
        return ms === -2 ? undefined : ms === -1 ? Infinity : ms;
      },
    },
    {
      name: "FileKV",
      async setup() {
        dir = await tempDir();
        fileKV = await FileKV.open(dir.path);
        return fileKV;
      },
      async teardown() {
        await fileKV.close();
        await dir.remove();
      },
      async msLeft(key) {
        const stored = JSON.parse(await readFile(join(dir.path, "store.json"), "utf8")) as {
          entries: Record<string, { expiresAt?: number }>;
        };
        const entry = stored.entries[key];
        if (entry === undefined) return undefined;
        return entry.expiresAt === undefined ? Infinity : entry.expiresAt - Date.now();
      },
    },
  ];
}
