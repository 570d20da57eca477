/**
 * The summary and its Create button, then the creation itself. The button carries a single-use
 * confirmation (core/confirmations.ts, as paying does): its atomic consume lets exactly one press
 * through, whatever Telegram redelivers or however many instances serve the chat. Before creating,
 * the direction is read again: a moved rate shows the new estimate to confirm again (once: after that
 * a move within RATE_TOLERANCE creates, one beyond it is said); the exchanger not answering keeps the
 * summary to press Create again in a minute.
 */
import { InlineKeyboard } from "grammy";
import { quoteFromSend, sameAmount, withinTolerance } from "../../../exchanger/index.js";
import type { FlowContext } from "../../context.js";
import { ask, note } from "../../core/ask.js";
import { CANCEL_DATA } from "../../core/codec.js";
import { Confirmations } from "../../core/confirmations.js";
import { createWatch } from "../../core/after-spend.js";
import { callExchanger, type Flow } from "../../core/flows.js";
import { sendScreen } from "../../ui/screen.js";
import { ended } from "./render.js";
import { createOrderData } from "./codec.js";
import { createOrderOnce, type OrderDraft } from "./create.js";
import { showOutcome } from "./outcome.js";
import { ownAction } from "../../core/own-action.js";
import type { ExchangePlan, PlanReading } from "./plan.js";
import { readPlanInFlow } from "./read-in-flow.js";
import { limitMessage, receiveAmount, summaryText, type GoodQuote } from "./render.js";

/** What a Create press found when the direction was read again. */
type Recheck =
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
  // A moved rate is confirmed once more at most: after that, a move within the tolerance creates.
  let movedOnce = false;
  for (;;) {
    const summary = summaryText(ctx, plan, quote, values, headline);
    const confirmId = await askCreate(conversation, ctx, summary);
    const fresh = await conversation.external(
      async (outer) => await new Confirmations(outer.deps.kv).consume(outer.chatId!, confirmId),
    );
    if (!fresh) return void (await ctx.reply(ctx.t("exchange-already")));
    const pair = { sendId: plan.send.id, receiveId: plan.receive.id };
    const reading = await readPlanInFlow(conversation, ctx, pair);
    if ("trouble" in reading) {
      // Refused: its message. Not answering: the summary again, to press Create in a minute.
      if (!reading.unavailable) return void (await sendScreen(ctx, ended(ctx, reading.text)));
      headline = `${reading.text}\n\n${ctx.t("exchange-summary-title")}`;
      continue;
    }
    const recheck = recheckPlan(ctx, plan, quote, reading, movedOnce);
    if (recheck.kind === "stop") return void (await sendScreen(ctx, ended(ctx, recheck.text)));
    if (recheck.kind === "same") break;
    ({ plan, quote } = recheck);
    headline = ctx.t("exchange-rate-moved");
    movedOnce = true;
  }
  await createNow(conversation, plan, quote, values, ctx.language);
}

/** The one private-api-create-order call, past the point of no return once it leaves (core/after-spend.ts). */
async function createNow(
  conversation: Flow,
  plan: ExchangePlan,
  quote: GoodQuote,
  values: string[],
  language: OrderDraft["language"],
): Promise<void> {
  const draft: OrderDraft = {
    slug: plan.slug,
    ...(plan.directionId !== undefined && { directionId: plan.directionId }),
    sendAmount: quote.send,
    fields: plan.fields.map((f, i) => ({ name: f.name, value: values[i] ?? "" })),
    language,
  };
  await callExchanger(conversation, async (caller, deps, outer) => {
    const privateApi = deps.exchange.privateApi;
    if (privateApi === undefined) throw new Error("the Private API went away mid-flow");
    // Marks the update once the request leaves: from then on the exchanger's answer decides.
    const watch = createWatch(outer);
    const summaryId = outer.callbackQuery?.message?.message_id;
    const request = { chatId: outer.chatId!, ...(summaryId !== undefined && { summaryId }) };
    // Under the chat's poll lease: a poll in flight cannot announce the new order back (own-action.ts).
    const outcome = await ownAction(
      outer,
      () => createOrderOnce(deps, privateApi, caller, request, draft, watch),
      (done) => (done.kind === "created" ? [done.order] : []),
    );
    await showOutcome(outer, outcome, draft, watch);
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

/**
 * The direction now: unchanged, moved (a new estimate to confirm), or no longer usable. Once a moved
 * rate was confirmed (`movedOnce`), a move within RATE_TOLERANCE (or in the customer's favour) counts
 * as unchanged, and one beyond it is said: the rate keeps moving, nothing is created.
 */
function recheckPlan(
  ctx: FlowContext,
  plan: ExchangePlan,
  quote: GoodQuote,
  reading: PlanReading,
  movedOnce: boolean,
): Recheck {
  if (!reading.ok || !sameFields(plan, reading.plan))
    return { kind: "stop", text: ctx.t("exchange-changed") };
  const fresh = quoteFromSend(reading.plan.terms, quote.send);
  if (!fresh.ok)
    return {
      kind: "stop",
      text: "crossed" in fresh ? limitMessage(ctx, plan, fresh.crossed) : ctx.t("exchange-changed"),
    };
  // Compared at the same amount to send: an estimate asked by the amount to receive shows the wish,
  // which the rounding of the amount to send may exceed by a digit without the rate moving.
  const before = quoteFromSend(plan.terms, quote.send);
  const confirmed = "receive" in before ? before.receive : quote.receive;
  if (sameAmount(fresh.receive, confirmed)) return { kind: "same" };
  if (!movedOnce) return { kind: "moved", plan: reading.plan, quote: fresh };
  if (withinTolerance(confirmed, fresh.receive)) return { kind: "same" };
  const text = ctx.t("exchange-rate-keeps-moving", {
    confirmed: receiveAmount(ctx, plan, confirmed),
    now: receiveAmount(ctx, plan, fresh.receive),
  });
  return { kind: "stop", text };
}
