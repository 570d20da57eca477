/**
 * The KV operations added for the notification watcher (schedule, leases, shared rate limits),
 * run against both backends: they must behave alike. A counter's window is read with PTTL on Redis and
 * with a fake clock on the file store (which reads Date.now()): no test sleeps until a TTL ran out.
 */
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { KV } from "../../src/storage/kv.js";
import { FileKV } from "../../src/storage/kv-file.js";
import { RedisKV } from "../../src/storage/kv-redis.js";
import { until } from "../faults/own-sentinel.js";
import { connectRedis, deleteByPrefix, kvBackends, tempDir, uniquePrefix } from "./helpers.js";

describe.each(kvBackends("kv-ops"))("$name", (backend) => {
  let kv: KV;
  beforeAll(async () => {
    kv = await backend.setup();
  });
  afterAll(() => backend.teardown());

  it("delIf deletes only while the value is unchanged", async () => {
    await kv.set("lease:a", "mine", 10_000);
    expect(await kv.delIf("lease:a", "theirs")).toBe(false);
    expect(await kv.get("lease:a")).toBe("mine");
    expect(await kv.delIf("lease:a", "mine")).toBe(true);
    expect(await kv.get("lease:a")).toBeUndefined();
    expect(await kv.delIf("lease:missing", "mine")).toBe(false);
  });

  it("incr counts atomically and refuses a window of no length", async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => kv.incr("ctr:a", 60_000)));
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await kv.get("ctr:a")).toBe("25");
    await expect(kv.incr("ctr:b", 0)).rejects.toThrow(RangeError);
  });

  it("a counter starts again at 1 once its window has passed", async () => {
    expect(await kv.incr("ctr:w", 1)).toBe(1);
    await until("the counter's window to pass", async () => (await kv.get("ctr:w")) === undefined);
    expect(await kv.incr("ctr:w", 60_000)).toBe(1);
    expect(await kv.get("ctr:w")).toBe("1");
  });

  it("sorted set: add, move, score, remove, range by score in score order with a limit", async () => {
    await kv.zadd("due", "chat-3", 300);
    await kv.zadd("due", "chat-1", 100);
    await kv.zadd("due", "chat-2", 200);
    await kv.zadd("due", "chat-9", 9_000);
    expect(await kv.zscore("due", "chat-2")).toBe(200);
    expect(await kv.zscore("due", "nobody")).toBeUndefined();
    expect(await kv.zrangeByScore("due", 250, 10)).toEqual(["chat-1", "chat-2"]);
    expect(await kv.zrangeByScore("due", 10_000, 2)).toEqual(["chat-1", "chat-2"]);
    expect(await kv.zrangeByScore("due", 50, 10)).toEqual([]);

    await kv.zadd("due", "chat-1", 5_000); // moved, not duplicated
    expect(await kv.zrangeByScore("due", 10_000, 10)).toEqual([
      "chat-2",
      "chat-3",
      "chat-1",
      "chat-9",
    ]);

    await kv.zrem("due", "chat-2", "chat-3", "not-there");
    await kv.zrem("due");
    expect(await kv.zrangeByScore("due", 10_000, 10)).toEqual(["chat-1", "chat-9"]);
    await kv.zrem("due", "chat-1", "chat-9");
    expect(await kv.zrangeByScore("due", 10_000, 10)).toEqual([]);
    expect(await kv.zrangeByScore("never-created", 10_000, 10)).toEqual([]);
  });
});

describe("RedisKV counter window", () => {
  const prefix = uniquePrefix("kv-ops-window");
  let redis: Redis;
  let kv: RedisKV;
  beforeAll(() => {
    redis = connectRedis();
    kv = new RedisKV({ redis, prefix });
  });
  afterAll(async () => {
    await deleteByPrefix(redis, prefix);
    await redis.quit();
  });

  it("is the TTL of the first increment: a later increment does not extend it", async () => {
    expect(await kv.incr("ctr", 60_000)).toBe(1);
    const first = await redis.pttl(`${prefix}ctr`);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(60_000);
    expect(await kv.incr("ctr", 3_600_000)).toBe(2);
    const later = await redis.pttl(`${prefix}ctr`);
    expect(later).toBeGreaterThan(0);
    expect(later).toBeLessThanOrEqual(first);
  });
});

describe("FileKV specifics", () => {
  it("a counter's window is the TTL of its first increment, to the millisecond (fake clock)", async () => {
    const d = await tempDir();
    const kv = await FileKV.open(d.path);
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: t0 });
    try {
      expect(await kv.incr("ctr", 150)).toBe(1);
      vi.setSystemTime(t0 + 100);
      expect(await kv.incr("ctr", 150)).toBe(2); // a later increment does not extend the window
      vi.setSystemTime(t0 + 149);
      expect(await kv.get("ctr")).toBe("2");
      vi.setSystemTime(t0 + 150);
      expect(await kv.get("ctr")).toBeUndefined();
      expect(await kv.incr("ctr", 150)).toBe(1);
    } finally {
      vi.useRealTimers();
      await kv.close();
      await d.remove();
    }
  });

  it("keeps sorted sets across a reopen and refuses to treat a plain value as a set", async () => {
    const d = await tempDir();
    try {
      let kv = await FileKV.open(d.path);
      await kv.zadd("due", "42", 1_000);
      await kv.set("plain", "hello");
      await kv.close();
      kv = await FileKV.open(d.path);
      expect(await kv.zrangeByScore("due", 2_000, 10)).toEqual(["42"]);
      await expect(kv.zadd("plain", "x", 1)).rejects.toThrow(/sorted set/);
      await kv.close();
    } finally {
      await d.remove();
    }
  });
});
