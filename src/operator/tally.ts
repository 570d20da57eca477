/**
 * A Prometheus counter counted in plain numbers and handed to prom-client when it is read. Its own
 * `inc(labels)` hashes the label set on every call (the label names sorted, a string built, an
 * object looked up), and the bot counts several things per update (the update, each Bot API
 * request, each exchanger call): in the bench that was ≈ 10 µs of every press. Here a call adds to
 * a number found by a key the caller already has; the counter's `collect` (prom-client runs it on
 * every read: a scrape, /stats, a test) passes the sums on. What is exported is the same counter
 * with the same values.
 */
import { Counter, type Registry } from "prom-client";

export interface Tally<L extends string> {
  /**
   * Adds `by` for `labels`. `key` names the label values (equal labels, equal key): it is what the
   * sum is kept under, so the labels object is read only the first time.
   */
  add(key: string, labels: Record<L, string>, by?: number): void;
}

export function tally<L extends string>(config: {
  name: string;
  help: string;
  labelNames: readonly L[];
  registers: Registry[];
}): Tally<L> {
  const pending = new Map<string, { labels: Record<L, string>; count: number }>();
  new Counter<L>({
    ...config,
    collect() {
      for (const entry of pending.values())
        if (entry.count > 0) {
          this.inc(entry.labels, entry.count);
          entry.count = 0;
        }
    },
  });
  return {
    add(key, labels, by = 1) {
      const entry = pending.get(key);
      // Keys come from fixed label lists (metrics.ts), so this map stays as small as they are.
      if (entry === undefined) pending.set(key, { labels, count: by });
      else entry.count += by;
    },
  };
}
