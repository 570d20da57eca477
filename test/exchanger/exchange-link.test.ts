import { describe, expect, it } from "vitest";
import { exchangeLink } from "../../src/exchanger/exchange-link.js";

describe("exchangeLink", () => {
  it("fills {slug} and {amount}, URL-encoded", () => {
    const template = "https://exchanger.example/exchange/{slug}?amount={amount}";
    expect(exchangeLink(template, "btc-usdttrc20", "0.015")).toBe(
      "https://exchanger.example/exchange/btc-usdttrc20?amount=0.015",
    );
    expect(exchangeLink(template, "a/b?c", "1&x=2")).toBe(
      "https://exchanger.example/exchange/a%2Fb%3Fc?amount=1%26x%3D2",
    );
  });

  it("leaves {amount} empty when there is no amount, and works without it in the template", () => {
    expect(exchangeLink("https://x.example/{slug}?a={amount}", "eth-btc")).toBe(
      "https://x.example/eth-btc?a=",
    );
    expect(exchangeLink("https://x.example/{slug}", "eth-btc", "5")).toBe(
      "https://x.example/eth-btc",
    );
  });
});
