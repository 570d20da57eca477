/**
 * A rate limit shared by every instance on one store: at most `perSecond` permits per second.
 *
 * Each second is cut into `slots` equal slots with `perSlot` permits each (slots × perSlot =
 * perSecond); a permit is an INCR on the slot's counter (`rate:<name>:<slot>`, expiring shortly after
 * the slot). Whoever gets a number ≤ perSlot may go; the others wait for the next slot. So:
 * - in every clock second at most `perSecond` permits are given out, across all instances;
 * - in any sliding one-second window at most `perSecond + perSlot` (slots keep it small: for 5/s
 *   that is one request every 200 ms, never a burst of 5);
 * - no background process and no leader: one INCR per attempt. Instances are assumed to have
 *   NTP-synced clocks (skew only shifts slots a little, since the counter itself is shared).
 */
import type { KV } from "../storage/kv.js";

const MAX_SLOTS = 20;

export interface RateLimiterOptions {
  kv: KV;
  /** Distinguishes limits sharing the store ("exchanger", "telegram"). */
  name: string;
  perSecond: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class SharedRateLimiter {
  readonly slots: number;
  readonly perSlot: number;
  readonly #kv: KV;
  readonly #name: string;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(options: RateLimiterOptions) {
    if (!Number.isInteger(options.perSecond) || options.perSecond < 1)
      throw new RangeError("perSecond must be a positive integer");
    this.#kv = options.kv;
    this.#name = options.name;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    // The most slots (smoothest pacing) that divide the rate exactly, so seconds hold exactly perSecond.
    let slots = 1;
    for (let d = Math.min(MAX_SLOTS, options.perSecond); d >= 1; d--) {
      if (options.perSecond % d === 0) {
        slots = d;
        break;
      }
    }
    this.slots = slots;
    this.perSlot = options.perSecond / slots;
  }

  /** Waits for a permit; false when none came before `deadline` (epoch ms). */
  async acquire(deadline = Number.POSITIVE_INFINITY): Promise<boolean> {
    for (;;) {
      const now = this.#now();
      const slot = Math.floor((now * this.slots) / 1000);
      const slotEnd = Math.ceil(((slot + 1) * 1000) / this.slots);
      const taken = await this.#kv.incr(`rate:${this.#name}:${slot}`, slotEnd - now + 2_000);
      if (taken <= this.perSlot) return true;
      if (slotEnd >= deadline) return false;
      // A little jitter so that many waiters do not all hit the next slot in the same millisecond.
      await this.#sleep(slotEnd - now + Math.floor(Math.random() * 5));
    }
  }
}
