/**
 * The exchange flow: the amount (to send, or to receive), the direction's required fields one by one
 * (each offered from what the user saved), then the summary with Create (confirm.ts). Without the
 * operator's Private API, or in a chat with no linked account, it ends on the estimate with the way
 * to the exchanger's website.
 */
import { InlineKeyboard } from "grammy";
import {
  type AmountReadings,
  amountReadings,
  parseAmount,
  quoteFromReceive,
  quoteFromSend,
  Unauthorized,
  exchangeLink,
} from "../../../exchanger/index.js";
import type { FlowContext } from "../../context.js";
import { accept, ask, note, refuse, type Verdict } from "../../core/ask.js";
import { CANCEL_DATA } from "../../core/codec.js";
import { callExchanger, type Flow } from "../../core/flows.js";
import { budgetAccount } from "../../core/creation-budget.js";
import { clip, escapeHtml } from "../../ui/html.js";
import { sendScreen } from "../../ui/screen.js";
import { ended } from "./render.js";
import { AMOUNT_TO_RECEIVE, AMOUNT_TO_SEND, amountReading, fieldChoice } from "./codec.js";
import { confirmAndCreate } from "./confirm.js";
import { alertData } from "../alerts/public.js";
import { checkFieldValue, fieldChoices, isSensitiveField, shownValue } from "./fields.js";
import type { ExchangePlan, PlanField } from "./plan.js";
import { readPlanInFlow } from "./read-in-flow.js";
import {
  amountProblem,
  amountPrompt,
  estimateLines,
  fieldProblem,
  fieldPrompt,
  limitMessage,
  sideUnit,
  type AmountMode,
  type GoodQuote,
} from "./render.js";

export const EXCHANGE_FLOW = "exchange";

export async function exchangeFlow(
  conversation: Flow,
  ctx: FlowContext,
  sendId: string,
  receiveId: string,
): Promise<void> {
  const reading = await readPlanInFlow(conversation, ctx, { sendId, receiveId });
  if ("trouble" in reading) return void (await sendScreen(ctx, ended(ctx, reading.text)));
  if (!reading.ok) {
    const names = { send: escapeHtml(reading.send), receive: escapeHtml(reading.receive) };
    await sendScreen(ctx, ended(ctx, ctx.t(`exchange-${reading.problem}`, names)));
    return;
  }
  const plan = reading.plan;
  let quote = await askAmount(conversation, ctx, plan);
  for (;;) {
    const access = await readAccess(conversation, plan, quote);
    if (access.creates && access.linked && access.waitMs === 0) break;
    // The calculator stays open on its estimate: another amount typed is another estimate (a
    // command, another screen's button, Cancel or a pasted API key leaves it: core/flow-exit.ts).
    quote = await askAmount(conversation, ctx, plan, estimate(ctx, plan, quote, access));
  }
  const values = await askFields(conversation, ctx, plan, quote);
  await confirmAndCreate(conversation, ctx, plan, quote, values);
}

interface Access {
  creates: boolean;
  linked: boolean;
  waitMs: number;
  link?: string;
}

/** Whether this chat may create now, and the site's link for the amount (an estimate's way on). */
function readAccess(conversation: Flow, plan: ExchangePlan, quote: GoodQuote): Promise<Access> {
  return conversation.external(async (outer) => ({
    creates: outer.deps.exchange.privateApi !== undefined,
    linked: await outer.deps.vault.has(outer.chatId!),
    waitMs: await accountWait(outer),
    link:
      outer.deps.exchange.urlTemplate === undefined
        ? undefined
        : exchangeLink(outer.deps.exchange.urlTemplate, plan.slug, quote.send),
  }));
}

/** ms until the chat's account may create again (the budget is per account: core/creation-budget.ts); 0 unlinked. */
async function accountWait(outer: FlowContext): Promise<number> {
  const apiKey = await outer.deps.vault.get(outer.chatId!);
  if (apiKey === undefined) return 0;
  const userId = await outer.deps.accountChats.accountOf(outer.chatId!);
  const account = budgetAccount(userId, () => outer.deps.vault.accountIdOf(apiKey));
  return outer.deps.exchange.budget.waitFor(account);
}

/** An estimate above the next amount prompt: its text and the site's link for that amount. */
interface Estimate {
  text: string;
  link?: string;
}

