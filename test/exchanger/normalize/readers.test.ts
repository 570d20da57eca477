/** The tolerant readers of undocumented (and documented) result shapes, each with every shape it accepts. */
import { describe, expect, it } from "vitest";
import { formatBalances, readBalances } from "../../../src/exchanger/normalize/balance.js";
import { readCurrencies } from "../../../src/exchanger/normalize/currencies.js";
import { readDirectionMap } from "../../../src/exchanger/normalize/directions.js";
import { readPublicInfo } from "../../../src/exchanger/normalize/public-info.js";
import { readVerification } from "../../../src/exchanger/normalize/verification.js";

describe("directions map", () => {
  it("reads the documented map with string or number ids and slugs", () => {
    expect(
      readDirectionMap({ "1": { "2": "eth-btc", "3": "eth-usdt" }, 4: { 1: "usdt-eth" } }),
    ).toEqual([
      { sendCurrencyId: "1", receiveCurrencyId: "2", pair: "eth-btc" },
      { sendCurrencyId: "1", receiveCurrencyId: "3", pair: "eth-usdt" },
      { sendCurrencyId: "4", receiveCurrencyId: "1", pair: "usdt-eth" },
    ]);
  });

  it("reads a PHP map that became a list (keys 0..n) at either level, and slugs given as objects", () => {
    expect(readDirectionMap([{ "5": "a-b" }, ["c-d"]])).toEqual([
      { sendCurrencyId: "0", receiveCurrencyId: "5", pair: "a-b" },
      { sendCurrencyId: "1", receiveCurrencyId: "0", pair: "c-d" },
    ]);
    expect(readDirectionMap({ "1": { "2": { slug: "x-y", rate: 3 } } })).toEqual([
      { sendCurrencyId: "1", receiveCurrencyId: "2", pair: "x-y" },
    ]);
  });

  it("still reads an old-style list of direction objects, leaving switched-off ones out", () => {
    const open = {
      id: 7,
      send_currency_id: 1,
      receive_currency_id: "2",
      slug: "btc-eth",
      inputs: [],
    };
    const closed = { id: 8, send_currency_id: 2, receive_currency_id: 1, active: "0" };
    const noSlug = { id: "9", send_currency_id: 3, receive_currency_id: 1 };
    expect(readDirectionMap([open, closed, noSlug])).toEqual([
      {
        sendCurrencyId: "1",
        receiveCurrencyId: "2",
        pair: "btc-eth",
        summary: expect.objectContaining({ id: "7", slug: "btc-eth" }),
      },
      {
        sendCurrencyId: "3",
        receiveCurrencyId: "1",
        pair: "9",
        summary: expect.objectContaining({ id: "9", slug: "9" }),
      },
    ]);
  });

  it("nothing is no directions; a scalar is not a map; empty slugs are skipped", () => {
    for (const nothing of [null, false, "", [], {}]) expect(readDirectionMap(nothing)).toEqual([]);
    expect(readDirectionMap(42)).toBeUndefined();
    expect(readDirectionMap("x")).toBeUndefined();
    expect(readDirectionMap({ "1": { "2": "", "3": null } })).toEqual([]);
  });
});

describe("currencies", () => {
  it("reads a list with name/code", () => {
    expect(readCurrencies([{ id: 1, name: "Bitcoin", code: "BTC", reserve: "3" }])).toEqual([
      { id: 1, name: "Bitcoin", code: "BTC", reserve: "3" },
    ]);
  });

  it("reads an object keyed by id with title/xml_code, the id from the key when the value lacks it", () => {
    expect(
      readCurrencies({
        "1": { id: "1", title: "Bitcoin", xml_code: "BTC" },
        "2": { title: "Ether", xml_code: "ETH", type: "crypto" },
      }),
    ).toEqual([
      { id: "1", name: "Bitcoin", code: "BTC" },
      { id: "2", name: "Ether", code: "ETH", type: "crypto" },
    ]);
  });

  it("takes the first non-empty alias, keeps the other fields, and drops entries without any id", () => {
    expect(
      readCurrencies([
        { id: 3, name: "", title: "Tether", currency_code: "USDT", symbol: "₮" },
        { name: "no id" },
        "junk",
      ]),
    ).toEqual([{ id: 3, name: "Tether", code: "USDT", symbol: "₮" }]);
  });

  it("reads the reserve under its usual names as a decimal string (the calculator's limit)", () => {
    const [a, b, c] = readCurrencies([
      { id: 1, code: "UAH", reserve: 5000.5 },
      { id: 2, code: "BTC", reserve_amount: "3.51204118" },
      { id: 3, code: "ETH", reserve: "plenty" },
    ])!;
    expect(a!.reserve).toBe("5000.5");
    expect(b!.reserve).toBe("3.51204118");
    expect(c!.reserve).toBe("plenty"); // shown as sent; the calculator ignores it (smallerReserve)
  });

  it("nothing is an empty list; a scalar is not a list", () => {
    for (const nothing of [null, false, "", [], {}]) expect(readCurrencies(nothing)).toEqual([]);
    expect(readCurrencies(7)).toBeUndefined();
  });
});

