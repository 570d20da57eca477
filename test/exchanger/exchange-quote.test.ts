/**
 * The calculator's arithmetic (src/exchanger/exchange-quote.ts): estimates a user would check against
 * the rate by hand, rounded as the currencies say, limits named, no binary float drift.
 */
import { describe, expect, it } from "vitest";
import {
  amountReadings,
  parseAmount,
  smallerReserve,
  withinTolerance,
  quoteFromReceive,
  quoteFromSend,
  type QuoteTerms,
} from "../../src/exchanger/exchange-quote.js";

/** usdttrc20-carduah of the sandbox: 1 USDT = 40.85 UAH, 20–50000 USDT, 2450000.00 UAH in reserve. */
const USDT_UAH: QuoteTerms = {
  rate: { send: "1", receive: "40.85" },
  min: "20",
  max: "50000",
  reserve: "2450000.00",
  sendDecimals: 2,
  receiveDecimals: 2,
};
/** carduah-btc: 0.00000040 BTC per UAH, 8 decimals out. */
const UAH_BTC: QuoteTerms = {
  rate: { send: "1", receive: "0.00000040" },
  min: "1000",
  max: "500000",
  reserve: "3.51204118",
  sendDecimals: 2,
  receiveDecimals: 8,
};

describe("quoteFromSend", () => {
  it("multiplies by the rate and rounds the estimate down to the receive currency's decimals", () => {
    expect(quoteFromSend(USDT_UAH, "100.50")).toEqual({
      ok: true,
      send: "100.50",
      receive: "4105.42",
    });
    expect(quoteFromSend(UAH_BTC, "1234.56")).toEqual({
      ok: true,
      send: "1234.56",
      receive: "0.00049382",
    });
  });

  it("has no binary drift: 0.1 + 0.2 style amounts come out exact", () => {
    const terms: QuoteTerms = {
      rate: { send: "1", receive: "3" },
      sendDecimals: 8,
      receiveDecimals: 8,
    };
    expect(quoteFromSend(terms, "0.1")).toMatchObject({ receive: "0.30000000" });
    // 1.005 * 100 is 100.49999999999999 in floats.
    expect(
      quoteFromSend(
        { rate: { send: "1", receive: "100" }, sendDecimals: 3, receiveDecimals: 2 },
        "1.005",
      ),
    ).toMatchObject({
      receive: "100.50",
    });
  });

  it("takes a rate given the other way round (2500000 UAH = 1 BTC) without losing digits", () => {
    const terms: QuoteTerms = {
      rate: { send: "2500000", receive: "1" },
      sendDecimals: 2,
      receiveDecimals: 8,
    };
    expect(quoteFromSend(terms, "1000.00")).toEqual({
      ok: true,
      send: "1000.00",
      receive: "0.00040000",
    });
    expect(quoteFromSend(terms, "1")).toEqual({ ok: true, send: "1.00", receive: "0.00000040" });
  });

  it("names the limit an amount crosses: min, max, then the reserve with the most that may be sent", () => {
    expect(quoteFromSend(USDT_UAH, "19.99")).toEqual({
      ok: false,
      send: "19.99",
      receive: "816.59",
      crossed: { limit: "min", min: "20" },
    });
    expect(quoteFromSend(USDT_UAH, "50000.01")).toMatchObject({
      ok: false,
      crossed: { limit: "max", max: "50000" },
    });
    const low = { ...USDT_UAH, reserve: "1000.00" };
    expect(quoteFromSend(low, "30")).toEqual({
      ok: false,
      send: "30.00",
      receive: "1225.50",
      crossed: { limit: "reserve", reserve: "1000", maxSend: "24.47" },
    });
    expect(quoteFromSend({ ...low, reserve: "0" }, "30")).toMatchObject({
      crossed: { limit: "reserve", maxSend: "0.00" },
    });
    expect(quoteFromSend(low, "24.47")).toMatchObject({ ok: true });
  });

  it("checks no limit the direction does not set (absent or zero), nor an unknown reserve", () => {
    const open: QuoteTerms = {
      rate: { send: "1", receive: "2" },
      min: "0",
      sendDecimals: 2,
      receiveDecimals: 2,
    };
    expect(quoteFromSend(open, "0.01")).toEqual({ ok: true, send: "0.01", receive: "0.02" });
    expect(quoteFromSend(open, "99999999999")).toMatchObject({
      ok: true,
      receive: "199999999998.00",
    });
  });

  it("refuses terms it cannot estimate with: no rate, a zero or malformed rate, absurd exponents", () => {
    for (const rate of [
      { send: "1", receive: "0" },
      { send: "1", receive: "abc" },
      { send: "", receive: "1" },
      { send: "1", receive: "1e999999" },
    ]) {
      expect(quoteFromSend({ ...USDT_UAH, rate }, "100")).toEqual({
        ok: false,
        unusableTerms: true,
      });
    }
    expect(quoteFromSend({ ...USDT_UAH, sendDecimals: Number.NaN }, "100")).toEqual({
      ok: false,
      unusableTerms: true,
    });
    expect(
      quoteFromSend(
        { ...USDT_UAH, rate: { send: "1", receive: "4e-7" }, receiveDecimals: 8 },
        "1000",
      ),
    ).toMatchObject({
      receive: "0.00040000",
    });
  });
});

