/**
 * Public screens — no key needed, so they work in chats that have not linked an account:
 * /currencies, /directions (send currency → receive currency → the direction's card), /status, /referral.
 *
 * Callback data: codec.ts (anything that does not unpack falls through to "button expired").
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { addPagerRow } from "../../ui/pager.js";
import { escapeHtml, fitMessage } from "../../ui/html.js";
import {
  currenciesOf,
  labelOf,
  labelsOf,
  showReceivePicker,
  showSendPicker,
  slicePage,
  type PickerRoutes,
} from "../../ui/direction-pickers.js";
import { currencyLines, directionCard, referralCard, statusCard } from "./render.js";
import { showScreen } from "../../ui/screen.js";
import { backToMenuRow } from "../menu/public.js";
import { exchangeData } from "../exchange/public.js";
import { alertData } from "../alerts/public.js";
import { showReferralDashboard } from "./referral.js";
import { keyReadAhead } from "../../core/chat-snapshot.js";
import { onCallback } from "../../ui/callback-data.js";
import {
  currenciesPage,
  directionCardData,
  receivePickerPage,
  REFERRAL_DATA,
  REFERRAL_REFRESH,
  sendPickerPage,
  STATUS_DATA,
} from "./codec.js";

const CURRENCIES_PAGE_SIZE = 8;
/** The pickers of /directions end on the direction's card. */
const CARD_ROUTES: PickerRoutes = {
  titleKey: "info-directions-title",
  sendPage: (page) => sendPickerPage.pack({ page }),
  receivePage: (sendId, page) => receivePickerPage.pack({ sendId, page }),
  pick: (sendId, receiveId) => directionCardData.pack({ sendId, receiveId }),
  footer: (ctx, keyboard) => backToMenuRow(ctx, keyboard),
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

/**
 * Step 3: the direction's card, fresh from get-exchange with the slug as `pair` (rates move). The slug
 * comes from the cached map; a direction that left the map since the button was sent is said to be gone.
 */
async function showDirection(ctx: BotContext, sendId: string, receiveId: string): Promise<void> {
  const [link, byId, labels] = await Promise.all([
    ctx.deps.directions.find(ctx.language, sendId, receiveId),
    currenciesOf(ctx),
    labelsOf(ctx),
  ]);
  const names = { send: labelOf(labels, sendId), receive: labelOf(labels, receiveId) };
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
    .text(ctx.t("exchange-btn-start"), exchangeData(sendId, receiveId))
    .row();
  const alert = alertData(sendId, receiveId);
  if (alert !== undefined) keyboard.text(ctx.t("alerts-btn-pair"), alert).row();
  keyboard
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

/** A linked account's own dashboard (referral.ts); the public program otherwise. */
async function showReferral(ctx: BotContext, opened = true): Promise<void> {
  const linked =
    ctx.chatId !== undefined &&
    (keyReadAhead(ctx.snapshot, ctx.deps.vault) ?? (await ctx.deps.vault.has(ctx.chatId)));
  if (linked) return showReferralDashboard(ctx, opened);
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
  privateChat.command("directions", (ctx) => showSendPicker(ctx, 1, CARD_ROUTES));
  privateChat.command("status", showStatus);
  privateChat.command("referral", (ctx) => showReferral(ctx));
  privateChat.callbackQuery(STATUS_DATA, showStatus);
  privateChat.callbackQuery(REFERRAL_DATA, (ctx) => showReferral(ctx));
  privateChat.callbackQuery(REFERRAL_REFRESH, (ctx) => showReferral(ctx, false));

  onCallback(privateChat, currenciesPage, (ctx, { page }) => showCurrencies(ctx, page));
  onCallback(privateChat, sendPickerPage, (ctx, { page }) =>
    showSendPicker(ctx, page, CARD_ROUTES),
  );
  onCallback(privateChat, receivePickerPage, (ctx, { sendId, page }) =>
    showReceivePicker(ctx, sendId, page, CARD_ROUTES),
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
