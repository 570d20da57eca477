/** How an order id travels in a button (core/order-refs.ts), on the real Redis. */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  orderRefField,
  REF_TTL_MS,
  rememberOrderRefs,
  resolveOrderRef,
  storedOrderRef,
  type OrderRef,
} from "../../../src/bot/core/order-refs.js";
import { RedisKV } from "../../../src/storage/kv-redis.js";
import { SettingsStore } from "../../../src/storage/settings.js";
import { deleteByPrefix, REDIS_URL, uniquePrefix } from "../../storage/helpers.js";

const LONG = "1234567890123456789012345678901234567890"; // 40 digits, beyond 2^53 many times over

describe("order references", () => {
  let redis: Redis;
  let kv: RedisKV;
  const prefix = uniquePrefix("order-refs");

  beforeAll(() => {
    redis = new Redis(REDIS_URL);
    kv = new RedisKV({ redis, prefix });
  });

  afterAll(async () => {
    await deleteByPrefix(redis, prefix);
    await redis.quit();
  });

  it("a short id travels as itself and costs no storage", async () => {
    const refs = await rememberOrderRefs(kv, 1, ["1041", "AB-12_x"]);
    expect([...refs.values()]).toEqual(["1041", "AB-12_x"]);
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
    expect(await resolveOrderRef(kv, 1, refs.get("1041")!)).toBe("1041");
  });

  it("a long or odd id travels as a short reference that resolves back, in its own chat only", async () => {
    const ids = [LONG, "x".repeat(33), "12 34", "№1041/7"];
    const refs = await rememberOrderRefs(kv, 2, ids);
    for (const id of ids) {
      const ref = refs.get(id)!;
      expect(ref).toMatch(/^~[A-Za-z0-9_-]{11}$/);
      expect(new RegExp(`^(?:${orderRefField.pattern})$`).test(ref)).toBe(true);
      expect(await resolveOrderRef(kv, 2, ref)).toBe(id);
      expect(await resolveOrderRef(kv, 3, ref)).toBeUndefined();
    }
    expect(new Set(refs.values()).size).toBe(ids.length);
    // The same id always gets the same reference: a screen shown again renews it, adds nothing.
    expect(storedOrderRef(LONG)).toBe(refs.get(LONG));
    await rememberOrderRefs(kv, 2, [LONG]);
    expect(await redis.keys(`${prefix}*`)).toHaveLength(ids.length);
  });

  it("a reference expires with its TTL and is wiped with the chat", async () => {
    const [ref] = (await rememberOrderRefs(kv, 4, [LONG])).values();
    const ttl = await redis.pttl(`${prefix}chat:4:oref:${ref}`);
    expect(ttl).toBeGreaterThan(REF_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(REF_TTL_MS);
    await new SettingsStore(kv).wipeChat(4);
    expect(await resolveOrderRef(kv, 4, ref!)).toBeUndefined();
  });

  it("an unknown or forged reference resolves to nothing", async () => {
    expect(await resolveOrderRef(kv, 1, "~AAAAAAAAAAA" as OrderRef)).toBeUndefined();
  });
});
