/**
 * One behavioural suite, run against both KV backends: they must be interchangeable. TTLs are read
 * from the backend (`msLeft`); what must be gone is awaited with `untilExpired` on a 1 ms TTL, and
 * what must still be there has a TTL no loaded machine outlives: no sleeps, no timing bounds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisKV } from "../../src/storage/kv-redis.js";
import type { KV } from "../../src/storage/kv.js";
import { connectRedis, deleteByPrefix, kvBackends, uniquePrefix, untilExpired } from "./helpers.js";

describe.each(kvBackends("kv"))("$name", (backend) => {
  let kv: KV;
  beforeAll(async () => {
    kv = await backend.setup();
  });
  afterAll(() => backend.teardown());

  it("round-trips values and overwrites", async () => {
    expect(await kv.get("rt:missing")).toBeUndefined();
    await kv.set("rt:a", "first");
    expect(await kv.get("rt:a")).toBe("first");
    await kv.set("rt:a", 'second ✓ ünïcode \n "quoted"');
    expect(await kv.get("rt:a")).toBe('second ✓ ünïcode \n "quoted"');
    await kv.set("rt:empty", "");
    expect(await kv.get("rt:empty")).toBe("");
  });

  it("mget reads several keys in order, missing and expired ones as undefined", async () => {
    await kv.set("mg:a", "A");
    await kv.set("mg:b", "");
    await kv.set("mg:gone", "soon", 1);
    await untilExpired(kv, "mg:gone");
    expect(await kv.mget(["mg:b", "mg:missing", "mg:a", "mg:gone"])).toEqual([
      "",
      undefined,
      "A",
      undefined,
    ]);
    expect(await kv.mget([])).toEqual([]);
  });

  it("expires values after their TTL", async () => {
    await kv.set("ttl:a", "soon gone", 60_000);
    await kv.set("ttl:forever", "stays");
    expect(await kv.get("ttl:a")).toBe("soon gone");
    expect(await backend.msLeft("ttl:a")).toBeGreaterThan(0);
    expect(await backend.msLeft("ttl:a")).toBeLessThanOrEqual(60_000);
    expect(await backend.msLeft("ttl:forever")).toBe(Infinity);
    expect(await kv.keys("ttl:")).toEqual(expect.arrayContaining(["ttl:a", "ttl:forever"]));
    await kv.set("ttl:a", "soon gone", 1);
    await untilExpired(kv, "ttl:a");
    expect(await kv.get("ttl:a")).toBeUndefined();
    expect(await kv.keys("ttl:")).toEqual(["ttl:forever"]);
    // A lock is held for its TTL; an expired one can be taken again.
    expect(await kv.setIfAbsent("ttl:lock", "1", 60_000)).toBe(true);
    expect(await kv.setIfAbsent("ttl:lock", "2", 60_000)).toBe(false);
    expect(await backend.msLeft("ttl:lock")).toBeLessThanOrEqual(60_000);
    expect(await kv.setIfAbsent("ttl:brief", "1", 1)).toBe(true);
    await untilExpired(kv, "ttl:brief");
    expect(await kv.setIfAbsent("ttl:brief", "3", 60_000)).toBe(true);
    expect(await kv.get("ttl:brief")).toBe("3");
  });

  it("rejects a non-positive TTL", async () => {
    await expect(kv.set("bad:ttl", "x", 0)).rejects.toThrow(RangeError);
    await expect(kv.setIfAbsent("bad:ttl", "x", -5)).rejects.toThrow(RangeError);
  });

  it("setIfAbsent: 20 concurrent callers, exactly one wins", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => kv.setIfAbsent("race:lock", `owner-${i}`, 10_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect(await kv.get("race:lock")).toBe(`owner-${winner}`);
  });

  it("keys(prefix) lists matching keys without the global prefix, treating glob characters literally", async () => {
    await kv.set("ls:chat:1:key", "a");
    await kv.set("ls:chat:1:settings", "b");
    await kv.set("ls:chat:12:key", "c");
    await kv.set("ls:glob*x", "d");
    await kv.set("ls:globAx", "e");
    await kv.set("ls:q?[1]", "f");
    await kv.set("ls:qZ1", "g");
    expect((await kv.keys("ls:chat:1:")).sort()).toEqual(["ls:chat:1:key", "ls:chat:1:settings"]);
    expect((await kv.keys("ls:chat:")).sort()).toEqual([
      "ls:chat:12:key",
      "ls:chat:1:key",
      "ls:chat:1:settings",
    ]);
    expect(await kv.keys("ls:glob*")).toEqual(["ls:glob*x"]);
    expect(await kv.keys("ls:q?[1]")).toEqual(["ls:q?[1]"]);
    expect(await kv.keys("ls:nothing")).toEqual([]);
  });

  it("keys(prefix) pages through many keys", async () => {
    await Promise.all(Array.from({ length: 1200 }, (_, i) => kv.set(`many:${i}`, "x")));
    const keys = await kv.keys("many:");
    expect(keys).toHaveLength(1200);
    expect(new Set(keys).size).toBe(1200);
  });

  it("del removes several keys at once and ignores missing ones", async () => {
    await kv.set("del:a", "1");
    await kv.set("del:b", "2");
    await kv.set("del:c", "3");
    await kv.del("del:a", "del:b", "del:missing");
    await kv.del();
    expect(await kv.get("del:a")).toBeUndefined();
    expect(await kv.get("del:b")).toBeUndefined();
    expect(await kv.get("del:c")).toBe("3");
  });

  it("replaceIf swaps only an unchanged value and keeps its TTL", async () => {
    await kv.set("cas:a", "old", 60_000);
    const before = (await backend.msLeft("cas:a"))!;
    expect(await kv.replaceIf!("cas:a", "other", "new")).toBe(false);
    expect(await kv.replaceIf!("cas:a", "old", "new")).toBe(true);
    expect(await kv.get("cas:a")).toBe("new");
    expect(await kv.replaceIf!("cas:missing", "old", "new")).toBe(false);
    expect(await kv.get("cas:missing")).toBeUndefined();
    // The TTL survived the replace: still counting down from the first set, not reset or dropped.
    const after = (await backend.msLeft("cas:a"))!;
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(before);
  });
});

describe("RedisKV specifics", () => {
  it("stores every key under the global prefix, with PX TTL", async () => {
    const r = connectRedis();
    const p = uniquePrefix("kv-raw");
    const kv = new RedisKV({ redis: r, prefix: p, ownsClient: true });
    try {
      await kv.set("a", "1", 5_000);
      expect(await r.get(`${p}a`)).toBe("1");
      const pttl = await r.pttl(`${p}a`);
      expect(pttl).toBeGreaterThan(4_000);
      expect(pttl).toBeLessThanOrEqual(5_000);
      await kv.set("b", "2");
      expect(await r.pttl(`${p}b`)).toBe(-1);
    } finally {
      await deleteByPrefix(r, p);
      await kv.close(); // owns the client: quits it
    }
    // quit() resolves on the server's OK; the socket closes right after.
    if (r.status !== "end") await new Promise((resolve) => r.once("end", resolve));
    expect(r.status).toBe("end");
  });
});
