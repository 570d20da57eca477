/**
 * Currency labels for order screens: in the language of the list they came from, renewed when the
 * cached list is renewed, and built once per list rather than on every render. A label is the
 * currency's name, never its internal code, unless the server gave no name; the code is added only
 * where two currencies share a name (issue 31).
 */
import { describe, expect, it } from "vitest";
import type { Language } from "../../../src/languages.js";
import { CURRENCY_TTL_MS, CurrencyCache } from "../../../src/exchanger/catalog/currencies.js";
import type { Currency } from "../../../src/exchanger/types.js";

/** An exchanger whose currency names the test changes, counting the calls it answers. */
function fakeExchanger() {
  const names: Record<Language, string> = { en: "Bitcoin", ru: "Биткоин", uk: "Біткоїн" };
  const exchanger = {
    calls: 0,
    names,
    getCurrencies(language: Language): Promise<Currency[]> {
      exchanger.calls++;
      return Promise.resolve([
        { id: 1, name: names[language], code: "BTC" },
        { id: "2", code: "USDTTRC20" },
      ]);
    },
  };
  return exchanger;
}

describe("currency labels", () => {
  it("labels each currency in the language of its list", async () => {
    const cache = new CurrencyCache(fakeExchanger());
    expect([...(await cache.labels("en"))]).toEqual([
      ["1", "Bitcoin"],
      ["2", "USDTTRC20"], // no name from the server: its code is all there is
    ]);
    expect((await cache.labels("ru")).get("1")).toBe("Биткоин");
    expect((await cache.labels("uk")).get("1")).toBe("Біткоїн");
    expect((await cache.labels("en")).get("1")).toBe("Bitcoin");
  });

  it("builds the labels once per fetched list and renews them with the list", async () => {
    let now = 0;
    const exchanger = fakeExchanger();
    const cache = new CurrencyCache(exchanger, CURRENCY_TTL_MS, () => now);
    const first = await cache.labels("en");
    expect(await cache.labels("en")).toBe(first); // a render looks up, it does not rebuild
    expect(exchanger.calls).toBe(1);

    exchanger.names.en = "Bitcoin Core";
    now += CURRENCY_TTL_MS - 1;
    expect((await cache.labels("en")).get("1")).toBe("Bitcoin"); // still the cached list
    now += 1;
    expect((await cache.labels("en")).get("1")).toBe("Bitcoin Core");
    expect(exchanger.calls).toBe(2);
  });

  it("adds the code only where two currencies share a name", async () => {
    const cache = new CurrencyCache({
      getCurrencies: () =>
        Promise.resolve([
          { id: 1, name: "Tether", code: "USDTTRC20" },
          { id: 2, name: "Tether", code: "USDTERC20" },
          { id: 3, name: "Bitcoin", code: "BTC" },
        ]),
    });
    expect([...(await cache.labels("en"))]).toEqual([
      ["1", "Tether (USDTTRC20)"],
      ["2", "Tether (USDTERC20)"],
      ["3", "Bitcoin"],
    ]);
  });

  it("fails like the list when there is no list at all", async () => {
    const cache = new CurrencyCache({ getCurrencies: () => Promise.reject(new Error("down")) });
    await expect(cache.labels("en")).rejects.toThrow("down");
  });
});
