/** The index of order tokens chats saw: what the webhooks' order events are routed by. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movingTokens, SeenTokens } from "../../src/notify/seen-tokens.js";
import type { KV } from "../../src/storage/kv.js";
import { readOrders } from "../../src/exchanger/normalize/order.js";
import { kvBackends } from "../storage/helpers.js";

const TOKEN_A = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
const TOKEN_B = "0f9e8d7c6b5a49382716f5e4d3c2b1a0";

describe.each(kvBackends("seen-tokens"))("$name", (backend) => {
  let kv: KV;
  let tokens: SeenTokens;
  beforeAll(async () => {
    kv = await backend.setup();
    tokens = new SeenTokens(kv, 60_000);
  });
  afterAll(() => backend.teardown());

  it("finds the chats that saw a token wherever it stands among a row's values", async () => {
    await tokens.record(11, [TOKEN_A]);
    await tokens.record(12, [TOKEN_A, TOKEN_B]);
    await tokens.record(12, [TOKEN_A]); // again: nothing changes
    expect(await tokens.chatsOf([42, "10.00", TOKEN_A, null])).toEqual(["11", "12"]);
    expect(await tokens.chatsOf([TOKEN_B])).toEqual(["12"]);
    expect(await tokens.chatsOf(["c0ffee00c0ffee00c0ffee00c0ffee00", 1024, "1024"])).toEqual([]);
  });

  it("keeps a hash, never the token, and lets the entry expire", async () => {
    const keys = await kv.keys("notify:tok:");
    expect(keys.length).toBe(2);
    for (const key of keys) {
      expect(key).not.toContain(TOKEN_A);
      expect(key).not.toContain(TOKEN_B);
      expect(await kv.get(key)).not.toMatch(/[0-9a-f]{32}/);
      const left = await backend.msLeft(key);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(60_000);
    }
  });

  it("numbers and short strings are never looked up as tokens", async () => {
    await tokens.record(13, ["1024", "paid"]);
    expect(await kv.keys("notify:tok:")).toHaveLength(2);
  });

  it("holds at most 16 chats per token, the newest", async () => {
    const token = "feedfacefeedfacefeedfacefeedface";
    for (let chat = 100; chat < 120; chat++) await tokens.record(chat, [token]);
    const chats = await tokens.chatsOf([token]);
    expect(chats).toHaveLength(16);
    expect(chats).toContain("119");
    expect(chats).not.toContain("100");
  });
});

describe("movingTokens", () => {
  it("indexes only the tokens of orders still in motion", () => {
    const orders = readOrders([
      { id: 1, token: TOKEN_A, status: 0 },
      { id: 2, token: TOKEN_B, status: 4 },
      { id: 3, status: 1 },
      { id: 4, token: "short", status: 1 },
    ]);
    expect(movingTokens(orders)).toEqual([TOKEN_A]);
  });
});
