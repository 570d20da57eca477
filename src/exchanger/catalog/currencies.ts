/**
 * Currency names for ids shown on screens. The public currency list changes rarely, so it is cached
 * in memory per language with a TTL: viewing a page of orders costs one exchanger call, not two.
 * The client's reader (exchanger/normalize/currencies.ts) has already put every server's name and code
 * under `name` and `code`.
 */
import type { Language } from "../../config.js";
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
   * Display labels ("Bitcoin (BTC)") by id, built once per fetched list: an order screen looks names
   * up on every render, and rebuilding the map of every currency each time showed in its profile.
   * Keyed by the cached list object, so a refreshed (or other-language) list gets its own labels and
   * the old ones go with the old list.
   */
  async labels(language: Language): Promise<ReadonlyMap<string, string>> {
    const byId = await this.byId(language);
    let labels = this.labelsByList.get(byId);
    if (labels === undefined) {
      labels = new Map([...byId].map(([id, currency]) => [id, currencyLabel(currency)]));
      this.labelsByList.set(byId, labels);
    }
    return labels;
  }

  /** "Bitcoin (BTC)" for an id, or the id itself when unknown or the list is unavailable. */
  async nameOf(language: Language, id: Id | undefined): Promise<string | undefined> {
    if (id === undefined || id === null || id === "") return undefined;
    const byId = await this.byId(language).catch(() => undefined);
    const currency = byId?.get(String(id));
    return currency ? currencyLabel(currency) : `#${id}`;
  }
}

/** "Bitcoin (BTC)", or whichever of the two the server gave; "#id" only when it named neither. */
export function currencyLabel(currency: Currency): string {
  const name =
    typeof currency.name === "string" && currency.name.trim() !== "" ? currency.name : undefined;
  const code =
    typeof currency.code === "string" && currency.code.trim() !== "" ? currency.code : undefined;
  if (name && code && !name.includes(code)) return `${name} (${code})`;
  return name ?? code ?? `#${currency.id}`;
}
