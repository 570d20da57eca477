/**
 * Wrong 2FA codes counted per exchanger account, not per flow: a flow allows MAX_CODE_ATTEMPTS tries,
 * but a script could open flow after flow (new pay cards) and guess on. Every code sent to the
 * exchanger (spend-balance, change-password, 2FA setup) first takes a point of the account's
 * allowance (rate-limiter-flexible, in the store, shared by instances); when none is left, money and
 * security actions are refused with "wait N minutes" until the window ends.
 *
 * - a right code resets the count;
 * - a wrong code keeps its point;
 * - a clear refusal for another reason (e.g. not enough balance) gives the point back;
 * - no answer at all keeps it (the code may have been checked).
 *
 * The account is known by a hash of its API key: two chats linked to one account share the count,
 * and the key itself never becomes part of a store key.
 */
import { createHash } from "node:crypto";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { ExchangerError, type Caller } from "../../exchanger/index.js";
import { consumeOrWait, createLimiter, type LimiterStore } from "./limiter.js";
import { isTwoFactorRefusal } from "./two-factor.js";

/** At most this many codes per account and window reach the exchanger. */
export const CODE_ALLOWANCE = { codes: 5, windowSec: 15 * 60 };

/** Thrown instead of sending a code while the account's allowance is used up. */
export class CodesLocked extends Error {
  constructor(readonly retryAfterMs: number) {
    super("too many wrong 2FA codes for this account");
    this.name = "CodesLocked";
  }
}

/** Whole minutes to wait, at least one (what the user is told). */
export const minutesToWait = (ms: number): number => Math.max(1, Math.ceil(ms / 60_000));

/** A refusal that is about the code (missing or wrong) in the exchanger's words. */
export const isCodeRefusal = (error: unknown): boolean =>
  error instanceof ExchangerError && isTwoFactorRefusal(error);

export class CodeAttempts {
  readonly #limiter: RateLimiterAbstract;

  constructor(store: LimiterStore) {
    this.#limiter = createLimiter(store, {
      name: "tfa",
      points: CODE_ALLOWANCE.codes,
      durationSec: CODE_ALLOWANCE.windowSec,
    });
  }

  /** ms until this account may send codes again; 0 = now. */
  async lockedFor(caller: Caller): Promise<number> {
    const res = await this.#limiter.get(accountOf(caller));
    return res !== null && res.consumedPoints >= CODE_ALLOWANCE.codes
      ? Math.max(1, res.msBeforeNext)
      : 0;
  }

  /**
   * Sends one code through `send`, counted for the account. Throws CodesLocked (nothing sent) when
   * the allowance is used up. `isWrongCode` tells a refusal of the code from other refusals.
   */
  async send<T>(
    caller: Caller,
    send: () => Promise<T>,
    isWrongCode: (error: unknown) => boolean = isCodeRefusal,
  ): Promise<T> {
    const account = accountOf(caller);
    const waitMs = await consumeOrWait(this.#limiter, account);
    if (waitMs > 0) throw new CodesLocked(waitMs);
    let result: T;
    try {
      result = await send();
    } catch (error) {
      if (error instanceof ExchangerError && !isWrongCode(error))
        await this.#limiter.reward(account, 1);
      throw error;
    }
    await this.#limiter.delete(account);
    return result;
  }
}

function accountOf(caller: Caller): string {
  return createHash("sha256")
    .update("2fa-attempts\0")
    .update(caller.apiKey)
    .digest("base64url")
    .slice(0, 22);
}
