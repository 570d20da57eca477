/**
 * The per-account budget of order creations (src/bot/core/creation-budget.ts) on the real Redis: shared by
 * instances, per exchanger account, refunded on a clear refusal, and the same rules in memory.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { CreationBudget, ORDER_CREATION_BUDGET } from "../../../src/bot/core/creation-budget.js";
import type { LimiterStore } from "../../../src/bot/core/limiter.js";
import { REDIS_URL } from "../../harness/harness.js";

const redis = new Redis(REDIS_URL);
const prefix = `test:budget:${randomBytes(4).toString("hex")}:`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const HOUR_MS = 3_600_000;

describe("order creation budget", () => {
  it("is five per hour by default", () => {
    expect(ORDER_CREATION_BUDGET).toEqual({ orders: 5, windowSec: 3600 });
  });

  it("is shared by instances: the sixth creation of an account waits, whichever instance asks; other accounts go on", async () => {
    const store: LimiterStore = { kind: "redis", redis, prefix };
    const [a, b] = [new CreationBudget(store), new CreationBudget(store)];
    const chat = "acct-7001";
    const taken = [
      await a.take(chat),
      await b.take(chat),
      await a.take(chat),
      await b.take(chat),
      await a.take(chat),
    ];
    expect(taken).toEqual([0, 0, 0, 0, 0]);
    const wait = await b.take(chat);
    expect(wait).toBeGreaterThan(HOUR_MS - 60_000);
    expect(wait).toBeLessThanOrEqual(HOUR_MS);
    expect(await a.waitFor(chat)).toBeGreaterThan(0);
    // Refused takes do not pile up: one give-back frees exactly one creation.
    expect(await a.take(chat)).toBeGreaterThan(0);
    await b.giveBack(chat);
    expect(await a.waitFor(chat)).toBe(0);
    expect(await a.take(chat)).toBe(0);
    expect(await b.take(chat)).toBeGreaterThan(0);

    expect(await a.waitFor("acct-7002")).toBe(0);
    expect(await b.take("acct-7002")).toBe(0);
  });

  it("counts in Redis under the bot's prefix, so a restarted instance still knows", async () => {
    const store: LimiterStore = { kind: "redis", redis, prefix };
    await new CreationBudget(store, { orders: 1, windowSec: 60 }).take("acct-7003");
    expect(await redis.keys(`${prefix}orders*acct-7003`)).toHaveLength(1);
    expect(
      await new CreationBudget(store, { orders: 1, windowSec: 60 }).take("acct-7003"),
    ).toBeGreaterThan(0);
  });

  it("follows the same rules in memory (embedded store, one process)", async () => {
    const budget = new CreationBudget({ kind: "memory" }, { orders: 2, windowSec: 60 });
    expect([await budget.take("acct-1"), await budget.take("acct-1")]).toEqual([0, 0]);
    expect(await budget.take("acct-1")).toBeGreaterThan(0);
    await budget.giveBack("acct-1");
    expect(await budget.take("acct-1")).toBe(0);
  });
});
