/**
 * The exchanger's public direction list and the names of direction input fields, cached in memory per
 * language with a TTL (like CurrencyCache): the saved-fields screen needs "field id → name" on every
 * view, but the catalogue changes rarely.
 *
 * Some servers (and the sandbox) leave `inputs` out of the direction list; then the names come from the
 * directions' own cards (get-exchange), read a few at a time and at most MAX_CARDS of them, once per TTL.
 *
 * One catalogue per exchanger client (a WeakMap), so no shared dependency list has to change and a new
 * client (tests restart the bot) starts with an empty cache.
 */
import type { Language } from "../config.js";
import type { Direction, ExchangerClient } from "../exchanger/types.js";

export const DIRECTIONS_TTL_MS = 10 * 60 * 1000;
/** Upper bound of get-exchange calls for one name map (big exchangers list hundreds of directions). */
const MAX_CARDS = 100;
const CARD_CONCURRENCY = 4;

type Source = Pick<ExchangerClient, "getExchanges" | "getExchange">;

/** A per-language value with a TTL; concurrent misses share one load; a failed reload serves the stale value. */
class LanguageCache<T> {
  private readonly entries = new Map<Language, { at: number; value: T }>();
  private readonly inFlight = new Map<Language, Promise<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get(language: Language, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(language);
    if (entry && this.now() - entry.at < this.ttlMs) return Promise.resolve(entry.value);
    let pending = this.inFlight.get(language);
    if (!pending) {
      pending = load()
        .then((value) => {
          this.entries.set(language, { at: this.now(), value });
          return value;
        })
        .catch((error: unknown) => {
          if (entry) return entry.value;
          throw error;
        })
        .finally(() => this.inFlight.delete(language));
      this.inFlight.set(language, pending);
    }
    return pending;
  }
}

export class DirectionCatalog {
  private readonly lists: LanguageCache<Direction[]>;
  private readonly names: LanguageCache<Map<string, string>>;

  constructor(
    private readonly exchanger: Source,
    ttlMs = DIRECTIONS_TTL_MS,
    now: () => number = Date.now,
  ) {
    this.lists = new LanguageCache(ttlMs, now);
    this.names = new LanguageCache(ttlMs, now);
  }

  /** Every direction of the exchanger (public get-exchanges). */
  directions(language: Language): Promise<Direction[]> {
    return this.lists.get(language, () => this.exchanger.getExchanges(language));
  }

  /** Direction input field id → its name, from every direction that names it. */
  inputNames(language: Language): Promise<Map<string, string>> {
    return this.names.get(language, async () => {
      const list = await this.directions(language);
      const names = new Map<string, string>();
      if (list.some((d) => Array.isArray(d.inputs))) {
        for (const direction of list) collectInputNames(direction, names);
        return names;
      }
      const ids = list.map((d) => d.id).slice(0, MAX_CARDS);
      for (let i = 0; i < ids.length; i += CARD_CONCURRENCY) {
        // One broken direction must not hide the names of all the others.
        const cards = await Promise.all(ids.slice(i, i + CARD_CONCURRENCY).map((id) => this.exchanger.getExchange(language, id).catch(() => undefined)));
        for (const card of cards) if (card) collectInputNames(card, names);
      }
      return names;
    });
  }
}

function collectInputNames(direction: Direction, names: Map<string, string>): void {
  if (!Array.isArray(direction.inputs)) return;
  for (const input of direction.inputs) {
    if (typeof input !== "object" || input === null) continue;
    const id = input.id;
    const name = input.name;
    if ((typeof id === "string" || typeof id === "number") && typeof name === "string" && name.trim() !== "" && !names.has(String(id))) {
      names.set(String(id), name.trim());
    }
  }
}

const catalogs = new WeakMap<object, DirectionCatalog>();

/** The catalogue of this exchanger client (created on first use). */
export function directionCatalog(exchanger: Source): DirectionCatalog {
  let catalog = catalogs.get(exchanger);
  if (!catalog) {
    catalog = new DirectionCatalog(exchanger);
    catalogs.set(exchanger, catalog);
  }
  return catalog;
}
