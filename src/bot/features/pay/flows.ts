/**
 * The two conversations of paying from the balance. The confirmation itself is not part of them (see
 * core/confirmations.ts): the "Pay" button works from KV alone, so it behaves the same after a restart,
 * on another instance and under parallel presses.
 * - pay-token: `/pay` without a token asks for it, then shows the confirmation card.
 * - pay-code: entered after a confirmation was consumed on an account with 2FA; asks for the code
 *   (up to MAX_CODE_ATTEMPTS wrong ones, and never past the account's allowance: code-attempts.ts) and pays.
 */
import { ExchangerError, Unavailable, ORDER_TOKEN } from "../../../exchanger/index.js";
import type { FlowContext } from "../../context.js";
import { callExchanger, trackFlowPrompt, type Flow } from "../../core/flows.js";
import { describeError } from "../../core/errors.js";
import { loadPayCard, paidOrders, payOrder } from "./pay-order.js";
import { spendWatch } from "../../core/after-spend.js";
import { ownAction } from "../../core/own-action.js";
import {
  renderNothingPaid,
  renderOutcome,
  renderPayCard,
  renderPaymentElsewhere,
} from "./render.js";
import { escapeHtml } from "../../ui/html.js";
import { CodesLocked } from "../../core/code-attempts.js";
import { accept, ask, cancelKeyboard, refuse } from "../../core/ask.js";
import { retryCode, wrongCode } from "../../core/code-retry.js";
import { sendScreen, showScreen, type Screen } from "../../ui/screen.js";

export const PAY_TOKEN_FLOW = "pay-token";
export const PAY_CODE_FLOW = "pay-code";

/** The one order-token shape (exchanger/order-lookup.ts). */
export function looksLikeToken(text: string): boolean {
  return ORDER_TOKEN.test(text);
}

export async function payTokenFlow(conversation: Flow, ctx: FlowContext): Promise<void> {
  const card = await ask(conversation, ctx, {
    prompt: ctx.t("pay-token-prompt"),
    notText: ctx.t("pay-token-reprompt"),
    check: async (text) => {
      const token = text.trim();
      if (!looksLikeToken(token)) return refuse(ctx.t("pay-token-invalid"));
      const found = await callExchanger(conversation, (caller, deps) =>
        loadPayCard(deps, caller, ctx.chatId!, { token }),
      );
      return found ? accept(found) : refuse(ctx.t("pay-token-not-found"));
    },
  });
  await sendScreen(ctx, renderPayCard(ctx, card));
}

export async function payCodeFlow(
  conversation: Flow,
  ctx: FlowContext,
  orderId: string,
): Promise<void> {
  // Entered from the card's "Pay" press: the card turns into the code prompt (no Pay button left on it).
  await showScreen(
    ctx,
    { text: ctx.t("pay-code-prompt", { id: escapeHtml(orderId) }), keyboard: cancelKeyboard(ctx) },
    { answered: true },
  );
  const card = ctx.callbackQuery?.message?.message_id;
  if (card !== undefined) await trackFlowPrompt(conversation, card);
  await sendScreen(ctx, await payWithCode(conversation, ctx, orderId));
}

async function payWithCode(conversation: Flow, ctx: FlowContext, orderId: string): Promise<Screen> {
  try {
    const paid = await retryCode(conversation, ctx, {
      reopens: "secret-lapsed-back-pay",
      send: async (code) => {
        const outcome = await callExchanger(conversation, async (caller, deps, outer) => {
          const watch = spendWatch(outer, orderId, () =>
            sendScreen(outer, renderPaymentElsewhere(outer, orderId)),
          );
          return ownAction(outer, () => payOrder(deps, caller, orderId, code, watch), paidOrders);
        });
        return outcome.kind === "wrong-code" || outcome.kind === "needs-code"
          ? wrongCode()
          : outcome;
      },
    });
    return paid.ok
      ? renderOutcome(ctx, paid.value)
      : renderNothingPaid(ctx, orderId, ctx.t("secure-code-too-many"));
  } catch (error) {
    // payOrder throws only before spending: say so, with the way to look at the order again.
    if (
      error instanceof Unavailable ||
      error instanceof ExchangerError ||
      error instanceof CodesLocked
    )
      return renderNothingPaid(ctx, orderId, describeError(ctx, error));
    throw error;
  }
}
