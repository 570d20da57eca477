/**
 * The point of no return of every money-moving call (spend-balance, private-api-create-order, and any
 * later one). Once such a request has left, the exchanger's answer alone decides what the user is
 * told: the outcome ("paid", the created order with its number, token and where to pay), or "unknown:
 * check before trying again" when the answer was lost. What fails after that point — our storage
 * (Redis dies between the call and the bookkeeping), the rendering, Telegram refusing a message — is
 * logged at error level and alerted once to the admin chats, and it never becomes "Something went
 * wrong, try again": an invitation to pay, or to create, a second time.
 *
 * A feature marks the update (`spendWatch` for a payment, `createWatch` for a creation) the moment
 * the request leaves and says when the outcome is decided and shown; the error boundary asks
 * `reportFailureAfterSpend` before anything else.
 */
import type { FlowContext, SpendInFlight } from "../context.js";
import { loggedError } from "../../log-error.js";

export type { MoneyAction, SpendInFlight } from "../context.js";

/** The marks every money-moving call shares: free of Telegram (the features' logic takes it as a parameter). */
export interface NoReturnWatch {
  /** The request is about to leave: from here on, the exchanger's answer decides. */
  left(): void;
  /** A bookkeeping step failed after the request left; never throws. */
  bookkeepingFailed(step: string, error: unknown): Promise<void>;
  /**
   * Runs a step of our own after the point of no return: a failure is reported, never thrown. A
   * `store` step (the default) is skipped once another one failed in this update.
   */
  guard<T>(step: string, work: () => Promise<T>, kind?: "store" | "other"): Promise<T | undefined>;
}

/** The pay feature's view of the marks (payment.ts takes it as a parameter). */
export interface SpendWatch extends NoReturnWatch {
  /** The exchanger's answer is known and will be shown; `spent: false` when it said nothing was spent. */
  decided(spent: boolean): void;
  /** Another chat of the account is paying this order right now: tell the user, its outcome follows. */
  busy(): Promise<void>;
}

/** The exchange feature's view of the marks around private-api-create-order. */
export interface CreateWatch extends NoReturnWatch {
  /**
   * The exchanger's answer is known: the order it created (`fallback`: its number, token and where to
   * pay in plain lines), or nothing created (`orderId` undefined: the refusal is an ordinary screen).
   */
  decided(orderId: string | undefined, fallback?: string): void;
  /** The outcome's screen went out: a failure after this only needs the log and the alert. */
  shown(): void;
}

type Ctx = Pick<FlowContext, "api" | "botConfig" | "logger"> & { spendInFlight?: SpendInFlight };

function baseWatch(ctx: Ctx, mark: () => SpendInFlight): NoReturnWatch {
  const bookkeepingFailed = (step: string, error: unknown) => logAndAlert(ctx, step, error);
  return {
    left: () => {
      ctx.spendInFlight = mark();
    },
    bookkeepingFailed,
    guard: async (step, work, kind = "store") => {
      if (kind === "store" && ctx.spendInFlight?.storeFailed === true) return undefined;
      try {
        return await work();
      } catch (error) {
        const spend = ctx.spendInFlight;
        if (spend === undefined) throw error;
        if (kind === "store") spend.storeFailed = true;
        await bookkeepingFailed(step, error);
        return undefined;
      }
    },
  };
}

/** The marks of one payment attempt of this update; `busy` shows the "already in progress" notice (the pay feature's screen). */
export function spendWatch(
  ctx: Ctx,
  orderId: string,
  busy: () => Promise<unknown> = async () => undefined,
): SpendWatch {
  const base = baseWatch(ctx, () => ({
    action: "payment",
    orderId,
    decided: false,
    shown: false,
    alerted: false,
  }));
  return {
    ...base,
    busy: async () => {
      await busy();
    },
    decided: (spent) => {
      if (!spent) delete ctx.spendInFlight;
      else if (ctx.spendInFlight) Object.assign(ctx.spendInFlight, { decided: true, shown: true });
    },
  };
}