/** The calculator's answer without creating: the estimate, and the way on (the site, linking, waiting). */
function estimate(
  ctx: FlowContext,
  plan: ExchangePlan,
  quote: GoodQuote,
  access: Access,
): Estimate {
  const lines = [...estimateLines(ctx, plan, quote), ""];
  if (access.creates && !access.linked) lines.push(ctx.t("exchange-link-first"));
  else if (access.creates)
    lines.push(ctx.t("exchange-budget-spent", { minutes: Math.ceil(access.waitMs / 60_000) }));
  else if (access.link === undefined) lines.push(ctx.t("exchange-on-website"));
  return { text: lines.join("\n"), link: access.link };
}

/** An amount typed so that it reads two ways ("1,500", "1.234"): its readings, to ask which one was meant. */
interface Ambiguous {
  typed: string;
  readings: AmountReadings;
}

/** The amount to send (or to receive, by the button): a quote within the limits. */
async function askAmount(
  conversation: Flow,
  ctx: FlowContext,
  plan: ExchangePlan,
  after?: Estimate,
): Promise<GoodQuote> {
  let mode: AmountMode = "send";
  let head = after === undefined ? "" : `${after.text}\n\n`;
  let link = after?.link;
  for (;;) {
    const other: AmountMode = mode === "send" ? "receive" : "send";
    const keyboard = new InlineKeyboard();
    if (link !== undefined) keyboard.url(ctx.t("exchange-btn-site"), link).row();
    keyboard
      .text(
        ctx.t(`exchange-btn-by-${other}`),
        other === "receive" ? AMOUNT_TO_RECEIVE : AMOUNT_TO_SEND,
      )
      .row();
    // "Tell me when the rate gets better": the alert flow (this one is left when it is pressed).
    const alert = alertData(plan.send.id, plan.receive.id);
    if (alert !== undefined) keyboard.text(ctx.t("alerts-btn-pair"), alert).row();
    keyboard.text(ctx.t("btn-cancel"), CANCEL_DATA);
    const current: AmountMode = mode;
    type Answer = GoodQuote | AmountMode | Ambiguous;
    const answer: Answer = await ask<Answer>(conversation, ctx, {
      prompt: head + amountPrompt(ctx, plan, mode),
      keyboard,
      notText: ctx.t("exchange-amount-not-a-number"),
      buttons: (data) =>
        data === AMOUNT_TO_RECEIVE ? "receive" : data === AMOUNT_TO_SEND ? "send" : undefined,
      check: (text): Verdict<Answer> => checkAmount(ctx, plan, current, text),
    });
    head = "";
    link = undefined;
    if (typeof answer === "string") mode = answer;
    else if (!("readings" in answer)) return answer;
    else {
      const chosen = quoteOf(
        ctx,
        plan,
        current,
        await askReading(conversation, ctx, plan, current, answer),
      );
      if (chosen.ok) return chosen.value;
      if ("problem" in chosen) head = `${chosen.problem}\n\n`;
    }
  }
}

function checkAmount(
  ctx: FlowContext,
  plan: ExchangePlan,
  mode: AmountMode,
  text: string,
): Verdict<GoodQuote | Ambiguous> {
  const decimals = mode === "send" ? plan.terms.sendDecimals : plan.terms.receiveDecimals;
  // "1,500" is asked, not guessed: fifteen hundred or one and a half?
  const readings = amountReadings(text, decimals);
  if (readings !== undefined) return accept({ typed: text.trim(), readings });
  const parsed = parseAmount(text, decimals);
  if (!parsed.ok) return refuse(amountProblem(ctx, plan, mode, parsed.problem, parsed.decimals));
  return quoteOf(ctx, plan, mode, parsed.amount);
}

/** The quote for an amount (to send or to receive), or why it cannot be exchanged. */
function quoteOf(
  ctx: FlowContext,
  plan: ExchangePlan,
  mode: AmountMode,
  amount: string,
): Verdict<GoodQuote> {
  const quote =
    mode === "send" ? quoteFromSend(plan.terms, amount) : quoteFromReceive(plan.terms, amount);
  if (quote.ok) return accept(quote);
  if ("unusableTerms" in quote) return refuse(ctx.t("exchange-no-rate-now"));
  return refuse(limitMessage(ctx, plan, quote.crossed));
}

