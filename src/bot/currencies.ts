/**
 * Currency names for ids shown on screens. The public currency list changes rarely, so it is cached
 * in memory per language with a TTL: viewing a page of orders costs one exchanger call, not two.
 * Concurrent misses share one request (single flight).
 */
import type { Language } from "../config.js";
import type { Currency, ExchangerClient, Id } from "../exchanger/types.js";

export const CURRENCY_TTL_MS = 10 * 60 * 1000;

interface Entry {
  at: number;
  byId: Map<string, Currency>;
}

export class CurrencyCache {
  private readonly entries = new Map<Language, Entry>();
  private readonly inFlight = new Map<Language, Promise<Map<string, Currency>>>();

  constructor(
    private readonly exchanger: Pick<ExchangerClient, "getCurrencies">,
    private readonly ttlMs = CURRENCY_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Currencies by id (as string). On failure the stale list is used if there is one. */
  async byId(language: Language): Promise<Map<string, Currency>> {
    const entry = this.entries.get(language);
    if (entry && this.now() - entry.at < this.ttlMs) return entry.byId;
    let pending = this.inFlight.get(language);
    if (!pending) {
      pending = this.exchanger
        .getCurrencies(language)
        .then((list) => {
          const byId = new Map(list.map((c) => [String(c.id), c]));
          this.entries.set(language, { at: this.now(), byId });
          return byId;
        })
        .catch((error: unknown) => {
          if (entry) return entry.byId;
          throw error;
        })
        .finally(() => this.inFlight.delete(language));
      this.inFlight.set(language, pending);
    }
    return pending;
  }

  /** "Bitcoin (BTC)" for an id, or the id itself when unknown or the list is unavailable. */
  async nameOf(language: Language, id: Id | undefined): Promise<string | undefined> {
    if (id === undefined || id === null || id === "") return undefined;
    const byId = await this.byId(language).catch(() => undefined);
    const currency = byId?.get(String(id));
    return currency ? currencyLabel(currency) : `#${id}`;
  }
}

export function currencyLabel(currency: Currency): string {
  const name = typeof currency.name === "string" ? currency.name : undefined;
  const code = typeof currency.code === "string" ? currency.code : undefined;
  if (name && code && !name.includes(code)) return `${name} (${code})`;
  return name ?? code ?? `#${currency.id}`;
}
