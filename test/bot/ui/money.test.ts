/**
 * The one number format (ui/money.ts): the reader's language, the currency's precision, no padding,
 * no digit lost to a float.
 */
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.js";
import { balancesText, formatAmount, formatNumber, moneyText } from "../../../src/bot/ui/money.js";

const i18n = createI18n("en");
const reader = (lang: string) => ({ t: (key: string) => i18n.t(lang, key) });
const [en, ru, uk] = [reader("en"), reader("ru"), reader("uk")];

describe("money on screens", () => {
  it("ru/uk: a decimal comma and a narrow no-break space between thousands; en as it always was", () => {
    expect(formatAmount(ru, "1500.5", 2)).toBe("1\u202f500,50");
    expect(formatAmount(uk, "2450000.00", 2)).toBe("2\u202f450\u202f000,00");
    expect(formatAmount(en, "2450000.00", 2)).toBe("2450000.00");
  });

  it("the currency's precision, never the calculator's padding", () => {
    expect(formatAmount(en, "0.05000000", 8)).toBe("0.05");
    expect(formatAmount(en, "157.52500000", 2)).toBe("157.53");
    expect(formatAmount(en, "0.00272921", 8)).toBe("0.00272921");
    expect(formatAmount(en, "20", 2)).toBe("20.00");
    expect(formatAmount(en, "7", 0)).toBe("7");
    // Unknown precision: every digit given, trailing zeros past two dropped.
    expect(formatAmount(ru, "157.52500000")).toBe("157,525");
  });

  it("every digit of a long decimal survives (formatted as text, not as a float)", () => {
    expect(formatNumber(en, "12345678901234567.123456789")).toBe("12345678901234567.123456789");
    expect(formatNumber(ru, "0.1")).toBe("0,1");
  });

  it("text that is no number is shown as written", () => {
    expect(formatAmount(ru, "about 5")).toBe("about 5");
    expect(formatNumber(uk, "1e5")).toBe("1e5");
  });

  it("an amount with its currency's name, the balance per currency", () => {
    const names = new Map([["1", "Bitcoin"]]);
    expect(moneyText(ru, names, { amount: "0.05000000", currency: { id: "1", decimals: 8 } })).toBe(
      "0,05 Bitcoin",
    );
    expect(moneyText(en, names, { currency: { code: "USDTTRC20" } })).toBe("USDTTRC20");
    expect(
      balancesText(uk, [
        { amount: "1500", currency: "USD" },
        { amount: "0.01", currency: "BTC" },
      ]),
    ).toBe("1\u202f500,00 USD, 0,01 BTC");
  });
});