/** "1,500": one question, both readings as buttons; resolves with the amount meant. */
async function askReading(
  conversation: Flow,
  ctx: FlowContext,
  plan: ExchangePlan,
  mode: AmountMode,
  typed: Ambiguous,
): Promise<string> {
  // The currency's name as every other exchange text writes it, never the internal code (issue 31).
  const currency = sideUnit(plan, mode);
  const { group, decimal } = typed.readings;
  const keyboard = new InlineKeyboard().text(plainAmount(group), amountReading.pack({ index: 1 }));
  if (decimal !== undefined) keyboard.text(plainAmount(decimal), amountReading.pack({ index: 2 }));
  keyboard.row().text(ctx.t("btn-cancel"), CANCEL_DATA);
  const pick = note(ctx.t("exchange-amount-pick"));
  const typedText = escapeHtml(clip(typed.typed, 20));
  // "1.234" for a currency of 2 decimals: 1234, or an amount it cannot take — asked, not refused.
  const prompt =
    decimal === undefined
      ? ctx.t("exchange-amount-ambiguous-one", {
          typed: typedText,
          group: plainAmount(group),
          currency,
          decimals: mode === "send" ? plan.terms.sendDecimals : plan.terms.receiveDecimals,
        })
      : ctx.t("exchange-amount-ambiguous", {
          typed: typedText,
          group: plainAmount(group),
          decimal: plainAmount(decimal),
          currency,
        });
  return ask<string>(conversation, ctx, {
    prompt,
    keyboard,
    notText: pick,
    check: () => pick,
    buttons: (data) => {
      const index = amountReading.unpack(data)?.index;
      return index === 1 ? group : index === 2 ? decimal : undefined;
    },
    pressedText: (value) =>
      ctx.t("exchange-amount-chosen", { amount: plainAmount(value), currency }),
  });
}

/** "1500.00" → "1500", "1.50" → "1.5": an amount as a person reads it. */
const plainAmount = (amount: string): string =>
  amount.includes(".") ? amount.replace(/\.?0+$/, "") : amount;

/** What the user saved: fields by id and payment details (no prefill when they cannot be read). */
function readSaved(conversation: Flow) {
  const orNothing = <T>(error: unknown, nothing: T): T => {
    if (error instanceof Unauthorized) throw error;
    return nothing;
  };
  return callExchanger(conversation, async (caller, deps) => {
    const [inputs, details] = await Promise.all([
      deps.exchanger.getInputs(caller).catch((e: unknown) => orNothing(e, [])),
      deps.exchanger
        .getDetails(caller, { limit: 100 })
        .then((page) =>
          page.items.map(({ id, currency_id, value }) => ({ id, currency_id, value })),
        )
        .catch((e: unknown) => orNothing(e, [])),
    ]);
    return { inputs, details };
  });
}

/** Every required field, asked one by one; the first prompt carries the estimate. */
async function askFields(
  conversation: Flow,
  ctx: FlowContext,
  plan: ExchangePlan,
  quote: GoodQuote,
): Promise<string[]> {
  if (plan.fields.length === 0) return [];
  const saved = await readSaved(conversation);
  const values: string[] = [];
  for (const [i, field] of plan.fields.entries()) {
    const choices = fieldChoices(field, saved.inputs, saved.details, plan.receive.id);
    const head = i === 0 ? `${estimateLines(ctx, plan, quote).join("\n")}\n\n` : "";
    values.push(await askField(conversation, ctx, field, choices, head));
  }
  return values;
}

async function askField(
  conversation: Flow,
  ctx: FlowContext,
  field: PlanField,
  choices: { value: string; label: string }[],
  head: string,
): Promise<string> {
  const keyboard = new InlineKeyboard();
  choices.forEach((c, n) => keyboard.text(c.label, fieldChoice.pack({ index: n + 1 })).row());
  keyboard.text(ctx.t("btn-cancel"), CANCEL_DATA);
  const chosen = (value: string) =>
    `<b>${escapeHtml(field.label)}:</b> ${escapeHtml(shownValue(field, value))}`;
  return ask<string>(conversation, ctx, {
    prompt: head + fieldPrompt(ctx, field, choices.length > 0),
    keyboard,
    notText: fieldProblem(ctx, field, "empty"),
    sensitive: isSensitiveField(field),
    buttons: (data) => {
      const index = fieldChoice.unpack(data)?.index;
      return index === undefined ? undefined : choices[index - 1]?.value;
    },
    pressedText: (value) => head + chosen(value),
    check: (text) => {
      const checked = checkFieldValue(field, text);
      return checked.ok ? accept(checked.value) : refuse(fieldProblem(ctx, field, checked.problem));
    },
  });
}
