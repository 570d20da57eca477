import { describe, expect, it } from "vitest";
import { escapeHtml, fieldLines, quoteInput, visibleText } from "../../../src/bot/ui/html.js";

describe("quoteInput: the user's text quoted back in a message", () => {
  it("escapes HTML", () => {
    expect(quoteInput("<b>BTC</b> & co")).toBe("&lt;b&gt;BTC&lt;/b&gt; &amp; co");
  });

  it("drops bidi overrides, zero-width and control characters, collapses whitespace", () => {
    expect(quoteInput("\u202etxt.exe\u202c\u200b  a\u0000b\n\tc \u2067d\u2069")).toBe(
      "txt.exe ab c d",
    );
    expect(quoteInput("\u200b\u200c\u200d\ufeff")).toBe("");
  });

  it("cuts long text by characters, never inside an emoji", () => {
    const quoted = quoteInput("💸".repeat(100), 10);
    expect([...quoted]).toHaveLength(10);
    expect(quoted.endsWith("…")).toBe(true);
    expect(quoted).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/); // no lone high surrogate
    expect(quoteInput("short", 10)).toBe("short");
  });

  it("escapes after cutting, so an entity is never split", () => {
    expect(quoteInput("&".repeat(20), 5)).toBe(escapeHtml("&&&&…"));
  });
});

describe("fieldLines: labels from the screen's dictionary, nested keys too", () => {
  const label = (key: string) => ({ settings: "Настройки", language: "Язык" })[key];

  it("names a field and the keys of its object value with the screen's labels; unknown keys humanized", () => {
    expect(fieldLines({ settings: { language: "uk", dark_mode: 1 } }, { label })).toEqual([
      "<b>Настройки:</b> Язык: uk; Dark mode: 1",
    ]);
  });

  it("without labels every key is humanized, as before", () => {
    expect(fieldLines({ settings: { language: "uk" } })).toEqual(["<b>Settings:</b> Language: uk"]);
  });
});

describe("visibleText's quick check", () => {
  it("lets plain and emoji text through as it is and still cleans every unsafe class", () => {
    for (const text of ["1041 · 250.00 USDT", "Заявка №1041", "🆕 #1041 → 👍🏽", "line\nbreak"])
      expect(visibleText(text)).toBe(text);
    const unsafe = ["\u0000", "\u0007", "\u001f", "\u007f", "\u0085", "\u009f", "\u00ad", "\u061c"];
    unsafe.push("\u180e", "\u200b", "\u200f", "\u202a", "\u202e", "\u2060", "\u2069", "\ufeff");
    unsafe.push("\ufff9", "\ufffb", "\ud800", "\udfff");
    for (const bad of unsafe) expect(visibleText(`a${bad}b`)).toBe("ab");
    expect(visibleText("a\r\nb\tc")).toBe("a\nb c");
    expect(visibleText("🆕\u202e#1")).toBe("🆕#1");
  });
});
