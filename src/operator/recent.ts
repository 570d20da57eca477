/**
 * What this process saw in the last hour, for the operator's /stats: Prometheus counters only grow
 * (rates are the Prometheus server's job), but /stats answers in the chat without one.
 *
 * Counts are kept per minute in 60 slots (a slot is reused once its minute is an hour old), so the
 * memory is fixed whatever the traffic. Latency quantiles come from prom-client's sliding Summary.
 */
import type { Summary } from "prom-client";
import type { CallOutcome } from "../exchanger/index.js";

type Counted = "updates" | "errors" | "exchangerAnswered" | "exchangerUnavailable";

interface Slot extends Record<Counted, number> {
  minute: number;
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
  readonly #latency: Summary;
  readonly #now: () => number;

  constructor(latency: Summary, now: () => number = Date.now) {
    this.#latency = latency;
    this.#now = now;
  }

  add(what: Counted): void {
    this.#slot()[what]++;
  }

  exchangerCall(outcome: CallOutcome, durationMs: number): void {
    this.add(outcome === "unavailable" ? "exchangerUnavailable" : "exchangerAnswered");
    this.#latency.observe(durationMs);
  }

  async lastHour(): Promise<LastHour> {
    const oldest = this.#minute() - MINUTES + 1;
    const sum = (what: Counted) =>
      this.#slots.reduce((total, slot) => (slot.minute >= oldest ? total + slot[what] : total), 0);
    const answered = sum("exchangerAnswered");
    const unavailable = sum("exchangerUnavailable");
    const calls = answered + unavailable;
    const quantiles = (await this.#latency.get()).values;
    const quantile = (q: number) => {
      const value = quantiles.find((v) => v.labels.quantile === q)?.value;
      return calls === 0 || value === undefined || Number.isNaN(value)
        ? undefined
        : Math.round(value);
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