describe("quoteFromReceive", () => {
  it("finds the amount to send, rounded up, whose estimate is at least the wish", () => {
    expect(quoteFromReceive(USDT_UAH, "1000")).toEqual({
      ok: true,
      send: "24.48",
      receive: "1000.00",
    });
    expect(quoteFromReceive(USDT_UAH, "4085")).toEqual({
      ok: true,
      send: "100.00",
      receive: "4085.00",
    });
    expect(quoteFromReceive(UAH_BTC, "0.001")).toEqual({
      ok: true,
      send: "2500.00",
      receive: "0.00100000",
    });
  });

  it("shows the wish itself when the rounded-up amount to send would give a few units more", () => {
    // 1 USDT = 0.00001631 BTC with 8 decimals both ways: sending enough for 500 gives 500.00000798.
    const terms: QuoteTerms = {
      rate: { send: "61312.5", receive: "1" },
      sendDecimals: 2,
      receiveDecimals: 8,
    };
    const quote = quoteFromReceive(terms, "0.01");
    expect(quote).toMatchObject({ ok: true, receive: "0.01000000" });
    const exact = quoteFromReceive({ ...terms, receiveDecimals: 2 }, "500");
    expect(exact).toMatchObject({ ok: true, receive: "500.00" });
  });

  it("checks the limits on the amount it found", () => {
    expect(quoteFromReceive(USDT_UAH, "100")).toMatchObject({
      ok: false,
      send: "2.45",
      crossed: { limit: "min", min: "20" },
    });
    expect(quoteFromReceive({ ...UAH_BTC, reserve: "0.5" }, "1")).toMatchObject({
      ok: false,
      crossed: { limit: "max" },
    });
    expect(quoteFromReceive({ ...UAH_BTC, max: "5000000", reserve: "0.5" }, "1")).toMatchObject({
      ok: false,
      crossed: { limit: "reserve", reserve: "0.5", maxSend: "1250000.00" },
    });
  });
});

describe("parseAmount", () => {
  it("reads amounts as people type them, with either decimal mark and grouped thousands", () => {
    const cases: Array<[string, number, string]> = [
      ["1500", 2, "1500.00"],
      ["1 500,50", 2, "1500.50"],
      ["1\u00a0500.5", 2, "1500.50"],
      ["0,015", 8, "0.01500000"],
      [".5", 2, "0.50"],
      ["5.", 2, "5.00"],
      ["1,500.25", 2, "1500.25"],
      ["1.500,25", 2, "1500.25"],
      ["1.500.000", 2, "1500000.00"],
      ["+7", 0, "7"],
      ["2.50", 1, "2.5"],
    ];
    for (const [text, decimals, amount] of cases)
      expect(parseAmount(text, decimals), text).toEqual({ ok: true, amount });
  });

  it("says what is wrong: not a number, not positive, more decimals than the currency has", () => {
    for (const text of ["", "abc", "1e5", "-5", "1,2,3", "1.2.3,4", "12$", "1,5.5,5"]) {
      expect(parseAmount(text, 2), text).toEqual({
        ok: false,
        problem: "not-a-number",
        decimals: 2,
      });
    }
    expect(parseAmount("0", 2)).toEqual({ ok: false, problem: "not-positive", decimals: 2 });
    expect(parseAmount("0,00", 2)).toEqual({ ok: false, problem: "not-positive", decimals: 2 });
    expect(parseAmount("1.005", 2)).toEqual({
      ok: false,
      problem: "too-many-decimals",
      decimals: 2,
    });
    expect(parseAmount("0.123456789", 8)).toEqual({
      ok: false,
      problem: "too-many-decimals",
      decimals: 8,
    });
    // More whole digits than any amount has: refused as an amount, not carried into the rate.
    for (const text of [
      "9".repeat(400),
      `${"1".repeat(25)}.5`,
      "1 000 000 000 000 000 000 000 000",
    ])
      expect(parseAmount(text, 2), text).toEqual({ ok: false, problem: "too-large", decimals: 2 });
    expect(parseAmount("9".repeat(24), 2)).toEqual({ ok: true, amount: `${"9".repeat(24)}.00` });
  });
});

