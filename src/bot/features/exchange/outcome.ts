/**
 * What the user sees after Create: the new order's card (the orders feature's rendering) with its
 * token to copy, Pay from balance while it awaits payment, a QR code of a crypto address to pay to,
 * and notifications switched on; or why nothing was created. Runs inside the flow's `external`, with
 * the Create press's context (the order object holds dates: it never enters the replay log).
 */
import QRCode from "qrcode";
import { InlineKeyboard, InputFile } from "grammy";
import type { Order } from "../../../exchanger/types.js";
import { ORDER_TOKEN } from "../../../exchanger/order-lookup.js";
import { isPayableStatus } from "../../../exchanger/vocabulary.js";
import type { BotContext } from "../../context.js";
import { clip, escapeHtml } from "../../ui/html.js";
import { sendScreen } from "../../ui/screen.js";
import { backToMenuRow } from "../menu/public.js";
import { addPayToButtons, addressToPay, renderOrderCard } from "../orders/public.js";
import { payData } from "../pay/public.js";
import { rememberOrderRef } from "../../core/order-refs.js";
import type { CreateOutcome, OrderDraft } from "./create.js";
import { exchangeLink } from "../../../exchanger/exchange-link.js";
import { alertKeyRefused, announceKeyWorks } from "./key-alert.js";

export async function showOutcome(
  ctx: BotContext,
  outcome: CreateOutcome,
  draft: Pick<OrderDraft, "slug" | "sendAmount">,
): Promise<void> {
  if (outcome.kind === "created") {
    await showCreated(ctx, outcome.order);
    // After the user's card: the admins' news must not hold up the customer.
    return announceKeyWorks(ctx);
  }
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

async function showCreated(ctx: BotContext, order: Order): Promise<void> {
  const chatId = ctx.chatId!;
  if (ctx.chatSettings.notify !== true) {
    await ctx.deps.notifications.enable(chatId, ctx.language);
    ctx.chatSettings = await ctx.deps.settings.get(chatId);
  }
  const names = await ctx.deps.currencies.labels(ctx.language).catch(() => new Map());
  const text = [
    ctx.t("exchange-created"),
    "",
    renderOrderCard(ctx, order, names),
    "",
    ctx.t("exchange-notify-on"),
  ].join("\n");
  const keyboard = new InlineKeyboard();
  if (order.token && ORDER_TOKEN.test(order.token))
    keyboard.copyText(ctx.t("exchange-btn-copy-token"), order.token).row();
  // Where to pay, in full: one tap copies the address, the card, the memo, the amount.
  if (isPayableStatus(order.status)) addPayToButtons(ctx, order, keyboard);
  // A long id travels by reference, stored before the button is sent (core/order-refs.ts).
  if (isPayableStatus(order.status)) {
    const ref = await rememberOrderRef(ctx.deps.kv, chatId, order.id);
    keyboard.text(ctx.t("exchange-btn-pay"), payData(ref)).row();
  }
  await sendScreen(ctx, { text, keyboard: backToMenuRow(ctx, keyboard) });
  const address = addressToPay(order);
  if (address !== undefined) await sendAddressQr(ctx, address);
}

async function sendAddressQr(ctx: BotContext, address: string): Promise<void> {
  const png = await QRCode.toBuffer(address, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    width: 360,
  });
  await ctx.replyWithPhoto(new InputFile(png, "address.png"), {
    caption: ctx.t("exchange-qr-caption", { address: escapeHtml(address) }),
  });
}
