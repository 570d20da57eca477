/**
 * /notify: the order notifications screen — the state, and on one screen the switches for new
 * orders, status changes and silent delivery (the watcher in src/notify/ sends them and honours
 * each), and, with the exchanger's webhooks, the account notices' own switches: verification
 * decisions and the account blocked or unblocked (src/events/ sends them; on by default, whether
 * order notifications are on or not). /notify only shows; the buttons switch, editing the screen in place. Also reachable from
 * the main menu and the account card; offered once after linking.
 *
 * Buttons carry the wanted state ("notify:on", "notify:k:new:0"), not "toggle", so a double press or
 * an old screen can never flip it back by accident.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { NotLinked } from "../../core/errors.js";
import { MENU_DATA, mainMenuKeyboard } from "../menu/public.js";
import { ACCOUNT_DATA } from "../account/public.js";
import { showButtons, showScreen, type Screen } from "../../ui/screen.js";
import {
  KINDS,
  OFFER_NOTIFY,
  SHOW_NOTIFY,
  switchData,
  TURN_OFF,
  TURN_ON,
  type Kind,
} from "./codec.js";
import { kindsPatch, notifyPrefs, type NotifyPrefs } from "../../../storage/settings.js";

const PREF: Record<Kind, keyof NotifyPrefs> = {
  new: "newOrders",
  status: "statusChanges",
  quiet: "quiet",
  verif: "verification",
  acct: "accountStatus",
};

/** The account notices' switches: stored only when off (settings.ts), independent of order notifications. */
const ACCOUNT_SWITCH: Partial<Record<Kind, "notifyVerification" | "notifyAccount">> = {
  verif: "notifyVerification",
  acct: "notifyAccount",
};

async function requireLinked(ctx: BotContext): Promise<number> {
  if (ctx.chatId === undefined || !(await ctx.deps.vault.has(ctx.chatId))) throw new NotLinked();
  return ctx.chatId;
}

/**
 * Stores the wanted kinds: the watcher's schedule on while any kind is wanted, off (forgetting what
 * was seen) when none is; then re-reads the settings so the screen shows what is stored.
 */
async function setKinds(
  ctx: BotContext,
  wanted: Pick<NotifyPrefs, "newOrders" | "statusChanges">,
): Promise<void> {
  const chatId = await requireLinked(ctx);
  const any = wanted.newOrders || wanted.statusChanges;
  if (any && ctx.chatSettings.notify !== true)
    await ctx.deps.notifications.enable(chatId, ctx.language);
  if (!any) await ctx.deps.notifications.disable(chatId);
  // All off forgets the kinds too: turning on again later brings both back.
  ctx.chatSettings = await ctx.deps.settings.update(
    chatId,
    kindsPatch(any ? wanted : { newOrders: true, statusChanges: true }),
  );
}

/** Turn on / Turn off: the kinds chosen stay stored, so turning on again brings back what was ticked. */
async function setAll(ctx: BotContext, on: boolean): Promise<void> {
  const chatId = await requireLinked(ctx);
  if (on) await ctx.deps.notifications.enable(chatId, ctx.language);
  else await ctx.deps.notifications.disable(chatId);
  ctx.chatSettings = await ctx.deps.settings.get(chatId);
}

async function setQuiet(ctx: BotContext, quiet: boolean): Promise<void> {
  const chatId = await requireLinked(ctx);
  ctx.chatSettings = await ctx.deps.settings.update(chatId, {
    notifyQuiet: quiet ? true : undefined,
  });
}

async function setAccountNotice(
  ctx: BotContext,
  field: "notifyVerification" | "notifyAccount",
  on: boolean,
): Promise<void> {
  const chatId = await requireLinked(ctx);
  ctx.chatSettings = await ctx.deps.settings.update(chatId, { [field]: on ? undefined : false });
}

const mark = (on: boolean) => (on ? "✅" : "⬜");

