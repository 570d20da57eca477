/**
 * Paying an order from the balance: `/pay <token>`, `/pay` (asks for the token), the menu, and the
 * order card's button (`openPayCard` in public.ts, rendered by the orders screens).
 *
 * Callback data: public.ts.
 */
import { Composer, type NextFunction } from "grammy";
import { withCaller } from "../../core/caller.js";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { defineFlow } from "../../core/flows.js";
import { Confirmations } from "../../core/confirmations.js";
import { onCallback } from "../../ui/callback-data.js";
import { pressedOrder, type OrderRef } from "../../core/order-refs.js";
import {
  cancelPay,
  checkPayStatus,
  confirmPay,
  openPayCard,
  openPayCardBelow,
  PASTE_TOKEN_DATA,
  PAY_MENU_DATA,
} from "./codec.js";
import { payableScreen } from "../orders/public.js";
import { backToMenuRow } from "../menu/public.js";
import { loadPayCard, paidOrders, payOrder, type PayOutcome } from "./pay-order.js";
import { spendWatch } from "../../core/after-spend.js";
import { ownAction } from "../../core/own-action.js";
import { renderOutcome, renderPayCard, renderPaymentElsewhere } from "./render.js";
import {
  PAY_CODE_FLOW,
  PAY_TOKEN_FLOW,
  looksLikeToken,
  payCodeFlow,
  payTokenFlow,
} from "./flows.js";
import { enterFlow, refuseWhileCodesLocked } from "../../core/enter-flow.js";
import { showScreen, showScreenBelow, type Screen } from "../../ui/screen.js";

/** Pay buttons answer their query at once (the exchanger may be slow), then show the result in place. */
const showAnswered = (ctx: BotContext, screen: Screen) =>
  showScreen(ctx, screen, { answered: true });

/** `/pay <token>`: the confirmation card; `/pay` alone lists the orders awaiting payment. */
async function payCommand(ctx: BotContext, token: string): Promise<void> {
  if (token === "") return void (await showScreen(ctx, await payableScreen(ctx, 1)));
  if (!looksLikeToken(token)) return void (await ctx.reply(ctx.t("pay-token-invalid")));
  const card = await withCaller(ctx, (caller) =>
    loadPayCard(ctx.deps, caller, ctx.chatId!, { token }),
  );
  // No Cancel button here (no flow runs): the way on is /pay's list.
  if (!card) return void (await ctx.reply(ctx.t("pay-token-unknown")));
  await showScreen(ctx, renderPayCard(ctx, card));
}

/**
 * The order card's "Pay" button and "Check order status": a fresh confirmation card in place. A
 * reference this chat does not know (expired, another chat's) goes on to "this button has expired".
 */
async function openCard(
  ctx: BotContext,
  ref: OrderRef,
  how: "open" | "checked" | "below",
  next: NextFunction,
): Promise<void> {
  const orderId = await pressedOrder(ctx, ref);
  if (orderId === undefined) return next();
  await ctx.answerCallbackQuery();
  const card = await withCaller(ctx, (caller) =>
    loadPayCard(ctx.deps, caller, ctx.chatId!, { id: orderId }),
  );
  // A notification's Pay: the card below the notice, which stays as it was.
  const show = (screen: Screen) =>
    how === "below" ? showScreenBelow(ctx, screen, { answered: true }) : showAnswered(ctx, screen);
  if (!card) return void (await show(renderOutcome(ctx, { kind: "not-found", orderId })));
  const note = how === "checked" ? ctx.t("pay-status-checked") : undefined;
  await show(renderPayCard(ctx, card, note));
}

