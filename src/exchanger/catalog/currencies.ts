/**
 * Currency names for ids shown on screens. The public currency list changes rarely, so it is cached
 * in memory per language with a TTL: viewing a page of orders costs one exchanger call, not two.
 * The client's reader (exchanger/normalize/currencies.ts) has already put every server's name and code
 * under `name` and `code`.
 */
import type { Language } from "../../languages.js";
import type { Currency, ExchangerClient, Id } from "../types.js";
import { LanguageCache } from "./language-cache.js";

export const CURRENCY_TTL_MS = 10 * 60 * 1000;

export class CurrencyCache {
  private readonly cache: LanguageCache<Map<string, Currency>>;
  private readonly labelsByList = new WeakMap<Map<string, Currency>, ReadonlyMap<string, string>>();

  constructor(
    private readonly exchanger: Pick<ExchangerClient, "getCurrencies">,
    ttlMs = CURRENCY_TTL_MS,
    now: () => number = Date.now,
  ) {
    this.cache = new LanguageCache(ttlMs, now);
  }

  /** Currencies by id (as string). On failure the stale list is used if there is one. */
  byId(language: Language): Promise<Map<string, Currency>> {
    return this.cache.get(
      language,
      async () =>
        new Map((await this.exchanger.getCurrencies(language)).map((c) => [String(c.id), c])),
    );
  }

  /**
   * Display labels ("Bitcoin") by id, built once per fetched list: an order screen looks names
   * up on every render, and rebuilding the map of every currency each time showed in its profile.
   * Keyed by the cached list object, so a refreshed (or other-language) list gets its own labels and
   * the old ones go with the old list.
   */
  async labels(language: Language): Promise<ReadonlyMap<string, string>> {
    const byId = await this.byId(language);
    let labels = this.labelsByList.get(byId);
    if (labels === undefined) {
      labels = currencyLabels(byId.values());
      this.labelsByList.set(byId, labels);
    }
    return labels;
  }

  /** "Bitcoin" for an id, or "#id" when unknown or the list is unavailable. */
  async nameOf(language: Language, id: Id | undefined): Promise<string | undefined> {
    if (id === undefined || id === null || id === "") return undefined;
    const labels = await this.labels(language).catch(() => undefined);
    return labels?.get(String(id)) ?? `#${id}`;
  }
}

const textOr = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

/**
 * A currency as a customer knows it: its name ("Tether TRC20"), not the exchanger's internal code
 * ("USDTTRC20"); the code only when the server gave no name; "#id" only when it named neither.
 */
export function currencyLabel(currency: Currency): string {
  return textOr(currency.name) ?? textOr(currency.code) ?? `#${currency.id}`;
}

/**
 * Labels of a whole list by id: each currency's name, and the code beside it only where two currencies
 * share a name ("USDT (USDTTRC20)", "USDT (USDTERC20)"), so no two buttons read the same.
 */
export function currencyLabels(currencies: Iterable<Currency>): Map<string, string> {
  const list = [...currencies];
  const count = new Map<string, number>();
  for (const c of list) count.set(currencyLabel(c), (count.get(currencyLabel(c)) ?? 0) + 1);
  return new Map(
    list.map((c) => {
      const label = currencyLabel(c);
      const code = textOr(c.code);
      const shared = (count.get(label) ?? 0) > 1 && code !== undefined && code !== label;
      return [String(c.id), shared ? `${label} (${code})` : label];
    }),
  );
}
