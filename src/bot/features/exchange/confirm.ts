/**
 * The summary and its Create button, then the creation itself. The button carries a single-use
 * confirmation (core/confirmations.ts, as paying does): its atomic consume lets exactly one press
 * through, whatever Telegram redelivers or however many instances serve the chat. Before creating,
 * the direction is read again: a moved rate shows the new estimate to confirm again.
 */
import { InlineKeyboard } from "grammy";
import { quoteFromSend, sameAmount } from "../../../exchanger/exchange-quote.js";
import type { FlowContext } from "../../context.js";
import { ask, note } from "../../core/ask.js";
import { CANCEL_DATA } from "../../core/codec.js";
import { Confirmations } from "../../core/confirmations.js";
import { callExchanger, type Flow } from "../../core/flows.js";
import { sendScreen } from "../../ui/screen.js";
import { createOrderData } from "./codec.js";
import { createOrderOnce, type OrderDraft } from "./create.js";
import { showOutcome } from "./outcome.js";
import { readPlan, type ExchangePlan } from "./plan.js";
import { limitMessage, summaryText, type GoodQuote } from "./render.js";

/** What a Create press found when the direction was read again. */
type Recheck =
  | { kind: "used" }
  | { kind: "same" }
  | { kind: "moved"; plan: ExchangePlan; quote: GoodQuote }
  | { kind: "stop"; text: string };

const sameFields = (a: ExchangePlan, b: ExchangePlan) =>
  JSON.stringify(a.fields.map((f) => f.param)) === JSON.stringify(b.fields.map((f) => f.param));

export async function confirmAndCreate(
  conversation: Flow,
  ctx: FlowContext,
  firstPlan: ExchangePlan,
  firstQuote: GoodQuote,
  values: string[],
): Promise<void> {
  let plan = firstPlan;
  let quote = firstQuote;
  let headline: string | undefined;
  for (;;) {
    const confirmId = await askCreate(
      conversation,
      ctx,
      summaryText(ctx, plan, quote, values, headline),
    );
    const recheck = await conversation.external(async (outer): Promise<Recheck> => {
      if (!(await new Confirmations(outer.deps.kv).consume(outer.chatId!, confirmId)))
        return { kind: "used" };
      return recheckPlan(outer, plan, quote);
    });
    if (recheck.kind === "used") return void (await ctx.reply(ctx.t("exchange-already")));
    if (recheck.kind === "stop") return void (await sendScreen(ctx, { text: recheck.text }));
    if (recheck.kind === "same") break;
    ({ plan, quote } = recheck);
    headline = ctx.t("exchange-rate-moved");
  }
  const draft: OrderDraft = {
    slug: plan.slug,
    ...(plan.directionId !== undefined && { directionId: plan.directionId }),
    sendAmount: quote.send,
    fields: plan.fields.map((f, i) => ({ name: f.name, value: values[i] ?? "" })),
    language: ctx.language,
  };
  await callExchanger(conversation, async (caller, deps, outer) => {
    const privateApi = deps.exchange.privateApi;
    if (privateApi === undefined) throw new Error("the Private API went away mid-flow");
    const outcome = await createOrderOnce(deps, privateApi, caller, outer.chatId!, draft);
    await showOutcome(outer, outcome, draft);
  });
}

/** Shows the summary with Create / Cancel; resolves with the confirmation the pressed Create spent. */
async function askCreate(conversation: Flow, ctx: FlowContext, text: string): Promise<string> {
  const confirmId = await conversation.external((outer) =>
    new Confirmations(outer.deps.kv).create(outer.chatId!, "exchange"),
  );
  const keyboard = new InlineKeyboard()
    .text(ctx.t("exchange-btn-create"), createOrderData.pack({ confirmId }))
    .text(ctx.t("btn-cancel"), CANCEL_DATA);
  const useButtons = note(ctx.t("exchange-use-buttons"));
  await ask<true>(conversation, ctx, {
    prompt: text,
    keyboard,
    notText: useButtons,
    check: () => useButtons,
    buttons: (data) => (createOrderData.unpack(data)?.confirmId === confirmId ? true : undefined),
    pressedText: () => `${text}\n\n${ctx.t("exchange-creating")}`,
  });
  return confirmId;
}

/** The direction now: unchanged, moved (a new estimate to confirm), or no longer usable. */
async function recheckPlan(
  outer: FlowContext,
  plan: ExchangePlan,
  quote: GoodQuote,
): Promise<Recheck> {
  const pair = { sendId: plan.send.id, receiveId: plan.receive.id };
  const reading = await readPlan(outer.deps, outer.language, pair);
  if (!reading.ok || !sameFields(plan, reading.plan))
    return { kind: "stop", text: outer.t("exchange-changed") };
  const fresh = quoteFromSend(reading.plan.terms, quote.send);
  if (!fresh.ok)
    return {
      kind: "stop",
      text:
        "crossed" in fresh ? limitMessage(outer, plan, fresh.crossed) : outer.t("exchange-changed"),
    };
  // Compared at the same amount to send: an estimate asked by the amount to receive shows the wish,
  // which the rounding of the amount to send may exceed by a digit without the rate moving.
  const before = quoteFromSend(plan.terms, quote.send);
  if (sameAmount(fresh.receive, "receive" in before ? before.receive : quote.receive))
    return { kind: "same" };
  return { kind: "moved", plan: reading.plan, quote: fresh };
}