describe("amountReadings: an amount that reads two ways is asked, not guessed", () => {
  it("one mark followed by exactly three digits: both readings", () => {
    expect(amountReadings("1,500", 2)).toEqual({ group: "1500.00", decimal: "1.50" });
    expect(amountReadings("1.500", 2)).toEqual({ group: "1500.00", decimal: "1.50" });
    expect(amountReadings("2,000", 8)).toEqual({ group: "2000.00000000", decimal: "2.00000000" });
    expect(amountReadings(" 12.345 ", 3)).toEqual({ group: "12345.000", decimal: "12.345" });
  });

  it("one reading only: not asked (today's parse stands)", () => {
    for (const text of [
      "1500",
      "1,5",
      "100.50",
      "0,500",
      "1234,567",
      "1,500.25",
      "1 500,00",
      "1,500,000",
    ])
      expect(amountReadings(text, 2), text).toBeUndefined();
  });

  it("“1.234” for a currency of 2 decimals is asked too: 1234, the decimal reading it cannot take left out", () => {
    expect(amountReadings("1.234", 2)).toEqual({ group: "1234.00" });
    expect(amountReadings("1,234", 0)).toEqual({ group: "1234" });
    // A decimal reading whose extra digits are zeros is one the currency takes.
    expect(amountReadings("1.500", 1)).toEqual({ group: "1500.0", decimal: "1.5" });
  });

  it("property: over precisions 0–8 and every d[dd][.,]ddd, the readings are exactly what parseAmount takes", () => {
    // A fixed-seed generator: the same cases on every run, many of them.
    let seed = 20261125;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 3000; run++) {
      const decimals = run % 9;
      const lead = String(1 + next(999)); // 1–999: no leading zero
      const tail = String(next(1000)).padStart(3, "0");
      const text = `${lead}${next(2) === 0 ? "." : ","}${tail}`;
      const readings = amountReadings(text, decimals);
      const whole = parseAmount(`${lead}${tail}`, decimals);
      const fraction = parseAmount(`${lead}.${tail}`, decimals);
      // Always asked: the thousands reading is always an amount.
      expect(readings, `${text} @${decimals}`).toBeDefined();
      expect(whole.ok && readings!.group).toBe(whole.ok && whole.amount);
      // The decimal reading is offered exactly when the currency takes its digits.
      const significant = tail.replace(/0+$/, "").length;
      expect(readings!.decimal !== undefined, `${text} @${decimals}`).toBe(significant <= decimals);
      if (fraction.ok) expect(readings!.decimal).toBe(fraction.amount);
      // Both readings carry exactly the currency's decimals.
      for (const amount of [readings!.group, readings!.decimal])
        if (amount !== undefined) expect(amount.split(".")[1]?.length ?? 0, amount).toBe(decimals);
    }
  });

  it("property: what is not d[dd][.,]ddd is never asked, at any precision 0–8", () => {
    for (let decimals = 0; decimals <= 8; decimals++)
      for (const text of [
        "0,500",
        "0.123",
        "1234.567",
        "1,50",
        "1.5000",
        "12",
        "1,500.5",
        "1.500.000",
        "abc",
      ])
        expect(amountReadings(text, decimals), `${text} @${decimals}`).toBeUndefined();
  });
});

describe("smallerReserve: the direction's or the currency list's, whichever is smaller", () => {
  it("takes the smaller, or the one known", () => {
    expect(smallerReserve("5000.00", "2450000.00")).toBe("5000.00");
    expect(smallerReserve("2450000.00", "5000")).toBe("5000");
    expect(smallerReserve(undefined, "5000")).toBe("5000");
    expect(smallerReserve("5000", undefined)).toBe("5000");
    expect(smallerReserve(undefined, undefined)).toBeUndefined();
    expect(smallerReserve("n/a", "10")).toBe("10");
  });
});

describe("withinTolerance: a rate moved at most 0.5 % against the customer", () => {
  it("accepts a move in the customer's favour, or against them up to 0.5 %", () => {
    expect(withinTolerance("4000.00", "4100.00")).toBe(true);
    expect(withinTolerance("4000.00", "3980.00")).toBe(true); // −0.5 % exactly
    expect(withinTolerance("4000.00", "3979.99")).toBe(false);
    expect(withinTolerance("4000.00", "3800.00")).toBe(false);
  });
});
