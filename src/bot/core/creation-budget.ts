/**
 * How many orders one exchanger account may create from the chat per window (ORDER_CREATION_BUDGET),
 * counted per exchanger account — the user object's own id (`budgetAccount`), so every chat linked to
 * the account shares it, whichever key each linked with — in the bot's store (rate-limiter-flexible over Redis: shared by
 * every instance; in memory with the embedded store). A flood of Create presses, new flows, scripted
 * chats or chats linked to one account stops here, before the operator's Private API is called.
 *
 * The flow takes a point right before it calls private-api-create-order (never earlier: a user who
 * only uses the calculator spends nothing), gives it back when the server clearly refused the order
 * (nothing was created, e.g. an amount the rate moved out of the limits), and keeps it when the
 * answer was lost (the order may exist).
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { consumeOrWait, createLimiter, type LimiterStore } from "./limiter.js";

export const ORDER_CREATION_BUDGET = { orders: 5, windowSec: 60 * 60 };

/**
 * Whose budget a creation is taken from: the account's own id when the exchanger told it, else the
 * key's (`keyAccount`, a server whose user object names no id).
 */
export function budgetAccount(userId: string | undefined, keyAccount: () => string): string {
  return userId !== undefined ? `user:${userId}` : `key:${keyAccount()}`;
}

export class CreationBudget {
  readonly #limiter: RateLimiterAbstract;
  readonly #orders: number;

  constructor(
    store: LimiterStore,
    budget: { orders: number; windowSec: number } = ORDER_CREATION_BUDGET,
  ) {
    this.#orders = budget.orders;
    this.#limiter = createLimiter(store, {
      name: "orders",
      points: budget.orders,
      durationSec: budget.windowSec,
    });
  }

  /** Takes one creation: 0 = go ahead; otherwise ms until the account may create again (nothing taken). */
  async take(accountId: string): Promise<number> {
    const waitMs = await consumeOrWait(this.#limiter, accountId);
    // A refused consume still counts in rate-limiter-flexible; undo it so the next window is exact.
    if (waitMs > 0) await this.#limiter.reward(accountId, 1);
    return waitMs;
  }

  /** Gives back the creation taken for a call the server refused without creating anything. */
  async giveBack(accountId: string): Promise<void> {
    await this.#limiter.reward(accountId, 1);
  }

  /** ms until the account may create again, without taking anything (to say so before the user fills a form). */
  async waitFor(accountId: string): Promise<number> {
    const res = await this.#limiter.get(accountId);
    return res !== null && res.consumedPoints >= this.#orders ? Math.max(1, res.msBeforeNext) : 0;
  }
}
