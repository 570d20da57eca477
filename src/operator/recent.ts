/**
 * What this process saw in the last hour, for the operator's /stats: Prometheus counters only grow
 * (rates are the Prometheus server's job), but /stats answers in the chat without one.
 *
 * Counts are kept per minute in 60 slots (a slot is reused once its minute is an hour old), so the
 * memory is fixed whatever the traffic. Latency quantiles come from the exchanger-latency histogram
 * Prometheus scrapes (one definition of latency): each minute's slot keeps the histogram's cumulative
 * bucket counts as they stood when the minute's first call was counted, and the last hour is today's
 * counts minus the oldest such mark, read the way Prometheus' histogram_quantile reads buckets
 * (linear within a bucket). It costs nothing per call beyond the histogram's own observe (a sliding
 * Summary kept six t-digests per call).
 */
import type { CallOutcome } from "../exchanger/index.js";

/** Cumulative counts of a histogram's buckets, by upper bound (seconds), ascending, +Inf last. */
export type BucketCounts = readonly { le: number; count: number }[];

type Counted = "updates" | "errors" | "exchangerAnswered" | "exchangerUnavailable";

interface Slot extends Record<Counted, number> {
  minute: number;
  /** The latency buckets as they stood at the minute's first call (read asynchronously). */
  latencyMark?: Promise<BucketCounts>;
}

const MINUTES = 60;

export interface LastHour {
  updates: number;
  errors: number;
  /** Calls the exchanger answered (ok, refused, key rejected) and calls without a usable answer. */
  exchangerAnswered: number;
  exchangerUnavailable: number;
  /** Share of calls answered, 0..1; undefined without calls. */
  exchangerAvailability: number | undefined;
  /** Call latency quantiles in ms; undefined without calls. */
  exchangerP50Ms: number | undefined;
  exchangerP95Ms: number | undefined;
}

export class RecentActivity {
  readonly #slots: Slot[] = [];
  /** The latency histogram's buckets now (all methods together). */
  readonly #latency: () => Promise<BucketCounts>;
  readonly #now: () => number;
  /** The buckets when this process started counting: the mark while it is younger than an hour. */
  readonly #start: { minute: number; mark: Promise<BucketCounts> };

  constructor(latency: () => Promise<BucketCounts>, now: () => number = Date.now) {
    this.#latency = latency;
    this.#now = now;
    this.#start = { minute: this.#minute(), mark: latency() };
  }

  add(what: Counted): void {
    this.#slot()[what]++;
  }

  /** Counted after the histogram observed the call's duration. */
  exchangerCall(outcome: CallOutcome): void {
    const slot = this.#slot();
    slot[outcome === "unavailable" ? "exchangerUnavailable" : "exchangerAnswered"]++;
    slot.latencyMark ??= this.#latency();
  }

  async lastHour(): Promise<LastHour> {
    const oldest = this.#minute() - MINUTES + 1;
    const sum = (what: Counted) =>
      this.#slots.reduce((total, slot) => (slot.minute >= oldest ? total + slot[what] : total), 0);
    const answered = sum("exchangerAnswered");
    const unavailable = sum("exchangerUnavailable");
    const calls = answered + unavailable;
    const hour = await this.#lastHourBuckets(oldest);
    const quantile = (q: number) => {
      const seconds = calls === 0 ? undefined : bucketQuantile(hour, q);
      return seconds === undefined ? undefined : Math.round(seconds * 1000);
    };
    return {
      updates: sum("updates"),
      errors: sum("errors"),
      exchangerAnswered: answered,
      exchangerUnavailable: unavailable,
      exchangerAvailability: calls === 0 ? undefined : answered / calls,
      exchangerP50Ms: quantile(0.5),
      exchangerP95Ms: quantile(0.95),
    };
  }

  /** The histogram's counts now minus the oldest mark within the hour (or the start's). */
  async #lastHourBuckets(oldest: number): Promise<BucketCounts> {
    const marked = this.#slots
      .filter((slot) => slot.minute >= oldest && slot.latencyMark !== undefined)
      .sort((a, b) => a.minute - b.minute)[0];
    const since =
      this.#start.minute >= oldest && (marked === undefined || this.#start.minute <= marked.minute)
        ? this.#start.mark
        : marked?.latencyMark;
    const [now, then] = await Promise.all([this.#latency(), since]);
    return now.map(({ le, count }, i) => ({ le, count: count - (then?.[i]?.count ?? 0) }));
  }

  #minute(): number {
    return Math.floor(this.#now() / 60_000);
  }

  #slot(): Slot {
    const minute = this.#minute();
    const index = minute % MINUTES;
    let slot = this.#slots[index];
    if (slot === undefined || slot.minute !== minute) {
      slot = { minute, updates: 0, errors: 0, exchangerAnswered: 0, exchangerUnavailable: 0 };
      this.#slots[index] = slot;
    }
    return slot;
  }
}

/**
 * The q-quantile of cumulative bucket counts, as Prometheus' histogram_quantile: linear within the
 * bucket the rank falls in, the highest finite bound when it falls in +Inf; undefined without counts.
 */
export function bucketQuantile(buckets: BucketCounts, q: number): number | undefined {
  const total = buckets.at(-1)?.count ?? 0;
  if (total <= 0) return undefined;
  const rank = q * total;
  let below = { le: 0, count: 0 };
  for (const bucket of buckets) {
    if (bucket.count >= rank) {
      if (!Number.isFinite(bucket.le)) return below.le;
      const inBucket = bucket.count - below.count;
      return below.le + ((bucket.le - below.le) * (rank - below.count)) / inBucket;
    }
    below = bucket;
  }
  return below.le;
}
