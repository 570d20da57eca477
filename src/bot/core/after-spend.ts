/**
 * After a spend request has left, the exchanger's answer alone decides what the user is told: "paid",
 * "refused", or "unknown: check the order before paying again" when the answer was lost. Our own
 * storage may fail after that point (Redis dies between the spend and the bookkeeping: the lock's
 * release, the 2FA allowance's reset, the flow's state): such a failure is logged at error level and
 * the admin chats are alerted, and it never becomes "Something went wrong, try again" — an invitation
 * to pay a second time.
 *
 * The pay feature marks the update (`SpendWatch`, built here from the update's context) the moment the
 * request leaves, and says when the outcome is decided and shown; the error boundary asks
 * `reportFailureAfterSpend` before anything else.
 */
import type { FlowContext, SpendInFlight } from "../context.js";

export type { SpendInFlight } from "../context.js";

/** The pay feature's view of the marks, free of Telegram (payment.ts takes it as a parameter). */
export interface SpendWatch {
  /** The spend request is about to leave: from here on, the exchanger's answer decides. */
  left(): void;
  /** The exchanger's answer is known and will be shown; `spent: false` when it said nothing was spent. */
  decided(spent: boolean): void;
  /** A bookkeeping step failed after the spend; never throws. */
  bookkeepingFailed(step: string, error: unknown): Promise<void>;
  /** Another chat of the account is paying this order right now: tell the user, its outcome follows. */
  busy(): Promise<void>;
}

type Ctx = Pick<FlowContext, "api" | "botConfig" | "logger"> & { spendInFlight?: SpendInFlight };

/** The marks of one payment attempt of this update; `busy` shows the "already in progress" notice (the pay feature's screen). */
export function spendWatch(
  ctx: Ctx,
  orderId: string,
  busy: () => Promise<unknown> = async () => undefined,
): SpendWatch {
  return {
    busy: async () => {
      await busy();
    },
    left: () => {
      ctx.spendInFlight = { orderId, decided: false, alerted: false };
    },
    decided: (spent) => {
      if (!spent) delete ctx.spendInFlight;
      else if (ctx.spendInFlight) ctx.spendInFlight.decided = true;
    },
    bookkeepingFailed: (step, error) => logAndAlert(ctx, step, error),
  };
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

async function logAndAlert(ctx: Ctx, step: string, error: unknown): Promise<void> {
  const spend = ctx.spendInFlight;
  if (spend === undefined) return;
  ctx.logger.error(
    {
      orderId: spend.orderId,
      step,
      err: { name: error instanceof Error ? error.name : typeof error, message: message(error) },
    },
    "failure after a spend (storage, or our own code): the user is told the exchanger's answer, never to try again",
  );
  if (spend.alerted) return;
  spend.alerted = true;
  // Plain English, like the other operator alerts (operator/alerts.ts); no chat id, no key.
  const text =
    `⚠️ Something failed on our side right after a payment of order #${spend.orderId} was sent to the exchanger (${step}: ${message(error)}). ` +
    `The user was told the exchanger's answer, not to try again. Check the store (Redis); the payment record of this order expires by itself.`;
  await Promise.all(
    ctx.botConfig.adminChatIds.map((chatId) =>
      ctx.api
        .sendMessage(chatId, text)
        .catch((e: unknown) =>
          ctx.logger.warn({ err: message(e) }, "could not deliver an alert to an admin chat"),
        ),
    ),
  );
}

/**
 * For the error boundary: true when the failure came after a spend of this update left, and was
 * handled here — logged, alerted, and the user told "check the order before paying again" unless the
 * exchanger's answer was already shown. False: report the error as usual.
 */
export async function reportFailureAfterSpend(
  ctx: FlowContext & { spendInFlight?: SpendInFlight },
  error: unknown,
): Promise<boolean> {
  const spend = ctx.spendInFlight;
  if (spend === undefined) return false;
  await logAndAlert(ctx, "after the spend", error);
  if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
  if (!spend.decided) {
    await ctx.reply(ctx.t("error-after-spend", { id: spend.orderId })).catch((e: unknown) => {
      ctx.logger.warn(
        { err: message(e) },
        "could not tell the user about a payment whose outcome is unknown",
      );
    });
  }
  return true;
}
