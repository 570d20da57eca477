/** Callback data of the order screens: round trips, the 64-byte budget, and what is refused. */
import { describe, expect, it } from "vitest";
import {
  cardData,
  isSameFilterData,
  listData,
  parseCardData,
  parseCardPress,
  parseListData,
  refreshData,
  sameFilterData,
} from "../../../../src/bot/features/orders/codec.js";
import { openPayCard, payData } from "../../../../src/bot/features/pay/public.js";
import { storedOrderRef } from "../../../../src/bot/core/order-refs.js";

const ref = storedOrderRef;

describe("order list and card data", () => {
  it("a list page with each kind of filter comes back as it went", () => {
    for (const filter of [
      "all",
      { form: "number", value: "3" },
      { form: "name", value: "success" },
    ] as const) {
      const view = { scope: "ord" as const, filter, page: 7 };
      expect(parseListData("ord", listData(view))).toEqual(view);
    }
    expect(listData({ scope: "rord", filter: "all", page: 1 })).toBe("rord:l:a:1");
  });

  it("a card remembers the list it was opened from", () => {
    const back = {
      scope: "ord" as const,
      filter: { form: "name" as const, value: "wait" },
      page: 3,
    };
    const data = cardData(back, ref("1041"));
    expect(data).toBe("ord:c:1041:@wait:3");
    expect(parseCardData("ord", data)).toEqual({ ...back, ref: "1041" });
  });

  it("a card's Refresh is told from its opening (the QR code follows an opening only), both within 64 bytes", () => {
    const back = {
      scope: "rord" as const,
      filter: { form: "name" as const, value: "a".repeat(16) },
      page: 999999,
    };
    const opened = cardData(back, ref("x".repeat(32)));
    const refreshed = refreshData(back, ref("x".repeat(32)));
    expect(Buffer.byteLength(refreshed)).toBeLessThanOrEqual(64);
    expect(parseCardPress("rord", opened)).toEqual({
      ...back,
      ref: "x".repeat(32),
      refresh: false,
    });
    expect(parseCardPress("rord", refreshed)).toEqual({
      ...back,
      ref: "x".repeat(32),
      refresh: true,
    });
    expect(parseCardData("rord", refreshed)).toBeUndefined();
    expect(parseCardPress("ord", refreshed)).toBeUndefined();
  });

  it("the longest card still fits in 64 bytes; a longer or odd id travels as a short reference", () => {
    const back = {
      scope: "rord" as const,
      filter: { form: "name" as const, value: "a".repeat(16) },
      page: 999999,
    };
    expect(Buffer.byteLength(cardData(back, ref("x".repeat(32))))).toBeLessThanOrEqual(64);
    for (const id of ["x".repeat(33), "1".repeat(40), "12 34", "№1041"]) {
      const data = cardData(back, ref(id));
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      expect(data).not.toContain(id);
      expect(parseCardData("rord", data)?.ref).toBe(ref(id));
    }
  });

  it("data of the other scope, page 0 or odd spellings parse to nothing", () => {
    expect(parseListData("ord", "rord:l:a:1")).toBeUndefined();
    for (const data of [
      "ord:l:a:0",
      "ord:l:a:01",
      "ord:l:9:1",
      "ord:l:@:1",
      "ord:c:a b:a:1",
      "ord:l:a:1:x",
    ]) {
      expect(parseListData("ord", data) ?? parseCardData("ord", data), data).toBeUndefined();
    }
    expect(isSameFilterData("ord", sameFilterData("ord"))).toBe(true);
    expect(isSameFilterData("rord", sameFilterData("ord"))).toBe(false);
  });
});

describe("the Pay button's data (pay/public.ts)", () => {
  it("carries the order id for the pay feature to unpack", () => {
    expect(payData(ref("1041"))).toBe("pay:o:1041");
    expect(openPayCard.unpack(payData(ref("1041")))).toEqual({ orderId: "1041" });
  });

  it("an id that cannot travel as is still gets a button, carrying its reference", () => {
    for (const id of ["a".repeat(41), "1".repeat(40), "10 41"])
      expect(openPayCard.unpack(payData(ref(id)))).toEqual({ orderId: ref(id) });
    // A Pay button sent before references existed carried up to 40 characters: it still unpacks.
    expect(openPayCard.unpack(`pay:o:${"7".repeat(40)}`)).toEqual({ orderId: "7".repeat(40) });
  });
});
