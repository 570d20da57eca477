/**
 * Server values are shown safely whatever their shape (issue 13, item 5): nesting and length are
 * bounded, and control, bidi, zero-width and lone-surrogate characters never reach Telegram.
 */
import { describe, expect, it } from "vitest";
import {
  clip,
  displayValue,
  escapeHtml,
  fieldLines,
  visibleText,
} from "../../../src/bot/ui/html.js";
import { wellFormed } from "../../harness/html-check.js";

const UNSAFE_SAMPLE = "a\u202Eb\u200Bc\u0007d\uD800e\uDC00f\u2066g\uFEFFh\u0000i";

describe("visibleText / escapeHtml", () => {
  it("drops bidi overrides, zero-width, control characters and lone surrogates; keeps line breaks and emoji", () => {
    expect(visibleText(UNSAFE_SAMPLE)).toBe("abcdefghi");
    expect(visibleText("line 1\r\nline 2\tend 👨‍👩‍👧 🇺🇦")).toBe("line 1\nline 2 end 👨👩👧 🇺🇦");
    expect(escapeHtml(`<b>${UNSAFE_SAMPLE}</b>`)).toBe("&lt;b&gt;abcdefghi&lt;/b&gt;");
  });

  it("leaves well-formed text only (no lone surrogate survives, even one made by cutting)", () => {
    const cut = clip("😀".repeat(500), 7);
    expect(cut).toBe(`${"😀".repeat(6)}…`);
    expect(wellFormed(cut)).toBe(true);
    expect(wellFormed(clip(`x${"\uD83D".repeat(10)}y`))).toBe(true);
    expect(wellFormed("\uD83D")).toBe(false);
  });
});

describe("displayValue with hostile shapes", () => {
  it("renders JSON nested 100,000 deep without overflowing, at a bounded depth", () => {
    const deep = JSON.parse(`${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`) as unknown;
    const shown = displayValue(deep)!;
    expect(shown).toBe("A: (A: (A: …))");
    const deepList = JSON.parse(`${"[".repeat(100_000)}1${"]".repeat(100_000)}`) as unknown;
    expect(displayValue(deepList)).toBe("…");
  });

  it("shows nested objects readably: parentheses around each level", () => {
    expect(
      displayValue({ amount: "10", currency: { code: "BTC", network: { name: "Bitcoin" } } }),
    ).toBe("Amount: 10; Currency: (Code: BTC; Network: (Name: Bitcoin))");
    expect(displayValue([{ id: 1 }, { id: 2 }])).toBe("(Id: 1), (Id: 2)");
  });

  it("bounds huge lists and objects: entries per level and total text", () => {
    const many = Array.from({ length: 100_000 }, (_, i) => i);
    const shown = displayValue(many)!;
    expect(shown.split(", ")).toHaveLength(21);
    expect(shown.endsWith("…")).toBe(true);
    const wide = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`k${i}`, "x".repeat(200)]),
    );
    expect(displayValue(wide)!.length).toBeLessThan(2500);
  });

  it("cuts a 16 MB string at the entry", () => {
    const shown = displayValue("z".repeat(16 * 1024 * 1024))!;
    expect(shown.length).toBeLessThanOrEqual(2001);
    expect(shown.endsWith("…")).toBe(true);
  });

  it("fieldLines of a record with 100,000 fields stays a bounded list", () => {
    const record = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`field_${i}`, i]));
    expect(fieldLines(record)).toHaveLength(100);
  });
});
