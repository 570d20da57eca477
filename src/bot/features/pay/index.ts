/**
 * Paying an order from the balance: `/pay <token>`, `/pay` (asks for the token), the menu, and the
 * order card's button (`pay:o:<orderId>`, rendered by the orders screens).
 *
 * Callback data (all ≤ 64 bytes):
 *   pay:o:<orderId>  open the confirmation card for an order (edits the pressed message)
 *   pay:s:<orderId>  re-read the order's status (same card, fresh)
 *   pay:c:<cid>      confirm — single use, see core/confirmations.ts
 *   pay:x:<cid>      cancel the card
 * Anything else under pay: (and a confirmation that expired or belongs to another chat) falls through
 * to the "button expired" fallback.
 */
import { Composer } from "grammy";
import { createConversation } from "@grammyjs/conversations";
import { withCaller } from "../../core/caller.js";
import type { BotContext, FlowContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { FLOW_TIMEOUT_MS } from "../../core/flows.js";
import { CONFIRM_ID_PATTERN, Confirmations } from "../../core/confirmations.js";
import { loadPayCard, payOrder, type PayOutcome } from "./payment.js";
import { renderOutcome, renderPayCard, type Screen } from "./render.js";
import { PAY_CODE_FLOW, PAY_TOKEN_FLOW, looksLikeToken, payCodeFlow, payTokenFlow } from "./pay-flows.js";
import { enterFlow, refuseWhileCodesLocked } from "../../core/secure-prompts.js";

const ORDER_ID = "[A-Za-z0-9_-]{1,40}";

const edit = (ctx: BotContext, screen: Screen) => ctx.editMessageText(screen.text, { parse_mode: "HTML", reply_markup: screen.keyboard });

const composer = new Composer<BotContext>();

composer.command("pay", async (ctx) => {
  const token = ctx.match.trim();
  if (token === "") return enterFlow(ctx, PAY_TOKEN_FLOW);
  if (!looksLikeToken(token)) return void (await ctx.reply(ctx.t("pay-token-invalid"), { parse_mode: "HTML" }));
  const card = await withCaller(ctx, (caller) => loadPayCard(ctx.deps, caller, ctx.chatId!, { token }));
  if (!card) return void (await ctx.reply(ctx.t("pay-token-not-found"), { parse_mode: "HTML" }));
  const screen = renderPayCard(ctx, card);
  await ctx.reply(screen.text, { parse_mode: "HTML", reply_markup: screen.keyboard });
});

composer.callbackQuery("pay:menu", (ctx) => enterFlow(ctx, PAY_TOKEN_FLOW));

// The order card's "Pay" button and "Check order status": a fresh confirmation card in place.
composer.callbackQuery(new RegExp(`^pay:([os]):(${ORDER_ID})$`), async (ctx) => {
  await ctx.answerCallbackQuery();
  const orderId = ctx.match[2]!;
  const card = await withCaller(ctx, (caller) => loadPayCard(ctx.deps, caller, ctx.chatId!, { id: orderId }));
  if (!card) return void (await edit(ctx, renderOutcome(ctx, { kind: "not-found", orderId })));
  const note = ctx.match[1] === "s" ? ctx.t("pay-status-checked") : undefined;
  await edit(ctx, renderPayCard(ctx, card, note));
});

composer.callbackQuery(new RegExp(`^pay:c:(${CONFIRM_ID_PATTERN})$`), async (ctx, next) => {
  const chatId = ctx.chatId!;
  const confirmId = ctx.match[1]!;
  const guards = new Confirmations(ctx.deps.kv);
  const orderId = await guards.orderOf(chatId, confirmId);
  if (orderId === undefined) return next();
  if (await guards.isUsed(chatId, confirmId)) return void (await ctx.answerCallbackQuery({ text: ctx.t("pay-already") }));
  if (Object.keys(await ctx.conversation.active()).length > 0) return void (await ctx.answerCallbackQuery({ text: ctx.t("secure-flow-busy") }));
  // Too many wrong codes on the account: refused before the single-use confirmation is spent.
  if (ctx.chatSettings.twofa === true && (await refuseWhileCodesLocked(ctx))) return;
  if (!(await guards.consume(chatId, confirmId))) return void (await ctx.answerCallbackQuery({ text: ctx.t("pay-already") }));
  await ctx.answerCallbackQuery({ text: ctx.t("pay-processing") });

  if (ctx.chatSettings.twofa === true) return ctx.conversation.enter(PAY_CODE_FLOW, orderId);
  let outcome: PayOutcome;
  try {
    outcome = await withCaller(ctx, (caller) => payOrder(ctx.deps, caller, chatId, orderId));
  } catch (error) {
    // payOrder throws only before anything was spent: the same button may be pressed again.
    await guards.release(chatId, confirmId);
    throw error;
  }
  if (outcome.kind === "needs-code") {
    // The exchanger asked for a code we did not know was needed: remember it and ask.
    ctx.chatSettings = await ctx.deps.settings.update(chatId, { twofa: true });
    return ctx.conversation.enter(PAY_CODE_FLOW, orderId);
  }
  if (outcome.kind === "wrong-code") outcome = { kind: "refused", orderId, message: outcome.message };
  await edit(ctx, renderOutcome(ctx, outcome));
});

composer.callbackQuery(new RegExp(`^pay:x:(${CONFIRM_ID_PATTERN})$`), async (ctx, next) => {
  const chatId = ctx.chatId!;
  const confirmId = ctx.match[1]!;
  const guards = new Confirmations(ctx.deps.kv);
  if ((await guards.orderOf(chatId, confirmId)) === undefined) return next();
  if (!(await guards.consume(chatId, confirmId))) return void (await ctx.answerCallbackQuery({ text: ctx.t("pay-already") }));
  await ctx.answerCallbackQuery({ text: ctx.t("pay-cancelled") });
  await ctx.editMessageText(ctx.t("pay-cancelled"), { parse_mode: "HTML" });
});

export const payFeature: Feature = {
  name: "pay",
  composer,
  flows: [
    createConversation<BotContext, FlowContext>(payTokenFlow, { id: PAY_TOKEN_FLOW, maxMillisecondsToWait: FLOW_TIMEOUT_MS }),
    createConversation<BotContext, FlowContext>(payCodeFlow, { id: PAY_CODE_FLOW, maxMillisecondsToWait: FLOW_TIMEOUT_MS }),
  ],
  menu: [{ labelKey: "pay-menu", data: "pay:menu", order: 40 }],
  commands: [{ command: "pay", descriptionKey: "pay-cmd" }],
};
