import { describe, expect, it } from "vitest";
import { escapeHtml, fieldLines, quoteInput } from "../../../src/bot/ui/html.js";

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
