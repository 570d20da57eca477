/**
 * Retries with exponential backoff and jitter.
 *
 * The caller decides what may be retried: the client retries only reads, and only when the exchanger
 * was unavailable. Writes (payments, password and 2FA changes, uploads) are never repeated, because a
 * timeout does not tell whether the server already acted on them.
 */
import { setTimeout as sleep } from "node:timers/promises";

export interface RetryPolicy {
  /** Total tries, including the first one. */
  attempts: number;
  /** Delay before the second try; it doubles for each further try. */
  baseDelayMs: number;
}

/** No single wait is longer than this, however many attempts are configured. */
const MAX_DELAY_MS = 10_000;

/**
 * Delay after the failed try number `attempt` (1-based): base·2^(attempt-1), of which the upper half is
 * random ("equal jitter") so that many chats retrying after the same outage do not arrive in lockstep.
 */
export function backoffDelay(
  attempt: number,
  baseDelayMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(MAX_DELAY_MS, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export async function withRetry<T>(
  policy: RetryPolicy,
  run: (attempt: number) => Promise<T>,
  shouldRetry: (error: unknown) => boolean,
): Promise<T> {
  const attempts = Math.max(1, Math.floor(policy.attempts));
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      if (attempt >= attempts || !shouldRetry(error)) throw error;
      await sleep(backoffDelay(attempt, policy.baseDelayMs));
    }
  }
}
