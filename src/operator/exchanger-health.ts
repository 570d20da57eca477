/**
 * Is the exchanger working, as this process sees it? Derived from how the client's calls end
 * (exchanger/client.ts `onCall`): a call without a usable answer (Unavailable: network, timeout, 5xx,
 * not the API) starts or continues a failure; any answer — a result, a refusal, a rejected key —
 * proves the exchanger works and ends it. Refusals are the server doing its job.
 */
import type { CallOutcome } from "../exchanger/index.js";

export class ExchangerHealth {
  #failingSince: number | undefined;
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  record(outcome: CallOutcome): void {
    if (outcome === "unavailable") this.#failingSince ??= this.#now();
    else this.#failingSince = undefined;
  }

  /** When the current failure began (the first unanswered call since the last answer); undefined while working. */
  failingSince(): number | undefined {
    return this.#failingSince;
  }

  /**
   * Another instance saw the exchanger answer (it closed the shared incident): this process's own
   * failure, without a newer call to confirm it, is not trusted any more.
   */
  forgetFailure(): void {
    this.#failingSince = undefined;
  }
}
