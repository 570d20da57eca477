/**
 * A Prometheus counter counted in plain numbers and handed to prom-client when it is read. Its own
 * `inc(labels)` hashes the label set on every call (the label names sorted, a string built, an
 * object looked up), and the bot counts several things per update (the update, each Bot API
 * request, each exchanger call). Here a call adds to
 * a number found by a key the caller already has; the counter's `collect` (prom-client runs it on
 * every read: a scrape, /stats, a test) passes the sums on. What is exported is the same counter
 * with the same values.
 */
import { Counter, type Registry } from "prom-client";

export interface Tally<L extends string> {
  /**
   * Adds `by` for `labels`. `first` and `second` are its label values in order ("" for none): the
   * sum is kept under them, so `labels` is read only the first time they come (no key string is
   * built per call: the values are the metrics' constant label strings).
   */
  add(first: string, second: string, labels: Record<L, string>, by?: number): void;
}

interface Entry<L extends string> {
  labels: Record<L, string>;
  count: number;
}

export function tally<L extends string>(config: {
  name: string;
  help: string;
  labelNames: readonly L[];
  registers: Registry[];
}): Tally<L> {
  const pending = new Map<string, Map<string, Entry<L>>>();
  new Counter<L>({
    ...config,
    collect() {
      for (const seconds of pending.values())
        for (const entry of seconds.values())
          if (entry.count > 0) {
            this.inc(entry.labels, entry.count);
            entry.count = 0;
          }
    },
  });
  return {
    add(first, second, labels, by = 1) {
      // Values come from fixed label lists (metrics.ts), so these maps stay as small as they are.
      let seconds = pending.get(first);
      if (seconds === undefined) pending.set(first, (seconds = new Map()));
      const entry = seconds.get(second);
      if (entry === undefined) seconds.set(second, { labels, count: by });
      else entry.count += by;
    },
  };
}
