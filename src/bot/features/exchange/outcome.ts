/**
 * What the user sees after Create: the new order's card (the orders feature's rendering) with its
 * token to copy, Pay from balance while it awaits payment, a QR code of a crypto address to pay to,
 * and notifications switched on; or why nothing was created. Runs inside the flow's `external`, with
 * the Create press's context (the order object holds dates: it never enters the replay log).
 *
 * Past the point of no return (core/after-spend.ts): the order's number, token and where to pay are
 * handed to the watch first, so whatever fails while the card is built or sent (our storage, Telegram)
 * still ends with the user reading them; our own steps are guarded, the card fits one message.
 */
import { InlineKeyboard } from "grammy";
import {
  type Order,
  ORDER_TOKEN,
  isPayableStatus,
  exchangeLink,
} from "../../../exchanger/index.js";
import type { BotContext } from "../../context.js";
import { clip, escapeHtml, fieldLines, fitMessage, MESSAGE_LIMIT } from "../../ui/html.js";
import type { CreateWatch } from "../../core/after-spend.js";
import { sendScreen } from "../../ui/screen.js";
import { backToMenuRow } from "../menu/public.js";
import { addPayToButtons, renderOrderCard, sendPayToQr } from "../orders/public.js";
import { payData } from "../pay/public.js";
import { rememberOrderRef } from "../../core/order-refs.js";
import { seenOwnAction } from "../../core/own-action.js";
import type { CreateOutcome, OrderDraft } from "./create.js";
import { alertKeyRefused, announceKeyWorks } from "./key-alert.js";

export async function showOutcome(
  ctx: BotContext,
  outcome: CreateOutcome,
  draft: Pick<OrderDraft, "slug" | "sendAmount">,
  watch: CreateWatch,
): Promise<void> {
  if (outcome.kind === "created") {
    watch.decided(outcome.order.id, createdInBrief(ctx, outcome.order));
    await showCreated(ctx, outcome.order, watch);
    watch.shown();
    // After the user's card: the admins' news must not hold up the customer.
    return void (await watch.guard("operator-key notice", () => announceKeyWorks(ctx)));
  }
  // "unknown" stays undecided: a failure from here on still says "check /orders before creating again".
  if (outcome.kind !== "unknown") watch.decided(undefined);
  await showNotCreated(ctx, outcome, draft);
  watch.shown();
}

async function showNotCreated(
  ctx: BotContext,
  outcome: Exclude<CreateOutcome, { kind: "created" }>,
  draft: Pick<OrderDraft, "slug" | "sendAmount">,
): Promise<void> {
  if (outcome.kind === "key-refused") {
    await alertKeyRefused(ctx);
    // The site still works: the way there, when the operator configured it.
    const template = ctx.deps.exchange.urlTemplate;
    const keyboard = new InlineKeyboard();
    if (template !== undefined)
      keyboard.url(
        ctx.t("exchange-btn-site"),
        exchangeLink(template, draft.slug, draft.sendAmount),
      );
    const screen = { text: ctx.t("exchange-unavailable"), keyboard: backToMenuRow(ctx, keyboard) };
    return void (await sendScreen(ctx, screen));
  }
  const text =
    outcome.kind === "budget"
      ? ctx.t("exchange-budget-spent", { minutes: Math.ceil(outcome.waitMs / 60_000) })
      : outcome.kind === "refused"
        ? outcome.message
          ? ctx.t("exchange-refused", { message: escapeHtml(clip(outcome.message, 300)) })
          : ctx.t("exchange-refused-silent")
        : ctx.t(outcome.kind === "unknown" ? "exchange-check-orders" : "exchange-no-login");
  await sendScreen(ctx, { text, keyboard: backToMenuRow(ctx) });
}

/** The order in a few plain lines (number, token, what to pay and where): told when its card could not be. */
function createdInBrief(ctx: BotContext, order: Order): string {
  const lines = [ctx.t("exchange-created-brief", { id: escapeHtml(clip(order.id || "?", 40)) })];
  if (order.token)
    lines.push(
      `<b>${ctx.t("field-token")}:</b> <code>${escapeHtml(clip(order.token, 100))}</code>`,
    );
  if (order.send?.amount !== undefined)
    lines.push(`<b>${ctx.t("orders-field-send")}:</b> ${escapeHtml(clip(order.send.amount, 40))}`);
  lines.push(...fieldLines(order.payment ?? {}, { maxValue: 200 }).slice(0, 12));
  return fitMessage(lines, 3000);
}

async function showCreated(ctx: BotContext, order: Order, watch: CreateWatch): Promise<void> {
  const chatId = ctx.chatId!;
  if (ctx.chatSettings.notify !== true)
    await watch.guard("notifications", async () => {
      await ctx.deps.notifications.enable(chatId, ctx.language);
      ctx.chatSettings = await ctx.deps.settings.get(chatId);
    });
  const names = await ctx.deps.currencies.labels(ctx.language).catch(() => new Map());
  const head = ctx.t("exchange-created");
  const notifyOn = ctx.chatSettings.notify === true ? ctx.t("exchange-notify-on") : undefined;
  // The card is cut to what fits beside the head: its payment part comes first, the order's own fields last.
  const room = MESSAGE_LIMIT - head.length - (notifyOn?.length ?? 0) - 4;
  const card = fitMessage(renderOrderCard(ctx, order, names).split("\n"), room);
  const text = [head, "", card, ...(notifyOn === undefined ? [] : ["", notifyOn])].join("\n");
  const keyboard = new InlineKeyboard();
  if (order.token && ORDER_TOKEN.test(order.token))
    keyboard.copyText(ctx.t("exchange-btn-copy-token"), order.token).row();
  // Where to pay, in full: one tap copies the address, the card, the memo, the amount (orders/pay-to.ts).
  addPayToButtons(ctx, order, keyboard);
  // A long id travels by reference, stored before the button is sent (core/order-refs.ts).
  const ref = isPayableStatus(order.status)
    ? await watch.guard("order reference", () => rememberOrderRef(ctx.deps.kv, chatId, order.id))
    : undefined;
  if (ref !== undefined) keyboard.text(ctx.t("exchange-btn-pay"), payData(ref)).row();
  await sendScreen(ctx, { text, keyboard: backToMenuRow(ctx, keyboard) });
  await seenOwnAction(ctx, order); // the card above is the one the watcher would repeat
  // The address's QR code under the card, as on every order card that carries it (orders/pay-to.ts).
  await watch.guard("address QR code", () => sendPayToQr(ctx.api, chatId, ctx, order), "other");
}