/** "Pay" on the confirmation card: spends the single-use confirmation, then pays or asks the code. */
async function confirm(ctx: BotContext, confirmId: string, next: NextFunction): Promise<void> {
  const chatId = ctx.chatId!;
  const guards = new Confirmations(ctx.deps.kv);
  const orderId = await guards.orderOf(chatId, confirmId);
  if (orderId === undefined) return next();
  if (await guards.isUsed(chatId, confirmId))
    return void (await ctx.answerCallbackQuery({ text: ctx.t("pay-already") }));
  // Too many wrong codes on the account: refused before the single-use confirmation is spent.
  if (ctx.chatSettings.twofa === true && (await refuseWhileCodesLocked(ctx))) return;
  if (!(await guards.consume(chatId, confirmId)))
    return void (await ctx.answerCallbackQuery({ text: ctx.t("pay-already") }));
  // The toast says what happens next: the code prompt with 2FA, else the payment itself.
  if (ctx.chatSettings.twofa === true) {
    await ctx.answerCallbackQuery({ text: ctx.t("pay-enter-code") });
    return ctx.conversation.enter(PAY_CODE_FLOW, orderId);
  }
  await ctx.answerCallbackQuery({ text: ctx.t("pay-processing") });
  await payWithoutCode(ctx, orderId, () => guards.release(chatId, confirmId));
}

async function payWithoutCode(
  ctx: BotContext,
  orderId: string,
  release: () => Promise<void>,
): Promise<void> {
  let outcome: PayOutcome;
  try {
    // Another chat of the account paying this order: the card says so, then shows that payment's outcome.
    const watch = spendWatch(ctx, orderId, () =>
      showAnswered(ctx, renderPaymentElsewhere(ctx, orderId)),
    );
    outcome = await withCaller(ctx, (caller) =>
      ownAction(ctx, () => payOrder(ctx.deps, caller, orderId, undefined, watch), paidOrders),
    );
  } catch (error) {
    // payOrder throws only before anything was spent: the same button may be pressed again.
    await release();
    throw error;
  }
  if (outcome.kind === "needs-code") {
    // The exchanger asked for a code we did not know was needed: remember it and ask.
    ctx.chatSettings = await ctx.deps.settings.update(ctx.chatId!, { twofa: true });
    return ctx.conversation.enter(PAY_CODE_FLOW, orderId);
  }
  if (outcome.kind === "wrong-code")
    outcome = { kind: "refused", orderId, message: outcome.message };
  await showAnswered(ctx, renderOutcome(ctx, outcome));
}

async function cancel(ctx: BotContext, confirmId: string, next: NextFunction): Promise<void> {
  const chatId = ctx.chatId!;
  const guards = new Confirmations(ctx.deps.kv);
  if ((await guards.orderOf(chatId, confirmId)) === undefined) return next();
  if (!(await guards.consume(chatId, confirmId)))
    return void (await ctx.answerCallbackQuery({ text: ctx.t("pay-already") }));
  const ended = { text: ctx.t("pay-cancelled"), keyboard: backToMenuRow(ctx) };
  await showScreen(ctx, ended, { toast: ctx.t("pay-cancelled") });
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createPayFeature(): Feature {
  const composer = new Composer<BotContext>();
  composer.command("pay", (ctx) => payCommand(ctx, ctx.match.trim()));
  composer.callbackQuery(PAY_MENU_DATA, async (ctx) => {
    await showScreen(ctx, await payableScreen(ctx, 1));
  });
  composer.callbackQuery(PASTE_TOKEN_DATA, (ctx) => enterFlow(ctx, PAY_TOKEN_FLOW));
  onCallback(composer, openPayCard, (ctx, { orderId }, next) =>
    openCard(ctx, orderId, "open", next),
  );
  onCallback(composer, openPayCardBelow, (ctx, { orderId }, next) =>
    openCard(ctx, orderId, "below", next),
  );
  onCallback(composer, checkPayStatus, (ctx, { orderId }, next) =>
    openCard(ctx, orderId, "checked", next),
  );
  onCallback(composer, confirmPay, (ctx, { confirmId }, next) => confirm(ctx, confirmId, next));
  onCallback(composer, cancelPay, (ctx, { confirmId }, next) => cancel(ctx, confirmId, next));

  return {
    name: "pay",
    callbacks: ["pay"],
    composer,
    flows: [defineFlow(PAY_TOKEN_FLOW, payTokenFlow), defineFlow(PAY_CODE_FLOW, payCodeFlow)],
    menu: [{ labelKey: "pay-menu", data: PAY_MENU_DATA, order: 22, primary: true }],
    commands: [{ command: "pay", descriptionKey: "pay-cmd", inMenu: true }],
  };
}
