/**
 * Pages as the server really serves them: a server that caps the page size below ORDERS_PAGE_SIZE
 * (asked for 15, sends 10) still has every order shown exactly once, walking ▶ from the first page —
 * with `pagination`, and without it, however the server counts its offsets.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS } from "../../../../src/sandbox/dialect.js";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";

/** Every order id shown walking ▶ from /orders' first page, in order. */
async function walkAll(user: SimUser): Promise<string[]> {
  await user.send("/orders");
  const seen: string[] = [];
  for (let guard = 0; guard < 20; guard++) {
    seen.push(...ids(user.lastText()));
    if (!hasNext(user)) break;
    await user.press("▶");
  }
  return seen;
}

const ids = (text: string): string[] => [...text.matchAll(/^\S+ #(\w+) · /gm)].map((m) => m[1]!);
const hasNext = (user: SimUser) =>
  (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat().some((b) => b.text === "▶");

describe("a server capping the page size", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start({
      dialect: { ...DIALECTS.spec, pageCap: 10 },
      env: { ORDERS_PAGE_SIZE: "15" },
    });
  });
  afterEach(async () => {
    await h.close();
  });

  it("every order is listed once: pages follow what the server served, not what was asked", async () => {
    const user = await h.linkedUser("main");
    await user.send("/orders");
    const seen: string[] = [];
    for (let guard = 0; guard < 20; guard++) {
      seen.push(...ids(user.lastText()));
      if (!hasNext(user)) break;
      await user.press("▶");
    }
    const orders = h.sandbox.state.accounts.main!.orders;
    expect(orders.length).toBeGreaterThan(20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(orders.map((o) => o.id)));
    // The cap read off the first answer's total; every later page asked at it, so page n starts at
    // (n - 1) × 10 however the server counts its offsets.
    const calls = h.exchangerCalls("/user-api-get-orders").map((c) => c.fields);
    expect(calls[0]).toMatchObject({ page: "1", limit: "15" });
    expect(calls.slice(1).every((c) => c.limit === "10")).toBe(true);
  });
});

describe.each(["served", "asked"] as const)(
  "a server capping the page size without pagination (offsets counted in the size %s)",
  (capOffset) => {
    let h: Harness;
    beforeEach(async () => {
      h = await Harness.start({
        dialect: { ...DIALECTS.spec, pagination: false, pageCap: 10, capOffset },
        env: { ORDERS_PAGE_SIZE: "15" },
      });
    });
    afterEach(async () => {
      await h.close();
    });

    it("every order is listed once: the served size is found once, then every page is asked at it", async () => {
      const user = await h.linkedUser("main");
      const seen = await walkAll(user);
      const orders = h.sandbox.state.accounts.main!.orders;
      expect(orders.length).toBeGreaterThan(20);
      expect(new Set(seen).size).toBe(seen.length);
      expect(new Set(seen)).toEqual(new Set(orders.map((o) => o.id)));
      // One call per page, and one more on the first page to find the cap (learned for the process).
      const calls = h.exchangerCalls("/user-api-get-orders").map((c) => c.fields);
      const pages = Math.ceil(orders.length / 10) + (orders.length % 10 === 0 ? 1 : 0);
      expect(calls).toHaveLength(pages + 1);
      expect(calls[0]).toMatchObject({ page: "1", limit: "15" });
      expect(calls[1]).toMatchObject({ page: "2", limit: "10" });
      expect(calls.slice(2).every((c) => c.limit === "10")).toBe(true);

      // Learned: the next visit asks at the served size straight away, without another probe.
      const before = calls.length;
      await user.send("/orders");
      expect(
        h
          .exchangerCalls("/user-api-get-orders")
          .slice(before)
          .map((c) => c.fields),
      ).toEqual([expect.objectContaining({ page: "1", limit: "10" })]);
    });
  },
);

describe("a server without pagination that does not cap", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start({
      dialect: { ...DIALECTS.spec, pagination: false },
      env: { ORDERS_PAGE_SIZE: "15" },
    });
  });
  afterEach(async () => {
    await h.close();
  });

  it("a short first page costs one look past it until a full page proves no cap below a page", async () => {
    const calls = () => h.exchangerCalls("/user-api-get-orders").map((c) => c.fields);
    const few = await h.linkedUser("twofa");
    const fewOrders = h.sandbox.state.accounts.twofa!.orders;
    expect(fewOrders.length).toBeLessThan(15);
    // Four orders when fifteen were asked: the end of the list, or a cap? One look at page 2 tells.
    await few.send("/orders");
    expect(ids(few.lastText())).toHaveLength(fewOrders.length);
    expect(hasNext(few)).toBe(false);
    expect(calls()).toEqual([
      expect.objectContaining({ page: "1", limit: "15" }),
      expect.objectContaining({ page: "2", limit: String(fewOrders.length) }),
    ]);

    // A full first page elsewhere proves the cap is at least a page: no short page is probed again.
    const user = await h.linkedUser("main");
    const seen = await walkAll(user);
    const orders = h.sandbox.state.accounts.main!.orders;
    expect(seen).toHaveLength(orders.length);
    expect(new Set(seen)).toEqual(new Set(orders.map((o) => o.id)));
    const before = calls().length;
    await few.send("/orders");
    expect(ids(few.lastText())).toHaveLength(fewOrders.length);
    expect(calls().slice(before)).toEqual([expect.objectContaining({ page: "1", limit: "15" })]);
  });
});
