/**
 * Public screens — no key needed, so they work in chats that have not linked an account:
 * /currencies, /directions (send currency → receive currency → the direction's card), /status, /referral.
 *
 * Callback data: codec.ts (anything that does not unpack falls through to "button expired").
 */
import { Composer, InlineKeyboard } from "grammy";
import type { Currency } from "../../../exchanger/types.js";
import type { BotContext } from "../../context.js";
import { currencyLabel } from "../../../exchanger/catalog/currencies.js";
import type { Feature } from "../../feature.js";
import { addPagerRow } from "../../ui/pager.js";
import { clip, escapeHtml, fitMessage } from "../../ui/html.js";
import { currencyLines, directionCard, referralCard, statusCard } from "./render.js";
import { showScreen } from "../../ui/screen.js";
import { backToMenuRow } from "../menu/public.js";
import { onCallback } from "../../ui/callback-data.js";
import {
  currenciesPage,
  directionCardData,
  receivePickerPage,
  REFERRAL_DATA,
  SAFE_ID,
  sendPickerPage,
  STATUS_DATA,
} from "./codec.js";

const CURRENCIES_PAGE_SIZE = 8;
const PICKER_PAGE_SIZE = 8;

/** The slice of `items` on `page` (clamped to the last page) and the pager facts for it. */
function slicePage<T>(items: T[], page: number, size: number) {
  const last = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, last);
  const start = (current - 1) * size;
  const onPage = items.slice(start, start + size);
  return {
    onPage,
    info: {
      page: current,
      pageSize: size,
      itemsOnPage: onPage.length,
      pagination: { total: items.length, position: start },
    },
  };
}

const currenciesOf = (ctx: BotContext) => ctx.deps.currencies.byId(ctx.language);
const directionsOf = (ctx: BotContext) => ctx.deps.directions.directions(ctx.language);
const labelOf = (byId: Map<string, Currency>, id: unknown): string => {
  const currency = byId.get(String(id));
  return currency ? currencyLabel(currency) : `#${String(id)}`;
};

// ---- /currencies --------------------------------------------------------------------------------------

async function showCurrencies(ctx: BotContext, page: number): Promise<void> {
  const all = [...(await currenciesOf(ctx)).values()];
  const { onPage, info } = slicePage(all, page, CURRENCIES_PAGE_SIZE);
  const keyboard = addPagerRow(new InlineKeyboard(), info, (p) => currenciesPage.pack({ page: p }));
  const lines = [ctx.t("info-currencies-title", { total: all.length }), ""];
  if (all.length === 0) lines.push(ctx.t("info-currencies-empty"));
  for (const currency of onPage) lines.push(...currencyLines(ctx, currency), "");
  await showScreen(ctx, { text: fitMessage(lines), keyboard: backToMenuRow(ctx, keyboard) });
}

// ---- /directions --------------------------------------------------------------------------------------

/** Step 1: which currency to send (only currencies some open direction starts from). */
async function showSendPicker(ctx: BotContext, page: number): Promise<void> {
  const [byId, directions] = await Promise.all([currenciesOf(ctx), directionsOf(ctx)]);
  const sendIds = new Set(directions.map((d) => d.sendCurrencyId));
  // In the exchanger's currency order; ids the currency list does not know come last.
  const ordered = [
    ...[...byId.keys()].filter((id) => sendIds.has(id)),
    ...[...sendIds].filter((id) => !byId.has(id)),
  ].filter((id) => SAFE_ID.test(id));
  const { onPage, info } = slicePage(ordered, page, PICKER_PAGE_SIZE);
  const keyboard = new InlineKeyboard();
  onPage.forEach((id, i) => {
    if (i > 0 && i % 2 === 0) keyboard.row();
    keyboard.text(clip(labelOf(byId, id), 40), receivePickerPage.pack({ sendId: id, page: 1 }));
  });
  addPagerRow(keyboard, info, (p) => sendPickerPage.pack({ page: p }));
  const text =
    ordered.length === 0
      ? `${ctx.t("info-directions-title")}\n\n${ctx.t("info-directions-empty")}`
      : `${ctx.t("info-directions-title")}\n\n${ctx.t("info-directions-pick-send")}`;
  await showScreen(ctx, { text, keyboard: backToMenuRow(ctx, keyboard) });
}

/** Step 2: what can be received for that currency. */
async function showReceivePicker(ctx: BotContext, sendId: string, page: number): Promise<void> {
  const [byId, directions] = await Promise.all([currenciesOf(ctx), directionsOf(ctx)]);
  const from = directions.filter(
    (d) => d.sendCurrencyId === sendId && SAFE_ID.test(d.receiveCurrencyId),
  );
  const { onPage, info } = slicePage(from, page, PICKER_PAGE_SIZE);
  const keyboard = new InlineKeyboard();
  for (const link of onPage)
    keyboard
      .text(
        `→ ${clip(labelOf(byId, link.receiveCurrencyId), 40)}`,
        directionCardData.pack({ sendId, receiveId: link.receiveCurrencyId }),
      )
      .row();
  addPagerRow(keyboard, info, (p) => receivePickerPage.pack({ sendId, page: p }));
  keyboard.row().text(ctx.t("btn-back"), sendPickerPage.pack({ page: 1 }));
  const send = escapeHtml(labelOf(byId, sendId));
  const text =
    from.length === 0
      ? ctx.t("info-directions-none-from", { send })
      : ctx.t("info-directions-pick-receive", { send });
  await showScreen(ctx, {
    text: `${ctx.t("info-directions-title")}\n\n${text}`,
    keyboard: backToMenuRow(ctx, keyboard),
  });
}

