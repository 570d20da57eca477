/** Single-use confirmations on the real Redis: the guarantees that keep a payment from running twice. */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Confirmations } from "../../../src/bot/core/confirmations.js";
import { RedisKV } from "../../../src/storage/kv-redis.js";
import { deleteByPrefix, REDIS_URL, uniquePrefix } from "../../storage/helpers.js";

describe("confirmations", () => {
  let redis: Redis;
  let guards: Confirmations;
  const prefix = uniquePrefix("confirmations");

  beforeAll(() => {
    redis = new Redis(REDIS_URL);
    guards = new Confirmations(new RedisKV({ redis, prefix }));
  });

  afterAll(async () => {
    await deleteByPrefix(redis, prefix);
    await redis.quit();
  });

  it("a card's id names its order, only in its own chat", async () => {
    const id = await guards.create(1, "1041");
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await guards.orderOf(1, id)).toBe("1041");
    expect(await guards.orderOf(2, id)).toBeUndefined();
    expect(await guards.orderOf(1, "AAAAAAAAAAAAAAAA")).toBeUndefined();
  });

  it("ten presses at once: exactly one wins", async () => {
    const id = await guards.create(3, "7");
    const wins = await Promise.all(Array.from({ length: 10 }, () => guards.consume(3, id)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await guards.isUsed(3, id)).toBe(true);
  });

  it("released only when nothing was spent: then the same button works again, once", async () => {
    const id = await guards.create(4, "8");
    expect(await guards.consume(4, id)).toBe(true);
    await guards.release(4, id);
    expect(await guards.consume(4, id)).toBe(true);
    expect(await guards.consume(4, id)).toBe(false);
  });

  it("logout's Yes and No share one confirmation: whichever comes first settles it", async () => {
    const id = await guards.create(5, "logout");
    expect(await guards.redeem(5, id, "logout")).toBe(true);
    expect(await guards.redeem(5, id, "logout")).toBe(false);
    const other = await guards.create(5, "1041");
    expect(await guards.redeem(5, other, "logout")).toBe(false); // a pay card's id is no logout
  });

  it("one spend of an order per account at once, whatever the chat: the account's spend record", async () => {
    expect(await guards.claimSpend("acct-a", "1041")).toBe(true);
    expect(await guards.claimSpend("acct-a", "1041")).toBe(false); // a second chat of the same account
    expect(await guards.spendState("acct-a", "1041")).toEqual({ kind: "running" });
    expect(await guards.claimSpend("acct-b", "1041")).toBe(true); // another account is another account's business
    expect(await guards.claimSpend("acct-a", "1042")).toBe(true); // another order
    // Nothing spent (refused): free again.
    await guards.settleSpend("acct-a", "1042", undefined);
    expect(await guards.spendState("acct-a", "1042")).toEqual({ kind: "free" });
    expect(await guards.claimSpend("acct-a", "1042")).toBe(true);
  });

  it("a paid order stays settled for its account: single use, and other chats learn the outcome", async () => {
    expect(await guards.claimSpend("acct-c", "7")).toBe(true);
    await guards.settleSpend("acct-c", "7", { kind: "paid", status: "1" });
    expect(await guards.claimSpend("acct-c", "7")).toBe(false);
    expect(await guards.spendState("acct-c", "7")).toEqual({
      kind: "settled",
      outcome: { kind: "paid", status: "1" },
    });
    const [key] = await redis.keys(`${prefix}payspend:acct-c:*`);
    expect(await redis.pttl(key!)).toBeGreaterThan(14 * 60_000);
  });

  it("ten presses from ten chats at once: exactly one claims the spend", async () => {
    const wins = await Promise.all(
      Array.from({ length: 10 }, () => guards.claimSpend("acct-d", "9")),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
  });
});