function screen(ctx: BotContext): Screen {
  const prefs = notifyPrefs(ctx.chatSettings);
  const on = ctx.chatSettings.notify === true;
  const lines = [ctx.t("notify-title"), ctx.t(on ? "notify-state-on" : "notify-state-off")];
  if (on) {
    lines.push(
      "",
      `${mark(prefs.newOrders)} ${ctx.t("notify-kind-new")}`,
      `${mark(prefs.statusChanges)} ${ctx.t("notify-kind-status")}`,
      ctx.t(prefs.quiet ? "notify-delivery-quiet" : "notify-delivery-sound"),
    );
  }
  const accountNotices = ctx.botConfig.accountNotices === true;
  if (accountNotices)
    lines.push(
      "",
      ctx.t("notify-account-title"),
      `${mark(prefs.verification)} ${ctx.t("notify-kind-verif")}`,
      `${mark(prefs.accountStatus)} ${ctx.t("notify-kind-acct")}`,
      ctx.t("notify-account-explain"),
    );
  lines.push("", ctx.t("notify-explain"));
  const keyboard = new InlineKeyboard();
  for (const kind of KINDS) {
    if (ACCOUNT_SWITCH[kind] !== undefined && !accountNotices) continue; // nothing would bring them
    const current = prefs[PREF[kind]];
    keyboard
      .text(
        `${mark(current)} ${ctx.t(`notify-btn-${kind}`)}`,
        switchData.pack({ kind, on: current ? "0" : "1" }),
      )
      .row();
  }
  keyboard
    .text(ctx.t(on ? "notify-btn-off" : "notify-btn-on"), on ? TURN_OFF : TURN_ON)
    .row()
    .text(ctx.t("notify-btn-account"), ACCOUNT_DATA)
    .text(ctx.t("btn-menu"), MENU_DATA);
  return { text: lines.join("\n"), keyboard };
}

/**
 * Sets one switch to the wanted state. Already so (a second press, an old screen), nothing is
 * written, but the link is still checked so an unlinked chat hears why.
 */
async function applySwitch(ctx: BotContext, kind: Kind, on: boolean): Promise<void> {
  const prefs = notifyPrefs(ctx.chatSettings);
  const accountSwitch = ACCOUNT_SWITCH[kind];
  if (prefs[PREF[kind]] === on) await requireLinked(ctx);
  else if (kind === "quiet") await setQuiet(ctx, on);
  else if (accountSwitch !== undefined) await setAccountNotice(ctx, accountSwitch, on);
  else await setKinds(ctx, { ...prefs, [PREF[kind]]: on });
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createNotifyFeature(): Feature {
  const composer = new Composer<BotContext>();
  const privateChat = composer.chatType("private");

  // Shows the state; typing /notify to check changes nothing.
  privateChat.command("notify", async (ctx) => {
    await requireLinked(ctx);
    await showScreen(ctx, screen(ctx));
  });

  privateChat.callbackQuery(SHOW_NOTIFY, async (ctx) => {
    await requireLinked(ctx);
    await showScreen(ctx, screen(ctx));
  });

  for (const on of [true, false]) {
    privateChat.callbackQuery(on ? TURN_ON : TURN_OFF, async (ctx) => {
      const changed = (ctx.chatSettings.notify === true) !== on;
      if (changed) await setAll(ctx, on);
      else await requireLinked(ctx);
      // A second press on the same screen finds it already showing this state (showScreen lets that be).
      await showScreen(ctx, screen(ctx), {
        toast: ctx.t(on ? "notify-turned-on" : "notify-turned-off"),
      });
    });
  }

  privateChat.callbackQuery(switchData.filter, async (ctx, next) => {
    const wanted = switchData.unpack(ctx.callbackQuery.data);
    if (!wanted) return next(); // forged or from an older layout: the fallback says "expired"
    const on = wanted.on === "1";
    await applySwitch(ctx, wanted.kind, on);
    const toast =
      ctx.t(`notify-btn-${wanted.kind}`) +
      ": " +
      ctx.t(on ? "notify-toast-on" : "notify-toast-off");
    await showScreen(ctx, screen(ctx), { toast });
  });

  // The offer under "Account linked": switch on, say so, and leave the rest of that message alone.
  privateChat.callbackQuery(OFFER_NOTIFY, async (ctx) => {
    if (ctx.chatSettings.notify !== true)
      await setKinds(ctx, { newOrders: true, statusChanges: true });
    else await requireLinked(ctx);
    // Should that message be gone, the notifications screen comes instead: it shows the same news.
    await showButtons(ctx, mainMenuKeyboard(ctx, true), () => screen(ctx), {
      toast: ctx.t("notify-turned-on"),
    });
  });

  return {
    name: "notify",
    callbacks: ["notify"],
    composer,
    menu: [{ labelKey: "notify-menu", data: SHOW_NOTIFY, order: 30, primary: true }],
    commands: [{ command: "notify", descriptionKey: "notify-cmd", inMenu: true }],
  };
}
