import { describe, expect, it } from "vitest";
import {
  checkFieldValue,
  fieldChoices,
  shownValue,
  takesPaymentDetails,
} from "../../../../src/bot/features/exchange/fields.js";
import type { PlanField } from "../../../../src/bot/features/exchange/plan.js";

const field = (name: string, id = "1"): PlanField => ({
  id,
  name,
  label: name,
  param: name.toLowerCase().replace(/\W+/g, "_"),
});
const CARD = field("Card number", "11");
const HOLDER = field("Card holder name", "12");
const EMAIL = field("E-mail", "31");
const WALLET = field("Адрес кошелька TRC20", "23");

describe("the exchange form's fields", () => {
  it("offer payment details only to fields taking a card, wallet or account, in any language", () => {
    expect(takesPaymentDetails(CARD)).toBe(true);
    expect(takesPaymentDetails(WALLET)).toBe(true);
    expect(takesPaymentDetails(HOLDER)).toBe(false);
    expect(takesPaymentDetails(EMAIL)).toBe(false);
  });

  it("offer a masked saved value only as the saved card it masks, then the receive currency's details", () => {
    const saved = [
      { id: "11", value: "537541******9876" },
      { id: "12", value: "IVAN PETRENKO" },
    ];
    const details = [
      { id: 1, currency_id: 7, value: "5375 4141 2222 9876" },
      { id: 2, currency_id: 5, value: "4149 4993 0000 1234" },
      { id: 3, currency_id: 1, value: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh" },
    ];
    expect(fieldChoices(CARD, saved, details, "5")).toEqual([
      { value: "5375 4141 2222 9876", label: "537541******9876" },
      { value: "4149 4993 0000 1234", label: "414949******1234" },
    ]);
    expect(fieldChoices(CARD, saved, details.slice(1), "5").map((c) => c.value)).toEqual([
      "4149 4993 0000 1234",
    ]);
    expect(fieldChoices(HOLDER, saved, details, "5")).toEqual([
      { value: "IVAN PETRENKO", label: "IVAN PETRENKO" },
    ]);
    expect(fieldChoices(EMAIL, saved, details, "5")).toEqual([]);
  });

  it("mask card numbers wherever shown, and names never", () => {
    // By the field (whatever the digits), and any valid card number under any field.
    expect(shownValue(CARD, "4149 4993 0000 1234")).toBe("414949******1234");
    expect(shownValue(EMAIL, "4111 1111 1111 1111")).toBe("411111******1111");
    expect(shownValue(HOLDER, "IVAN PETRENKO")).toBe("IVAN PETRENKO");
  });

  it("check typed values with a specific problem", () => {
    expect(checkFieldValue(CARD, " 4111 1111 1111 1111 ")).toEqual({
      ok: true,
      value: "4111 1111 1111 1111",
    });
    expect(checkFieldValue(CARD, "4111 1111 1111 1112")).toEqual({ ok: false, problem: "card" });
    expect(checkFieldValue(EMAIL, "ivan@")).toEqual({ ok: false, problem: "email" });
    expect(checkFieldValue(HOLDER, "   ")).toEqual({ ok: false, problem: "empty" });
    expect(checkFieldValue(HOLDER, "x".repeat(256))).toEqual({ ok: false, problem: "too-long" });
    expect(checkFieldValue(WALLET, "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9").ok).toBe(true);
  });
});
