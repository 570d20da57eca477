/** Comparing a page of orders with what was seen last (pure). */
import { readStatus } from "../../src/exchanger/vocabulary.js";
import { describe, expect, it } from "vitest";
import {
  compareOrders,
  decodeSeen,
  readSeen,
  seenRecord,
  withAnnounced,
  type SeenState,
} from "../../src/notify/seen.js";
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
    const result = compareOrders(previous, [
      order(12, 0),
      order(11, "@paid"),
      order(10, 1),
      order(9, "1"),
      order(5, 4),
    ]);
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
    expect(
      compareOrders(kept, [order(12, 0), order(11, 0), order(10, 1)]).changes.map((c) =>
        String(c.order.id),
      ),
    ).toEqual(["11", "12"]);
  });

  it("reads damaged values as no baseline", () => {
    expect(decodeSeen("not json")).toEqual({});
    expect(decodeSeen('{"s":"broken"}').statuses).toBeUndefined();
    expect(decodeSeen('{"s":"%E0%A4%A:0"}').statuses).toBeUndefined();
    expect(readSeen({ m: 5, o: "A7" }).statuses).toBeUndefined(); // a jump without its status
    expect(readSeen({ m: 5, o: "F" }).statuses).toBeUndefined(); // a code missing from the dictionary
    expect(readSeen({ m: 5, o: "zzzzzzzzzzzzA" }).statuses).toBeUndefined(); // a jump past any safe id
    expect(readSeen({ m: 5, o: "A", x: { "A-1": "ZZ" } }).statuses).toBeUndefined();
    expect(decodeSeen(undefined)).toEqual({});
  });
});

/** Stored and read back, through JSON as the settings key holds it. */
const roundTrip = (state: SeenState): SeenState =>
  readSeen(JSON.parse(JSON.stringify(seenRecord(state))));
const stored = (state: SeenState): string => JSON.stringify(seenRecord(state));

describe("stored state", () => {
  it("round-trips named statuses, unknown ones and ids that are not numbers", () => {
    const state: SeenState = {
      lang: "ru",
      maxId: 1057,
      statuses: new Map([
        ["1057", "created"],
        ["1056", "awaiting_payment"],
        ["1055", "processing"],
        ["1054", "awaiting_payment"],
        ["a:b,c", "paid"],
        ["0012", 'partially refunded, "odd" ~ 7:x'],
        ["990", "7"],
      ]),
    };
    expect(roundTrip(state)).toEqual(state);
    // The spec's statuses cost no dictionary entry; each other status is spelled once per chat.
    const record = seenRecord(state);
    expect(record.d).toEqual([
      "awaiting_payment",
      "processing",
      'partially refunded, "odd" ~ 7:x',
      "7",
    ]);
  });

  it("follows ids with gaps, out of order and above the highest one remembered", () => {
    const state: SeenState = {
      maxId: 1041,
      statuses: new Map([
        ["1041", "completed"],
        ["1040", "completed"],
        ["1003", "canceled"],
        ["17", "paid"],
        ["1100", "created"], // above maxId (an unannounced new order keeps maxId below it)
        ["0", "suspended"],
      ]),
    };
    expect(roundTrip(state)).toEqual(state);
    expect(seenRecord(state).o).toBe("EE10DrdB-u4AujC");
    expect(roundTrip({ statuses: new Map([["42", "paid"]]) })).toEqual({
      statuses: new Map([["42", "paid"]]),
    }); // no maxId
    expect(roundTrip({ lang: "uk", maxId: 3, statuses: new Map() })).toEqual({
      lang: "uk",
      maxId: 3,
      statuses: new Map(),
    });
    expect(roundTrip({ lang: "uk" })).toEqual({ lang: "uk" }); // switched on, no baseline yet
  });

  it("twenty orders cost about a character each on a quiet exchanger, a few on a busy one", () => {
    const statuses = (ids: number[]) =>
      new Map(ids.map((id, i) => [String(id), i % 3 === 0 ? "created" : "completed"]));
    const contiguous = Array.from({ length: 20 }, (_, i) => 1041 - i);
    expect(stored({ lang: "en", maxId: 1041, statuses: statuses(contiguous) })).toBe(
      '{"l":"en","m":1041,"o":"AEEAEEAEEAEEAEEAEEAE"}',
    );
    // Ids ~400 apart: a jump of two base-36 digits per order; ~5000 apart: three.
    const spread = (gap: number) => Array.from({ length: 20 }, (_, i) => 2_500_000 - i * gap);
    expect(
      stored({ lang: "en", maxId: 2_500_000, statuses: statuses(spread(397)) }).length,
    ).toBeLessThanOrEqual(90);
    expect(
      stored({ lang: "en", maxId: 2_500_000, statuses: statuses(spread(5000)) }).length,
    ).toBeLessThanOrEqual(110);
  });

  it("an answer with more orders than followed keeps only the first MAX_TRACKED, each status stored", () => {
    const orders = Array.from({ length: 60 }, (_, i) => order(5000 - i * 3, `custom_${i}`));
    const next = compareOrders({}, orders).next;
    expect(next.statuses!.size).toBe(50);
    expect(roundTrip(next)).toEqual(next);
    expect(next.statuses!.has(String(5000 - 49 * 3))).toBe(true);
    expect(next.statuses!.has(String(5000 - 50 * 3))).toBe(false);
  });

  it("reads the previous version's format exactly", () => {
    // As the previous version wrote it: "id:code", the spec id or "~" + the URI-encoded text.
    const legacy =
      '{"l":"uk","m":1057,"s":"1057:0,1056:~awaiting_payment,a%3Ab%2Cc:1,990:~7%3A~x"}';
    expect(decodeSeen(legacy)).toEqual({
      lang: "uk",
      maxId: 1057,
      statuses: new Map([
        ["1057", "created"],
        ["1056", "awaiting_payment"],
        ["a:b,c", "paid"],
        ["990", "7:~x"],
      ]),
    });
    expect(decodeSeen('{"l":"en"}')).toEqual({ lang: "en" }); // switched on, no baseline yet
    expect(decodeSeen('{"m":3,"s":""}')).toEqual({ maxId: 3, statuses: new Map() });
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
      orders.map((o) => ({ ...o, status: readStatus(4) })),
    );
    for (const state of [first.next, second.next]) {
      expect(state.statuses!.size).toBe(50);
      expect(stored(state).length).toBeLessThan(2_000);
    }
    expect(second.changes.length).toBeLessThanOrEqual(50);
  });
});