describe("status and referral program", () => {
  it("says which form the server chose", () => {
    expect(readPublicInfo({ online: true })).toEqual({ kind: "fields", fields: { online: true } });
    expect(readPublicInfo(["a", "b"])).toEqual({ kind: "list", items: ["a", "b"] });
    expect(readPublicInfo("  Works  ")).toEqual({ kind: "text", text: "Works" });
    expect(readPublicInfo(true)).toEqual({ kind: "flag", value: true });
    expect(readPublicInfo(false)).toEqual({ kind: "flag", value: false });
    expect(readPublicInfo(1)).toEqual({ kind: "flag", value: true });
    expect(readPublicInfo(12.5)).toEqual({ kind: "text", text: "12.5" });
    for (const nothing of [null, "", [], {}])
      expect(readPublicInfo(nothing)).toEqual({ kind: "nothing" });
  });
});

describe("balance", () => {
  it("a numeric string or a number, with the currency beside it when given", () => {
    expect(readBalances({ balance: "1500.00", balance_currency: "USD" })).toEqual([
      { amount: "1500.00", currency: "USD" },
    ]);
    expect(readBalances({ balance: 1500, currency: "EUR" })).toEqual([
      { amount: "1500", currency: "EUR" },
    ]);
    expect(readBalances({ balance: 0 })).toEqual([{ amount: "0" }]);
  });

  it("one value per currency: an object keyed by code, or a list of entries", () => {
    expect(readBalances({ balance: { USD: "1500.00", BTC: 0.01, note: "x" } })).toEqual([
      { amount: "1500.00", currency: "USD" },
      { amount: "0.01", currency: "BTC" },
    ]);
    expect(
      readBalances({
        balance: [
          { currency: "USD", amount: "10" },
          { code: "UAH", balance: 5 },
          { amount: "3" },
          7,
        ],
      }),
    ).toEqual([
      { amount: "10", currency: "USD" },
      { amount: "5", currency: "UAH" },
      { amount: "3" },
    ]);
    expect(readBalances({ balance: { USD: { amount: "2.5" } } })).toEqual([
      { amount: "2.5", currency: "USD" },
    ]);
  });

  it("no balance, or one that is not an amount, is none", () => {
    for (const balance of [undefined, null, "", "n/a", true])
      expect(readBalances({ balance })).toEqual([]);
    expect(readBalances(undefined)).toEqual([]);
  });

  it("formats every balance on one line", () => {
    expect(
      formatBalances([
        { amount: "1500.00", currency: "USD" },
        { amount: "0.01", currency: "BTC" },
      ]),
    ).toBe("1500.00 USD, 0.01 BTC");
    expect(formatBalances([{ amount: "5" }])).toBe("5");
    expect(formatBalances([])).toBeUndefined();
  });
});

describe("verification request", () => {
  it("null, false, [], {} and a blank template (empty status) are 'no request'", () => {
    for (const nothing of [
      null,
      false,
      "",
      [],
      {},
      { status: "" },
      { status: null, comment: "" },
      { id: 0, status: "  " },
    ]) {
      expect(readVerification(nothing)).toBeNull();
    }
  });

  it("a request with a status is a request; a scalar is not a request", () => {
    expect(readVerification({ status: "pending", id: 3 })).toEqual({
      id: "3",
      status: { meaning: "pending" },
      fields: {},
    });
    expect(readVerification({ status: 0 })).toEqual({ status: { meaning: "pending" }, fields: {} });
    expect(readVerification({ first_name: "Ann" })).toEqual({
      status: { meaning: "unknown" },
      fields: { first_name: "Ann" },
    });
    expect(readVerification(5)).toBeUndefined();
  });
});
