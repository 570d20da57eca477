import { describe, expect, it } from "vitest";
import { htmlToPlain, sameRows } from "../../../src/bot/ui/unchanged.js";

describe("htmlToPlain (what Telegram shows for our HTML)", () => {
  it("drops tags and keeps their text", () => {
    expect(htmlToPlain('<b>Orders</b> · <a href="https://x.example/?a=1&amp;b=2">site</a>')).toBe(
      "Orders · site",
    );
  });

  it("decodes named, decimal and hex entities", () => {
    expect(
      htmlToPlain("a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#8594; &#x1F4B0; &#X41;"),
    ).toBe("a <b> & \"c\" 'd' → 💰 A");
  });

  it("shows an escaped tag as text and never strips it", () => {
    expect(htmlToPlain("&lt;b&gt;not bold&lt;/b&gt;")).toBe("<b>not bold</b>");
    expect(htmlToPlain("&amp;lt;")).toBe("&lt;");
  });

  it("leaves an unknown entity and a lone ampersand as written", () => {
    expect(htmlToPlain("&nbsp; & done")).toBe("&nbsp; & done");
  });

  it("leaves text without markup as it is", () => {
    const text = "🆕 #1041 · Created\n250.00 USDT → 10212.50 UAH";
    expect(htmlToPlain(text)).toBe(text);
  });
});

describe("sameRows", () => {
  it("ignores key order and empty rows, not the buttons", () => {
    const ours = { inline_keyboard: [[{ text: "A", callback_data: "a" }], []] };
    const shown = { inline_keyboard: [[{ callback_data: "a", text: "A" }]] };
    expect(sameRows(ours, shown)).toBe(true);
    expect(sameRows(ours, { inline_keyboard: [[{ text: "A", callback_data: "b" }]] })).toBe(false);
  });
});
