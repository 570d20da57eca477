/** One behavioural suite, run against both KV backends: they must be interchangeable. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisKV } from "../../src/storage/kv-redis.js";
import type { KV } from "../../src/storage/kv.js";
import { connectRedis, deleteByPrefix, kvBackends, sleep, uniquePrefix } from "./helpers.js";

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
    await kv.set("mg:gone", "soon", 50);
    await sleep(120);
    expect(await kv.mget(["mg:b", "mg:missing", "mg:a", "mg:gone"])).toEqual([
      "",
      undefined,
      "A",
      undefined,
    ]);
    expect(await kv.mget([])).toEqual([]);
  });

  it("expires values after their TTL", async () => {
    await kv.set("ttl:a", "soon gone", 80);
    await kv.set("ttl:forever", "stays");
    expect(await kv.get("ttl:a")).toBe("soon gone");
    expect(await kv.keys("ttl:")).toEqual(expect.arrayContaining(["ttl:a", "ttl:forever"]));
    await sleep(200);
    expect(await kv.get("ttl:a")).toBeUndefined();
    expect(await kv.keys("ttl:")).toEqual(["ttl:forever"]);
    // An expired lock can be taken again. (Its TTL leaves room for a loaded machine between the two calls.)
    expect(await kv.setIfAbsent("ttl:lock", "1", 500)).toBe(true);
    expect(await kv.setIfAbsent("ttl:lock", "2", 500)).toBe(false);
    await sleep(700);
    expect(await kv.setIfAbsent("ttl:lock", "3", 60_000)).toBe(true);
    expect(await kv.get("ttl:lock")).toBe("3");
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
    await kv.set("cas:a", "old", 300);
    expect(await kv.replaceIf!("cas:a", "other", "new")).toBe(false);
    expect(await kv.replaceIf!("cas:a", "old", "new")).toBe(true);
    expect(await kv.get("cas:a")).toBe("new");
    expect(await kv.replaceIf!("cas:missing", "old", "new")).toBe(false);
    expect(await kv.get("cas:missing")).toBeUndefined();
    await sleep(450);
    expect(await kv.get("cas:a")).toBeUndefined(); // TTL survived the replace
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
