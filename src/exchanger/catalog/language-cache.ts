/**
 * A per-language value with a TTL, for the exchanger's public catalogues (currencies, directions):
 * they change rarely but are needed on many screens. Concurrent misses share one load; a failed reload
 * serves the stale value when there is one.
 */
import type { Language } from "../../languages.js";

export class LanguageCache<T> {
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