/** The marks of one private-api-create-order call of this update. */
export function createWatch(ctx: Ctx): CreateWatch {
  const base = baseWatch(ctx, () => ({
    action: "creation",
    decided: false,
    shown: false,
    alerted: false,
  }));
  return {
    ...base,
    decided: (orderId, fallback) => {
      if (orderId === undefined) return void delete ctx.spendInFlight;
      if (ctx.spendInFlight) Object.assign(ctx.spendInFlight, { decided: true, orderId, fallback });
    },
    shown: () => {
      if (ctx.spendInFlight) ctx.spendInFlight.shown = true;
    },
  };
}

/** Plain English, like the other operator alerts (operator/alerts.ts); no chat id, no key. */
function alertText(spend: SpendInFlight, step: string, error: unknown): string {
  const cause = `(${step}: ${loggedError(error)})`;
  if (spend.action === "payment")
    return (
      `⚠️ Something failed on our side right after a payment of order #${spend.orderId} was sent to the exchanger ${cause}. ` +
      `The user was told the exchanger's answer, not to try again. Check the store (Redis); the payment record of this order expires by itself.`
    );
  const order = spend.orderId === undefined ? "an order" : `order #${spend.orderId}`;
  return (
    `⚠️ Something failed on our side right after ${order} was sent to the exchanger for creation ${cause}. ` +
    `The user was told the exchanger's answer (or to check /orders before creating again), not to try again. Check the store (Redis) and the bot's log.`
  );
}

async function logAndAlert(ctx: Ctx, step: string, error: unknown): Promise<void> {
  const spend = ctx.spendInFlight;
  if (spend === undefined) return;
  ctx.logger.error(
    {
      action: spend.action,
      ...(spend.orderId !== undefined && { orderId: spend.orderId }),
      step,
      err: loggedError(error),
    },
    spend.action === "payment"
      ? "failure after a spend (storage, or our own code): the user is told the exchanger's answer, never to try again"
      : "failure after a create-order left (storage, rendering or Telegram): the user is told the exchanger's answer, never to try again",
  );
  if (spend.alerted) return;
  spend.alerted = true;
  const text = alertText(spend, step, error);
  await Promise.all(
    ctx.botConfig.adminChatIds.map((chatId) =>
      ctx.api
        .sendMessage(chatId, text)
        .catch((e: unknown) =>
          ctx.logger.warn({ err: loggedError(e) }, "could not deliver an alert to an admin chat"),
        ),
    ),
  );
}

/** What the user still has to read after a failure past the point of no return; undefined when they read the outcome. */
function stillToTell(ctx: FlowContext, spend: SpendInFlight): string | undefined {
  if (spend.shown) return undefined;
  if (spend.action === "payment") return ctx.t("error-after-spend", { id: spend.orderId ?? "?" });
  if (spend.decided && spend.fallback !== undefined) return spend.fallback;
  return ctx.t("error-after-create");
}

/**
 * For the error boundary: true when the failure came after a money-moving request of this update
 * left, and was handled here — logged, alerted, and the user told the exchanger's answer (or "check
 * before trying again") unless it was already shown. False: report the error as usual.
 */
export async function reportFailureAfterSpend(
  ctx: FlowContext & { spendInFlight?: SpendInFlight },
  error: unknown,
): Promise<boolean> {
  const spend = ctx.spendInFlight;
  if (spend === undefined) return false;
  await logAndAlert(
    ctx,
    spend.action === "payment" ? "after the spend" : "after the creation",
    error,
  );
  if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
  const text = stillToTell(ctx, spend);
  if (text !== undefined) {
    await ctx.reply(text).catch((e: unknown) => {
      ctx.logger.warn(
        { err: loggedError(e) },
        "could not tell the user the outcome of a money-moving request",
      );
    });
    spend.shown = true;
  }
  return true;
}
