/** The screens of paying from the balance: the confirmation card and every way a payment can end. */
import { InlineKeyboard } from "grammy";
import type { FlowContext, Translator } from "../../context.js";
import { websiteRow } from "../../ui/branding.js";
import type { PayCard, PayOutcome } from "./pay-order.js";
import { statusLabel } from "../../../exchanger/index.js";
import { escapeHtml } from "../../ui/html.js";
import { balancesText, formatAmount } from "../../ui/money.js";
import { backToMenuRow } from "../menu/public.js";
import type { Screen } from "../../ui/screen.js";
import { cancelPay, checkPayStatus, confirmPay } from "./codec.js";
import { storedOrderRef } from "../../core/order-refs.js";

type T = Translator;

/**
 * "Check order status" (pay:s). Every screen with it follows a pay card, whose loading stored the
 * order's reference (pay-order.ts loadPayCard), so the reference is known here without a write.
 */
function withCheckButton(ctx: T, orderId: string, keyboard = new InlineKeyboard()): InlineKeyboard {
  const data = checkPayStatus.pack({ orderId: storedOrderRef(orderId) });
  return keyboard.text(ctx.t("pay-btn-check"), data);
}

const menuRow = (ctx: T, keyboard: InlineKeyboard): InlineKeyboard => backToMenuRow(ctx, keyboard);

function amount(
  ctx: T,
  value: string | undefined,
  currency: string | undefined,
  decimals: number | undefined,
): string | undefined {
  if (value === undefined) return undefined;
  const number = formatAmount(ctx, value, decimals);
  return escapeHtml(currency ? `${number} ${currency}` : number);
}

/**
 * The confirmation card: what will be paid, from what, and the single-use "Pay" button. An order the
 * bot cannot prove payable (its status or amounts unread) offers the website instead, when the
 * context knows it.
 */
export function renderPayCard(
  ctx: T & Partial<Pick<FlowContext, "botConfig">>,
  card: PayCard,
  note?: string,
): Screen {
  const lines = [ctx.t("pay-card-title", { id: escapeHtml(card.orderId) })];
  if (note) lines.push(note);
  const send = amount(ctx, card.sendAmount, card.sendCurrency, card.sendDecimals);
  const receive = amount(ctx, card.receiveAmount, card.receiveCurrency, card.receiveDecimals);
  if (send) lines.push(ctx.t("pay-card-amount", { amount: send }));
  else if (card.unsure) lines.push(ctx.t("pay-card-amount-unread"));
  if (receive) lines.push(ctx.t("pay-card-receive", { amount: receive }));
  lines.push(ctx.t("pay-card-status", { status: statusLabel(ctx, card.status) }));
  if (card.balance)
    lines.push(ctx.t("pay-card-balance", { balance: escapeHtml(balancesText(ctx, card.balance)) }));
  lines.push("");
  const keyboard = new InlineKeyboard();
  if (card.payable && card.confirmId) {
    lines.push(ctx.t("pay-card-confirm"));
    keyboard
      .text(
        ctx.t("pay-btn-confirm", { amount: send ?? "" }).trim(),
        confirmPay.pack({ confirmId: card.confirmId }),
      )
      // Green where the client shows button styles (Bot API, grammY 1.46); older ones show it plain.
      .success()
      .text(ctx.t("btn-cancel"), cancelPay.pack({ confirmId: card.confirmId }));
  } else {
    lines.push(
      ctx.t(
        card.unsure ? "pay-card-unsure" : card.short ? "pay-card-short" : "pay-card-not-payable",
      ),
    );
    if ((card.unsure || card.short) && ctx.botConfig !== undefined)
      websiteRow({ ...ctx, botConfig: ctx.botConfig }, keyboard).row();
    withCheckButton(ctx, card.orderId, keyboard);
  }
  return { text: lines.join("\n"), keyboard: menuRow(ctx, keyboard) };
}

/** How a payment attempt ended (wrong codes are handled by the code prompt, not here). */
export function renderOutcome(
  ctx: T & Partial<Pick<FlowContext, "botConfig">>,
  outcome: Exclude<PayOutcome, { kind: "needs-code" | "wrong-code" }>,
): Screen {
  const id = escapeHtml(outcome.orderId);
  const check = () => withCheckButton(ctx, outcome.orderId);
  switch (outcome.kind) {
    case "paid": {
      const lines = [ctx.t("pay-done", { id })];
      if (outcome.status !== undefined)
        lines.push(ctx.t("pay-card-status", { status: statusLabel(ctx, outcome.status) }));
      if (outcome.balance !== undefined)
        lines.push(
          ctx.t("pay-card-balance", { balance: escapeHtml(balancesText(ctx, outcome.balance)) }),
        );
      return { text: lines.join("\n"), keyboard: menuRow(ctx, new InlineKeyboard()) };
    }
    case "not-found":
      return {
        text: ctx.t("pay-order-gone", { id }),
        keyboard: menuRow(ctx, new InlineKeyboard()),
      };
    case "not-payable":
      return {
        text: ctx.t("pay-not-payable-now", { id, status: statusLabel(ctx, outcome.status) }),
        keyboard: menuRow(ctx, check()),
      };
    case "unproven": {
      const keyboard = ctx.botConfig && websiteRow({ ...ctx, botConfig: ctx.botConfig });
      return { text: ctx.t("pay-unproven", { id }), keyboard: menuRow(ctx, keyboard ?? check()) };
    }
    case "busy":
      return { text: ctx.t("pay-busy", { id }), keyboard: menuRow(ctx, check()) };
    case "refused":
      return {
        text: outcome.message
          ? ctx.t("pay-refused", { id, message: escapeHtml(outcome.message) })
          : ctx.t("pay-refused-generic", { id }),
        keyboard: menuRow(ctx, check()),
      };
    case "unknown":
      return { text: ctx.t("pay-unknown", { id }), keyboard: menuRow(ctx, check()) };
  }
}

/** Another chat linked to the same account is paying this order right now; its outcome follows. */
export function renderPaymentElsewhere(ctx: T, orderId: string): Screen {
  return { text: ctx.t("pay-in-progress-elsewhere", { id: escapeHtml(orderId) }) };
}

/** A payment stopped before anything was spent (the exchanger could not be asked, too many wrong codes...). */
export function renderNothingPaid(ctx: T, orderId: string, reason: string): Screen {
  return {
    text: ctx.t("pay-nothing-paid", { id: escapeHtml(orderId), reason }),
    keyboard: menuRow(ctx, withCheckButton(ctx, orderId)),
  };
}
