/** Shared checks of the fault and hostile-input tests. */
import { afterAll, beforeAll, expect } from "vitest";
import { Harness } from "../harness/harness.js";
import { OwnRedis } from "./own-redis.js";
import { until } from "./own-sentinel.js";

export const INTERNAL_ERROR = "Something went wrong on our side";
export const UNAVAILABLE = "The exchanger is not answering right now";
export const EXPIRED = "This button has expired";

/** Log lines at pino level error (50) or fatal (60): crashes and unhandled errors. */
export function errorLogs(h: Harness): string[] {
  return h.logs.filter((line) => /"level":(50|60)/.test(line));
}

/** Nothing crashed: no apology for an internal error on screen, nothing logged at level error. */
export function expectNoCrash(h: Harness, transcript: string): void {
  expect(transcript).not.toContain(INTERNAL_ERROR);
  expect(errorLogs(h)).toEqual([]);
}

/**
 * A harness whose bot runs on a redis-server of its own (own-redis.ts), for tests that stop and start
 * Redis. Call inside a describe: it starts both before the tests and stops both after them.
 */
export function onOwnRedis(): {
  harness(): Harness;
  redis(): OwnRedis;
  botReconnected(): Promise<void>;
} {
  let redis: OwnRedis | undefined;
  let h: Harness | undefined;
  beforeAll(async () => {
    redis = await OwnRedis.start();
    h = await Harness.start({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await h?.close();
    await redis?.stop();
  });
  return {
    harness: () => h!,
    redis: () => redis!,
    /** Resolves once the bot's Redis client is connected again after a restart. */
    botReconnected: () =>
      until(
        "the bot's Redis client to reconnect",
        async () => h!.storage.redis?.status === "ready",
      ),
  };
}
