/**
 * The exchange flow's texts: the direction's header, the amount prompts, the calculator's answers
 * (problems and limits named), the estimate (marked as one), the field prompts and the summary (card
 * numbers masked). Pure: a translator and plain data in, HTML out.
 */
import type { AmountProblem, LimitCrossed, Quote } from "../../../exchanger/index.js";
import type { Translator } from "../../context.js";
import { clip, escapeHtml } from "../../ui/html.js";
import { formatAmount, formatNumber } from "../../ui/money.js";
import type { FieldProblem } from "./fields.js";
import { MAX_FIELD_LENGTH, shownValue } from "./fields.js";
import type { ExchangePlan, PlanField } from "./plan.js";
import type { Screen } from "../../ui/screen.js";
import { backToMenuRow } from "../menu/public.js";

type T = Translator;

export type AmountMode = "send" | "receive";
export type GoodQuote = Extract<Quote, { ok: true }>;

/** The currency as the customer knows it (its name from the list, not the internal code). */
const unit = (side: ExchangePlan["send"]) => escapeHtml(clip(side.label, 60));
/** The currency of one side of the exchange, as `unit` writes it (for texts outside this file). */
export const sideUnit = (plan: ExchangePlan, mode: AmountMode): string =>
  unit(mode === "send" ? plan.send : plan.receive);
const isSet = (limit: string | undefined) => limit !== undefined && Number(limit) !== 0;

/** "100,50 Tether TRC20": an amount at the side's precision, in the reader's language, with its unit. */
function sendAmount(ctx: T, plan: ExchangePlan, amount: string): string {
  return `${escapeHtml(formatAmount(ctx, amount, plan.terms.sendDecimals))} ${unit(plan.send)}`;
}
export function receiveAmount(ctx: T, plan: ExchangePlan, amount: string): string {
  return `${escapeHtml(formatAmount(ctx, amount, plan.terms.receiveDecimals))} ${unit(plan.receive)}`;
}

/** Title, direction, rate, limits and reserve. */
export function planHeader(ctx: T, plan: ExchangePlan): string[] {
  const { terms } = plan;
  const lines = [
    ctx.t("exchange-title"),
    `<b>${escapeHtml(clip(plan.send.label, 60))} → ${escapeHtml(clip(plan.receive.label, 60))}</b>`,
    ctx.t("exchange-rate-line", {
      send: `${escapeHtml(formatNumber(ctx, terms.rate.send))} ${unit(plan.send)}`,
      receive: `${escapeHtml(formatNumber(ctx, terms.rate.receive))} ${unit(plan.receive)}`,
    }),
  ];
  if (isSet(terms.min))
    lines.push(ctx.t("exchange-min-line", { amount: sendAmount(ctx, plan, terms.min!) }));
  if (isSet(terms.max))
    lines.push(ctx.t("exchange-max-line", { amount: sendAmount(ctx, plan, terms.max!) }));
  if (terms.reserve !== undefined)
    lines.push(ctx.t("exchange-reserve-line", { amount: receiveAmount(ctx, plan, terms.reserve) }));
  return lines;
}

export function amountPrompt(ctx: T, plan: ExchangePlan, mode: AmountMode): string {
  const side = mode === "send" ? plan.send : plan.receive;
  const ask = ctx.t(mode === "send" ? "exchange-ask-send" : "exchange-ask-receive", {
    currency: unit(side),
  });
  return [...planHeader(ctx, plan), "", ask].join("\n");
}

export function amountProblem(
  ctx: T,
  plan: ExchangePlan,
  mode: AmountMode,
  problem: AmountProblem,
  decimals: number,
): string {
  const currency = unit(mode === "send" ? plan.send : plan.receive);
  return ctx.t(`exchange-amount-${problem}`, { currency, decimals });
}

export function limitMessage(ctx: T, plan: ExchangePlan, crossed: LimitCrossed): string {
  const send = (amount: string) => escapeHtml(formatAmount(ctx, amount, plan.terms.sendDecimals));
  const receive = (amount: string) =>
    escapeHtml(formatAmount(ctx, amount, plan.terms.receiveDecimals));
  if (crossed.limit === "min")
    return ctx.t("exchange-amount-below-min", {
      min: send(crossed.min),
      currency: unit(plan.send),
    });
  if (crossed.limit === "max")
    return ctx.t("exchange-amount-above-max", {
      max: send(crossed.max),
      currency: unit(plan.send),
    });
  return ctx.t("exchange-amount-over-reserve", {
    reserve: receive(crossed.reserve),
    receiveCurrency: unit(plan.receive),
    maxSend: send(crossed.maxSend),
    sendCurrency: unit(plan.send),
  });
}

/** You send / ≈ you receive, and what ≈ means. */
export function estimateLines(ctx: T, plan: ExchangePlan, quote: GoodQuote): string[] {
  return [
    ctx.t("exchange-you-send", { amount: sendAmount(ctx, plan, quote.send) }),
    ctx.t("exchange-you-receive", {
      estimate: ctx.t("exchange-estimate", {
        amount: escapeHtml(formatAmount(ctx, quote.receive, plan.terms.receiveDecimals)),
        currency: unit(plan.receive),
      }),
    }),
    "",
    `<i>${ctx.t("exchange-estimate-note")}</i>`,
  ];
}

export function fieldPrompt(ctx: T, field: PlanField, offered: boolean): string {
  const name = escapeHtml(clip(field.label, 80));
  return ctx.t(offered ? "exchange-ask-field-saved" : "exchange-ask-field", { field: name });
}

export function fieldProblem(ctx: T, field: PlanField, problem: FieldProblem): string {
  return ctx.t(`exchange-field-${problem}`, {
    field: escapeHtml(clip(field.label, 80)),
    max: MAX_FIELD_LENGTH,
  });
}

/** What the user confirms: direction, amounts, every field (card numbers masked). */
export function summaryText(
  ctx: T,
  plan: ExchangePlan,
  quote: GoodQuote,
  values: readonly string[],
  headline = ctx.t("exchange-summary-title"),
): string {
  const lines = [
    headline,
    `<b>${escapeHtml(clip(plan.send.label, 60))} → ${escapeHtml(clip(plan.receive.label, 60))}</b>`,
    ...estimateLines(ctx, plan, quote).slice(0, 2),
  ];
  plan.fields.forEach((field, i) =>
    lines.push(
      `<b>${escapeHtml(clip(field.label, 60))}:</b> ${escapeHtml(clip(shownValue(field, values[i] ?? ""), 120))}`,
    ),
  );
  lines.push("", `<i>${ctx.t("exchange-estimate-note")}</i>`);
  return lines.join("\n");
}

/** A flow's last word (a refusal, a stop): the text with "☰ Menu" as the way on. */
export function ended(ctx: T, text: string): Screen {
  return { text, keyboard: backToMenuRow(ctx) };
}
