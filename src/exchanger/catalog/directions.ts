/**
 * The exchanger's directions map and the names of direction input fields, cached in memory per
 * language with a TTL (like CurrencyCache): the /directions screens and the saved-fields screen need
 * them on every view, but the catalogue changes rarely. One catalogue per app (BotDeps.directions), so
 * a restarted bot starts with an empty cache.
 *
 * The documented map carries only slugs; field names come from the directions' own cards
 * (get-exchange with `pair`), read a few at a time and at most MAX_CARDS of them, once per TTL. An
 * old-style server that lists whole direction objects with their inputs saves those calls.
 */
import type { Language } from "../../languages.js";
import type { Direction, DirectionLink, ExchangerClient } from "../types.js";
import { LanguageCache } from "./language-cache.js";

export const DIRECTIONS_TTL_MS = 10 * 60 * 1000;
/** Upper bound of get-exchange calls for one name map (big exchangers list hundreds of directions). */
const MAX_CARDS = 100;
const CARD_CONCURRENCY = 4;

type Source = Pick<ExchangerClient, "getExchanges" | "getExchange">;

export class DirectionCatalog {
  private readonly links: LanguageCache<DirectionLink[]>;
  private readonly names: LanguageCache<Map<string, string>>;

  constructor(
    private readonly exchanger: Source,
    ttlMs = DIRECTIONS_TTL_MS,
    now: () => number = Date.now,
  ) {
    this.links = new LanguageCache(ttlMs, now);
    this.names = new LanguageCache(ttlMs, now);
  }

  /** Every open direction of the exchanger (public get-exchanges). */
  directions(language: Language): Promise<DirectionLink[]> {
    return this.links.get(language, () => this.exchanger.getExchanges(language));
  }

  /** The direction from one currency to another, as the (cached) map knows it. */
  async find(
    language: Language,
    sendCurrencyId: string,
    receiveCurrencyId: string,
  ): Promise<DirectionLink | undefined> {
    const links = await this.directions(language);
    return links.find(
      (l) => l.sendCurrencyId === sendCurrencyId && l.receiveCurrencyId === receiveCurrencyId,
    );
  }

  /** Direction input field id → its name, from every direction that names it. */
  inputNames(language: Language): Promise<Map<string, string>> {
    return this.names.get(language, async () => {
      const links = await this.directions(language);
      const names = new Map<string, string>();
      if (links.some((l) => l.summary?.listsFields)) {
        for (const link of links) if (link.summary) collectInputNames(link.summary, names);
        return names;
      }
      const pairs = [...new Set(links.map((l) => l.pair))].slice(0, MAX_CARDS);
      for (let i = 0; i < pairs.length; i += CARD_CONCURRENCY) {
        // One broken direction must not hide the names of all the others.
        const batch = pairs.slice(i, i + CARD_CONCURRENCY);
        const cards = await Promise.all(
          batch.map((pair) => this.exchanger.getExchange(language, pair).catch(() => undefined)),
        );
        for (const card of cards) if (card) collectInputNames(card, names);
      }
      return names;
    });
  }
}

function collectInputNames(direction: Direction, names: Map<string, string>): void {
  for (const field of direction.fields) if (!names.has(field.id)) names.set(field.id, field.label);
}
