/** Shared by the storage tests: real Redis, real temp folders, a logger that records lines. */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { createLogger, type Logger } from "../../src/logger.js";

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
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`, "COUNT", 1000);
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
export function recordingLogger(): { logger: Logger; lines: string[]; records(): Array<Record<string, unknown>> } {
  const lines: string[] = [];
  const logger = createLogger("debug", { write: (line: string) => void lines.push(line) });
  return { logger, lines, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

export const silentLogger = (): Logger => createLogger("silent");

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
