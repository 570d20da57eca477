/**
 * The one bounded memo: every cache of a pure answer on a hot path (a formatter per language, a
 * field name's reading, a compiled message) keeps its answers here, so there is one policy for how
 * much is kept and what is dropped. A memo never changes an answer: it only keeps what `make` gave.
 *
 * Bounded by count: past `max` entries the oldest kept one is dropped, so a stream of distinct keys
 * (a server sending ever new field names) costs at most `max` entries, never a leak. A module may
 * hold a memo at module level: it is the only module-level state src/ allows (src/bot/README.md).
 */
export class Memo<K, V> {
  readonly #max: number;
  readonly #entries = new Map<K, V>();

  constructor(max: number) {
    if (!(max >= 1)) throw new RangeError("a memo keeps at least one entry");
    this.#max = max;
  }

  /** The answer kept for `key`, or `make(key)`, kept unless `keep` says not to (e.g. a miss). */
  get(key: K, make: (key: K) => V, keep?: (value: V) => boolean): V {
    const entries = this.#entries;
    if (entries.has(key)) return entries.get(key) as V;
    const value = make(key);
    if (keep === undefined || keep(value)) {
      if (entries.size >= this.#max) entries.delete(entries.keys().next().value as K);
      entries.set(key, value);
    }
    return value;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/**
 * The memo's form for answers about an object (a record being read): an answer is kept exactly as
 * long as its object lives, so it is bounded by what the caller still holds and never outlives it.
 */
export class RecordMemo<K extends object, V> {
  readonly #entries = new WeakMap<K, V>();

  get(key: K, make: (key: K) => V): V {
    if (this.#entries.has(key)) return this.#entries.get(key) as V;
    const value = make(key);
    this.#entries.set(key, value);
    return value;
  }
}
