/** Comparing a page of orders with what was seen last (pure). */
import { describe, expect, it } from "vitest";
import { compareOrders, decodeSeen, encodeSeen, withAnnounced, type SeenState } from "../../src/notify/seen.js";
import type { Order } from "../../src/exchanger/types.js";

const order = (id: number | string, status: unknown): Order => ({ id, status }) as Order;

describe("compareOrders", () => {
  it("the first page is only a baseline", () => {
    const result = compareOrders({ lang: "uk" }, [order(3, 0), order(2, "4")]);
    expect(result.changes).toEqual([]);
    expect(result.next).toMatchObject({ lang: "uk", maxId: 3 });
    expect([...result.next.statuses!]).toEqual([
      ["3", "created"],
      ["2", "completed"],
    ]);
    expect(result.active).toBe(true);
  });

  it("finds status changes and new orders, oldest first; an old order sliding into the page is not new", () => {
    const previous: SeenState = {
      maxId: 10,
      statuses: new Map([
        ["10", "created"],
        ["9", "paid"],
      ]),
    };
    const result = compareOrders(previous, [order(12, 0), order(11, "@paid"), order(10, 1), order(9, "1"), order(5, 4)]);
    expect(result.changes.map((c) => [c.kind, String(c.order.id), c.status])).toEqual([
      ["status", "10", "paid"],
      ["new", "11", "paid"],
      ["new", "12", "created"],
    ]);
    expect(result.next.maxId).toBe(12);
  });

  it("statuses outside the spec are compared as text; finished-only pages are idle", () => {
    const previous: SeenState = { statuses: new Map([["1", "7"]]) };
    const result = compareOrders(previous, [order(1, 8), order(2, "3")]);
    expect(result.changes.map((c) => c.status)).toEqual(["canceled", "8"]);
    expect(result.active).toBe(false);
  });

  it("changes that were not announced come up again, and an unannounced new order stays new", () => {
    const previous: SeenState = { maxId: 10, statuses: new Map([["10", "created"]]) };
    const result = compareOrders(previous, [order(12, 0), order(11, 0), order(10, 1)]);
    const kept = withAnnounced(previous, result, result.changes.slice(0, 1)); // only #10 went out
    expect(kept.statuses!.get("10")).toBe("paid");
    expect(kept.statuses!.has("11")).toBe(false);
    expect(kept.maxId).toBe(10);
    expect(compareOrders(kept, [order(12, 0), order(11, 0), order(10, 1)]).changes.map((c) => String(c.order.id))).toEqual(["11", "12"]);
  });

  it("round-trips compactly and reads damaged values as no baseline", () => {
    const state: SeenState = {
      lang: "ru",
      maxId: 1057,
      statuses: new Map([
        ["1057", "created"],
        ["a:b,c", "paid"],
        ["990", "7:~x"],
      ]),
    };
    const raw = encodeSeen(state);
    expect(decodeSeen(raw)).toEqual(state);
    expect(encodeSeen({ statuses: new Map(Array.from({ length: 20 }, (_, i) => [String(10_000 + i), "completed"])) }).length).toBeLessThan(
      170,
    );
    expect(decodeSeen("not json")).toEqual({});
    expect(decodeSeen('{"s":"broken"}').statuses).toBeUndefined();
    expect(decodeSeen(undefined)).toEqual({});
  });
});

describe("bounded state", () => {
  it("a 10,000-order answer with long ids and statuses keeps a small state", () => {
    const orders = Array.from({ length: 10_000 }, (_, i) =>
      order(i % 7 === 0 ? "x".repeat(5000) + i : 100_000 - i, i % 3 === 0 ? "s".repeat(10_000) : 1),
    );
    const first = compareOrders({}, orders);
    const second = compareOrders(
      first.next,
      orders.map((o) => ({ ...o, status: 4 })),
    );
    for (const state of [first.next, second.next]) {
      expect(state.statuses!.size).toBe(50);
      expect(encodeSeen(state).length).toBeLessThan(2_000);
    }
    expect(second.changes.length).toBeLessThanOrEqual(50);
  });
});