/**
 * Step 3: the direction's card, fresh from get-exchange with the slug as `pair` (rates move). The slug
 * comes from the cached map; a direction that left the map since the button was sent is said to be gone.
 */
async function showDirection(ctx: BotContext, sendId: string, receiveId: string): Promise<void> {
  const [link, byId] = await Promise.all([
    ctx.deps.directions.find(ctx.language, sendId, receiveId),
    currenciesOf(ctx),
  ]);
  const names = { send: labelOf(byId, sendId), receive: labelOf(byId, receiveId) };
  if (!link) {
    const text = `${ctx.t("info-directions-title")}\n\n${ctx.t("info-direction-gone", { send: escapeHtml(names.send), receive: escapeHtml(names.receive) })}`;
    await showScreen(ctx, {
      text,
      keyboard: backToMenuRow(
        ctx,
        new InlineKeyboard().text(ctx.t("btn-back"), receivePickerPage.pack({ sendId, page: 1 })),
      ),
    });
    return;
  }
  const direction = await ctx.deps.exchanger.getExchange(ctx.language, link.pair);
  const text = directionCard(ctx, direction, byId.get(sendId), byId.get(receiveId), names);
  const keyboard = new InlineKeyboard()
    .text(ctx.t("btn-refresh"), directionCardData.pack({ sendId, receiveId }))
    .row()
    .text(ctx.t("btn-back"), receivePickerPage.pack({ sendId, page: 1 }));
  await showScreen(ctx, { text, keyboard: backToMenuRow(ctx, keyboard) });
}

// ---- /status and /referral ----------------------------------------------------------------------------

async function showStatus(ctx: BotContext): Promise<void> {
  const status = await ctx.deps.exchanger.getStatus(ctx.language);
  await showScreen(ctx, {
    text: statusCard(ctx, status),
    keyboard: backToMenuRow(ctx, new InlineKeyboard().text(ctx.t("btn-refresh"), STATUS_DATA)),
  });
}

async function showReferral(ctx: BotContext): Promise<void> {
  const program = await ctx.deps.exchanger.getReferralProgram(ctx.language);
  await showScreen(ctx, {
    text: referralCard(ctx, program),
    keyboard: backToMenuRow(ctx, new InlineKeyboard().text(ctx.t("btn-refresh"), REFERRAL_DATA)),
  });
}

// ---- handlers -----------------------------------------------------------------------------------------

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createInfoFeature(): Feature {
  const composer = new Composer<BotContext>();
  const privateChat = composer.chatType("private");

  privateChat.command("currencies", (ctx) => showCurrencies(ctx, 1));
  privateChat.command("directions", (ctx) => showSendPicker(ctx, 1));
  privateChat.command("status", showStatus);
  privateChat.command("referral", showReferral);
  privateChat.callbackQuery(STATUS_DATA, showStatus);
  privateChat.callbackQuery(REFERRAL_DATA, showReferral);

  onCallback(privateChat, currenciesPage, (ctx, { page }) => showCurrencies(ctx, page));
  onCallback(privateChat, sendPickerPage, (ctx, { page }) => showSendPicker(ctx, page));
  onCallback(privateChat, receivePickerPage, (ctx, { sendId, page }) =>
    showReceivePicker(ctx, sendId, page),
  );
  onCallback(privateChat, directionCardData, (ctx, { sendId, receiveId }) =>
    showDirection(ctx, sendId, receiveId),
  );

  return {
    name: "info",
    callbacks: ["inf", "cur", "dir"],
    composer,
    menu: [
      {
        labelKey: "info-menu-currencies",
        data: currenciesPage.pack({ page: 1 }),
        order: 60,
        needsKey: false,
      },
      {
        labelKey: "info-menu-directions",
        data: sendPickerPage.pack({ page: 1 }),
        order: 62,
        needsKey: false,
      },
      { labelKey: "info-menu-status", data: STATUS_DATA, order: 64, needsKey: false },
      { labelKey: "info-menu-referral", data: REFERRAL_DATA, order: 66, needsKey: false },
    ],
    commands: [
      { command: "currencies", descriptionKey: "info-cmd-currencies" },
      { command: "directions", descriptionKey: "info-cmd-directions" },
      { command: "status", descriptionKey: "info-cmd-status" },
      { command: "referral", descriptionKey: "info-cmd-referral" },
    ],
  };
}
