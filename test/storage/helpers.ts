/** Shared by the storage tests: real Redis, real temp folders, a logger that records lines. */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { createLogger, type Logger } from "../../src/logger.js";
import { FileKV } from "../../src/storage/kv-file.js";
import { RedisKV } from "../../src/storage/kv-redis.js";
import type { KV } from "../../src/storage/kv.js";

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

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface KVBackend {
  name: string;
  setup(): Promise<KV>;
  teardown(): Promise<void>;
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
    },
  ];
}
