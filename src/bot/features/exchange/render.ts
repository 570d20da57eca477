/**
 * The exchange flow's texts: the direction's header, the amount prompts, the calculator's answers
 * (problems and limits named), the estimate (marked as one), the field prompts and the summary (card
 * numbers masked). Pure: a translator and plain data in, HTML out.
 */
import type { AmountProblem, LimitCrossed, Quote } from "../../../exchanger/exchange-quote.js";
import type { Translator } from "../../context.js";
import { clip, escapeHtml } from "../../ui/html.js";
import type { FieldProblem } from "./fields.js";
import { MAX_FIELD_LENGTH, shownValue } from "./fields.js";
import type { ExchangePlan, PlanField } from "./plan.js";

type T = Translator;

export type AmountMode = "send" | "receive";
export type GoodQuote = Extract<Quote, { ok: true }>;

const code = (side: ExchangePlan["send"]) => escapeHtml(clip(side.code, 30));
const isSet = (limit: string | undefined) => limit !== undefined && Number(limit) !== 0;

/** Title, direction, rate, limits and reserve. */
export function planHeader(ctx: T, plan: ExchangePlan): string[] {
  const { terms } = plan;
  const lines = [
    ctx.t("exchange-title"),
    `<b>${escapeHtml(clip(plan.send.label, 60))} → ${escapeHtml(clip(plan.receive.label, 60))}</b>`,
    ctx.t("exchange-rate-line", {
      send: `${escapeHtml(terms.rate.send)} ${code(plan.send)}`,
      receive: `${escapeHtml(terms.rate.receive)} ${code(plan.receive)}`,
    }),
  ];
  if (isSet(terms.min))
    lines.push(
      ctx.t("exchange-min-line", { amount: `${escapeHtml(terms.min)} ${code(plan.send)}` }),
    );
  if (isSet(terms.max))
    lines.push(
      ctx.t("exchange-max-line", { amount: `${escapeHtml(terms.max)} ${code(plan.send)}` }),
    );
  if (terms.reserve !== undefined)
    lines.push(
      ctx.t("exchange-reserve-line", {
        amount: `${escapeHtml(terms.reserve)} ${code(plan.receive)}`,
      }),
    );
  return lines;
}

export function amountPrompt(ctx: T, plan: ExchangePlan, mode: AmountMode): string {
  const side = mode === "send" ? plan.send : plan.receive;
  const ask = ctx.t(mode === "send" ? "exchange-ask-send" : "exchange-ask-receive", {
    currency: code(side),
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
  const currency = code(mode === "send" ? plan.send : plan.receive);
  return ctx.t(`exchange-amount-${problem}`, { currency, decimals });
}

export function limitMessage(ctx: T, plan: ExchangePlan, crossed: LimitCrossed): string {
  if (crossed.limit === "min")
    return ctx.t("exchange-amount-below-min", { min: crossed.min, currency: code(plan.send) });
  if (crossed.limit === "max")
    return ctx.t("exchange-amount-above-max", { max: crossed.max, currency: code(plan.send) });
  return ctx.t("exchange-amount-over-reserve", {
    reserve: crossed.reserve,
    receiveCurrency: code(plan.receive),
    maxSend: crossed.maxSend,
    sendCurrency: code(plan.send),
  });
}

/** You send / ≈ you receive, and what ≈ means. */
export function estimateLines(ctx: T, plan: ExchangePlan, quote: GoodQuote): string[] {
  return [
    ctx.t("exchange-you-send", { amount: `${quote.send} ${code(plan.send)}` }),
    ctx.t("exchange-you-receive", {
      estimate: ctx.t("exchange-estimate", { amount: quote.receive, currency: code(plan.receive) }),
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
