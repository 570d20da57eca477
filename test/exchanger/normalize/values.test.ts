/** The general readers every normalizer is built from, and the any-depth masking of secrets. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  amountOf,
  dateOf,
  decodeEntities,
  entriesOf,
  idOf,
  textOf,
} from "../../../src/exchanger/normalize/values.js";
import { isCardNumber, isHiddenField, maskDeep } from "../../../src/exchanger/normalize/secrets.js";
import { readRate } from "../../../src/exchanger/normalize/money.js";
import { readOrder } from "../../../src/exchanger/normalize/order.js";
import { readStatus } from "../../../src/exchanger/vocabulary.js";
import { quoteTermsOf, readDirection } from "../../../src/exchanger/normalize/direction.js";
import { readCurrencies } from "../../../src/exchanger/normalize/currencies.js";

describe("general readers", () => {
  it("numbers: numbers, numeric strings, thousands separators and decimal commas, never floats", () => {
    expect(
      ["1837.5", 1837.5, "1 837,5", "1,837.5", "1.837,5", "1837,5", "1 837,50"].map(amountOf),
    ).toEqual(["1837.5", "1837.5", "1837.5", "1837.5", "1837.5", "1837.5", "1837.50"]);
    expect(amountOf("1,500")).toBe("1500"); // PHP number_format's grouping
    expect(amountOf("0,030")).toBe("0.030");
    expect(amountOf(0.0000001)).toBe("0.0000001");
    expect(amountOf({ amount: "2,5" })).toBe("2.5");
    expect(["", "abc", "1.2.3,4,5", null, {}].map(amountOf)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("dates: unix seconds and milliseconds, ISO, MySQL and dd.mm.yyyy forms are one moment", () => {
    const moment = Date.UTC(2025, 0, 6, 12, 0, 0);
    for (const form of [
      1736164800,
      "1736164800",
      1736164800000,
      "2025-01-06T12:00:00Z",
      "2025-01-06 12:00:00",
      "06.01.2025 12:00",
    ])
      expect(dateOf(form)?.getTime(), String(form)).toBe(moment);
    expect(dateOf("31.02.2025 10:00")).toBeUndefined();
    expect(dateOf("soon")).toBeUndefined();
  });

  it("scalars or objects, ids as opaque text, maps or lists, HTML entities decoded once", () => {
    expect(textOf({ code: "BTC" })).toBe("BTC");
    expect(idOf({ id: 5 })).toBe("5");
    expect(idOf("123456789012345678901")).toBe("123456789012345678901");
    expect(entriesOf([{ id: "12", v: 1 }]).map((e) => e.key)).toEqual(["12"]);
    expect(entriesOf({ "7": "x" }).map((e) => e.key)).toEqual(["7"]);
    expect(decodeEntities("Visa &amp; MasterCard &#8470;1 &amp;lt;")).toBe(
      "Visa & MasterCard №1 &lt;",
    );
  });

  it("rates as a scalar, a pair, an object or text", () => {
    for (const form of [
      "61234.5",
      61234.5,
      [1, 61234.5],
      { from: 1, to: "61 234,5" },
      "1 BTC = 61234.5 USDT",
    ])
      expect(readRate(form), JSON.stringify(form)).toEqual({ send: "1", receive: "61234.5" });
  });

  it("statuses: objects, human titles in ru/uk/en, and names all mean the same", () => {
    for (const form of [
      { id: "0", name: "awaiting_payment", title: "Awaiting payment" },
      "Ожидает оплаты",
      "Очікує оплати",
      "awaiting_payment",
    ])
      expect(readStatus(form).meaning, JSON.stringify(form)).toBe("awaiting-payment");
    // A refund word decides the meaning (never payable); the label stays the server's words.
    expect(readStatus({ name: "partially_refunded", title: "Частично возвращена" })).toMatchObject({
      meaning: "canceled",
      label: "Частично возвращена",
    });
  });
});

describe("masking at any depth", () => {
  it("card and document numbers are masked wherever they sit; secret fields are left out", () => {
    const masked = maskDeep({
      data: {
        card_number: "4111111111111111",
        passport_number: "AB1234567",
        nested: [{ note: "pay to 4111 1111 1111 1111" }],
      },
      order_id: "123456789012345",
      private_key: "k",
      settings: { ga_key: "x", pin_code: "1234", backup_codes: ["1"] },
    });
    const text = JSON.stringify(masked);
    expect(text).not.toMatch(
      /4111111111111111|4111 1111 1111 1111|AB1234567|private_key|ga_key|pin_code|backup_codes/,
    );
    expect(text).toContain("411111******1111");
    expect(text).toContain("123456789012345"); // an order number is not a card (no Luhn match)
  });

  it("one hook decides which fields are hidden", () => {
    for (const name of [
      "private_key",
      "pin_code",
      "backup_codes",
      "recovery_phrase",
      "card_cvv",
      "ga_key",
      "password",
      "api_key",
    ])
      expect(isHiddenField(name), name).toBe(true);
    for (const name of ["card_number", "comment", "login", "pinned"])
      expect(isHiddenField(name), name).toBe(false);
    expect(isCardNumber("4111 1111 1111 1111")).toBe(true);
    expect(isCardNumber("4111 1111 1111 1112")).toBe(false);
  });

  it("an order's extras are masked and flattened, never raw Key: (Key: …) chains", () => {
    const order = readOrder({
      id: 1,
      status: 0,
      meta: { card: "4111111111111111", plan: { id: 3, name: "Premium" } },
    })!;
    expect(order.fields).toEqual({ "meta.card": "411111******1111", "meta.plan": "Premium" });
  });
});

describe("a direction for the calculator", () => {
  it("rate, limits (flat or nested), reserve, decimals and the fields with their create-order names", () => {
    const direction = readDirection({
      id: "5",
      send: { currency: { id: 1, code: "BTC", decimals: 8 } },
      receive_currency_id: 3,
      course: [1, "61 250,5"],
      limits: { min: "0,001", max: 2.5 },
      reserve_amount: "150000.75",
      inputs: { "11": "Wallet address", "31": "E-mail" },
    })!;
    expect(direction).toMatchObject({
      id: "5",
      send: { id: "1", code: "BTC", decimals: 8 },
      receive: { id: "3" },
    });
    expect(direction.fields.map((f) => [f.id, f.label, f.param, f.required])).toEqual([
      ["11", "Wallet address", "wallet_address", true],
      ["31", "E-mail", "e_mail", true],
    ]);
    expect(quoteTermsOf(direction, { send: 2, receive: 2 })).toEqual({
      rate: { send: "1", receive: "61250.5" },
      min: "0.001",
      max: "2.5",
      reserve: "150000.75",
      sendDecimals: 8,
      receiveDecimals: 2,
    });
  });
});

describe("currencies", () => {
  it("names decoded once, codes under synonyms, decimals as a number", () => {
    expect(
      readCurrencies({
        "4": { title: "Visa &amp; MasterCard", xml_code: { code: "CARDUAH" }, decimals: "2" },
      }),
    ).toEqual([{ id: "4", name: "Visa & MasterCard", code: "CARDUAH", decimals: 2 }]);
  });
});

describe("amounts with a currency code after them, dates with a zone after a space", () => {
  it("a currency code is whatever follows the number, digits included", () => {
    expect(amountOf("0.32000000 USDTTRC20")).toBe("0.32000000");
    expect(amountOf("1 234,50 USDTERC20")).toBe("1234.50");
    expect(amountOf("5BEP20")).toBe("5");
    expect(readRate("1 USDTTRC20 = 40.85 CARDUAH")).toEqual({ send: "1", receive: "40.85" });
    expect(readRate("1 BTC = 61234.5 USDTTRC20")).toEqual({ send: "1", receive: "61234.5" });
  });

  it("reads the zone after the time", () => {
    const at = "2026-11-20T11:03:00.000Z";
    for (const text of [
      "2026-11-20 14:03:00 +03:00",
      "2026-11-20 14:03:00 +0300",
      "2026-11-20 14:03:00+03:00",
      "2026-11-20 14:03:00 UTC+3",
      "20.11.2026 14:03:00 +03:00",
      "2026-11-20T14:03:00 +03:00",
    ])
      expect(dateOf(text)?.toISOString(), text).toBe(at);
    expect(dateOf("2026-11-20 11:03:00 UTC")?.toISOString()).toBe(at);
    expect(dateOf("2026-11-20 06:03:00 -05:00")?.toISOString()).toBe(at);
    expect(dateOf("2026-11-20 14:03:00 +25:00")).toBeUndefined();
  });
});

describe("records of one shape read one by one", () => {
  // found() works out once per shape (the keys in order) where each fact may be; the values are
  // still each record's own: an empty synonym in one record must not hide the filled one in the next.
  const order = (fields: Record<string, unknown>) => ({
    id: "1",
    status: 1,
    send_amount: "",
    send_sum: "",
    created_at: "",
    date: "",
    ...fields,
  });

  it("takes each record's first filled synonym, whichever it is", () => {
    const [first, second] = [
      order({ send_amount: "10", date: "2025-02-09 07:24:43" }),
      order({ send_sum: "20", created_at: "2025-02-10 07:24:43" }),
    ].map((raw) => readOrder(raw));
    expect(first?.send?.amount).toBe("10");
    expect(second?.send?.amount).toBe("20");
    expect(first?.createdAt?.toISOString()).toBe("2025-02-09T07:24:43.000Z");
    expect(second?.createdAt?.toISOString()).toBe("2025-02-10T07:24:43.000Z");
  });

  it("reads other spellings by shape too, and keeps reading right past the shapes it keeps", () => {
    // More distinct shapes than are kept: each read is still its own record's.
    for (let i = 0; i < 600; i++) {
      const raw = { ID: String(i), Status: 2, "Send-Amount": `${i}.5`, [`extra_${i}`]: "x" };
      const read = readOrder(raw);
      expect(read?.id).toBe(String(i));
      expect(read?.send?.amount).toBe(`${i}.5`);
      expect(read?.fields).toHaveProperty(`extra_${i}`);
    }
  });

  it("a record of very many keys is read like any other", () => {
    const raw: Record<string, unknown> = { id: "7", status: 1, sendAmount: "3" };
    for (let i = 0; i < 100; i++) raw[`note_${i}`] = "";
    expect(readOrder(raw)?.send?.amount).toBe("3");
    expect(readOrder({ ...raw, sendAmount: "4" })?.send?.amount).toBe("4");
  });
});

describe("names lists are constants", () => {
  // found() keeps its look-ups per shape and names list by the list's identity: a list written
  // inline is a new array on every call, so it would never be found again and crowd the others out.
  it("no normalizer passes found(), firstOf(), entriesOf() or a take() an inline list", () => {
    const folder = new URL("../../../src/exchanger/normalize/", import.meta.url);
    const inline = /\b(found|firstOf|entriesOf|take)\((?:[^()[\],]*,\s*)*\[/;
    const offenders = readdirSync(folder)
      .filter((name) => name.endsWith(".ts"))
      .flatMap((name) =>
        readFileSync(new URL(name, folder), "utf8")
          .split("\n")
          .flatMap((line, i) => (inline.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
