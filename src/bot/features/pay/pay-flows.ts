/**
 * The two conversations of paying from the balance. The confirmation itself is not part of them (see
 * core/confirmations.ts): the "Pay" button works from KV alone, so it behaves the same after a restart,
 * on another instance and under parallel presses.
 * - pay-token: `/pay` without a token asks for it, then shows the confirmation card.
 * - pay-code: entered after a confirmation was consumed on an account with 2FA; asks for the code
 *   (up to MAX_CODE_ATTEMPTS wrong ones, and never past the account's allowance: code-attempts.ts) and pays.
 */
import { ExchangerError, Unavailable } from "../../../exchanger/errors.js";
import { ORDER_TOKEN } from "../../../exchanger/order-lookup.js";
import type { FlowContext } from "../../context.js";
import { callExchanger, trackFlowPrompt, type Flow } from "../../core/flows.js";
import { describeError } from "../../core/errors.js";
import { loadPayCard, payOrder, type PayOutcome } from "./payment.js";
import { spendWatch } from "../../core/after-spend.js";
import { renderNothingPaid, renderOutcome, renderPayCard, renderPaymentElsewhere } from "./render.js";
import { escapeHtml } from "../../ui/html.js";
import { MAX_CODE_ATTEMPTS } from "../../core/two-factor.js";
import { CodesLocked } from "../../core/code-attempts.js";
import { askCode, cancelKeyboard, waitForText } from "../../core/secure-prompts.js";
import { sendScreen, showScreen } from "../../ui/screen.js";

export const PAY_TOKEN_FLOW = "pay-token";
export const PAY_CODE_FLOW = "pay-code";

/** The one order-token shape (exchanger/order-lookup.ts). */
export function looksLikeToken(text: string): boolean {
  return ORDER_TOKEN.test(text);
}

export async function payTokenFlow(conversation: Flow, ctx: FlowContext): Promise<void> {
  const chatId = ctx.chatId!;
  const keyboard = cancelKeyboard(ctx);
  await trackFlowPrompt(conversation, (await ctx.reply(ctx.t("pay-token-prompt"), { reply_markup: keyboard })).message_id);
  for (;;) {
    const answer = await waitForText(conversation, {
      keyboard,
      reprompt: ctx.t("pay-token-reprompt"),
      check: (text) => (looksLikeToken(text.trim()) ? undefined : ctx.t("pay-token-invalid")),
    });
    if (answer.cancelled) return;
    const token = answer.text.trim();
    const card = await callExchanger(conversation, (caller, deps) => loadPayCard(deps, caller, chatId, { token }));
    if (!card) {
      await trackFlowPrompt(conversation, (await ctx.reply(ctx.t("pay-token-not-found"), { reply_markup: keyboard })).message_id);
      continue;
    }
    await sendScreen(ctx, renderPayCard(ctx, card));
    return;
  }
}

export async function payCodeFlow(conversation: Flow, ctx: FlowContext, orderId: string): Promise<void> {
  const keyboard = cancelKeyboard(ctx);
  // Entered from the card's "Pay" press: the card turns into the code prompt (no Pay button left on it).
  const prompt = ctx.t("pay-code-prompt", { id: escapeHtml(orderId) });
  await showScreen(ctx, { text: prompt, keyboard }, { answered: true });
  const card = ctx.callbackQuery?.message?.message_id;
  if (card !== undefined) await trackFlowPrompt(conversation, card);

  for (let attempt = 1; ; attempt++) {
    const code = await askCode(conversation, ctx, { keyboard });
    if (code === undefined) return;
    let outcome: PayOutcome;
    try {
      outcome = await callExchanger(conversation, (caller, deps, outer) =>
        payOrder(
          deps,
          caller,
          orderId,
          code,
          spendWatch(outer, orderId, () => sendScreen(outer, renderPaymentElsewhere(outer, orderId))),
        ),
      );
    } catch (error) {
      // payOrder throws only before spending: say so, with the way to look at the order again.
      if (error instanceof Unavailable || error instanceof ExchangerError || error instanceof CodesLocked) {
        await sendScreen(ctx, renderNothingPaid(ctx, orderId, describeError(ctx, error)));
        return;
      }
      throw error;
    }
    if (outcome.kind === "wrong-code" || outcome.kind === "needs-code") {
      const left = MAX_CODE_ATTEMPTS - attempt;
      if (left <= 0) {
        await sendScreen(ctx, renderNothingPaid(ctx, orderId, ctx.t("secure-code-too-many")));
        return;
      }
      await trackFlowPrompt(conversation, (await ctx.reply(ctx.t("secure-code-wrong", { left }), { reply_markup: keyboard })).message_id);
      continue;
    }
    await sendScreen(ctx, renderOutcome(ctx, outcome));
    return;
  }
}
