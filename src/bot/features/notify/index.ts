/**
 * /notify: order status notifications on or off for this chat (the watcher in src/notify/ sends
 * them). Also reachable from the main menu and the account card; offered once after linking.
 *
 * Buttons carry the wanted state ("notify:on" / "notify:off"), not "toggle", so a double press or
 * an old screen can never flip it back by accident.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { NotLinked } from "../../core/errors.js";
import { MENU_DATA, mainMenuKeyboard } from "../menu/public.js";
import { ACCOUNT_DATA } from "../account/public.js";
import { isNotModified, showScreen, type Screen } from "../../ui/screen.js";

async function requireLinked(ctx: BotContext): Promise<number> {
  if (ctx.chatId === undefined || !(await ctx.deps.vault.has(ctx.chatId))) throw new NotLinked();
  return ctx.chatId;
}

async function setNotify(ctx: BotContext, on: boolean): Promise<void> {
  const chatId = await requireLinked(ctx);
  if (on) await ctx.deps.notifications.enable(chatId, ctx.language);
  else await ctx.deps.notifications.disable(chatId);
  ctx.chatSettings = { ...ctx.chatSettings, notify: on ? true : undefined };
}

function screen(ctx: BotContext): Screen {
  const on = ctx.chatSettings.notify === true;
  const text = [ctx.t("notify-title"), ctx.t(on ? "notify-state-on" : "notify-state-off"), "", ctx.t("notify-explain")].join("\n");
  const keyboard = new InlineKeyboard()
    .text(ctx.t(on ? "notify-btn-off" : "notify-btn-on"), on ? "notify:off" : "notify:on")
    .row()
    .text(ctx.t("notify-btn-account"), ACCOUNT_DATA)
    .text(ctx.t("btn-menu"), MENU_DATA);
  return { text, keyboard };
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createNotifyFeature(): Feature {
  const composer = new Composer<BotContext>();
  const privateChat = composer.chatType("private");

  // The command flips the setting and shows the new state, with a button to flip it back.
  privateChat.command("notify", async (ctx) => {
    await setNotify(ctx, ctx.chatSettings.notify !== true);
    await showScreen(ctx, screen(ctx));
  });

  privateChat.callbackQuery("notify:show", async (ctx) => {
    await requireLinked(ctx);
    await showScreen(ctx, screen(ctx));
  });

  for (const on of [true, false]) {
    privateChat.callbackQuery(on ? "notify:on" : "notify:off", async (ctx) => {
      const changed = (ctx.chatSettings.notify === true) !== on;
      if (changed) await setNotify(ctx, on);
      else await requireLinked(ctx);
      // A second press on the same screen finds it already showing this state (showScreen lets that be).
      await showScreen(ctx, screen(ctx), { toast: ctx.t(on ? "notify-turned-on" : "notify-turned-off") });
    });
  }

  // The offer under "Account linked": switch on, say so, and leave the rest of that message alone.
  privateChat.callbackQuery("notify:offer", async (ctx) => {
    if (ctx.chatSettings.notify !== true) await setNotify(ctx, true);
    else await requireLinked(ctx);
    await ctx.answerCallbackQuery({ text: ctx.t("notify-turned-on") });
    await ctx.editMessageReplyMarkup({ reply_markup: mainMenuKeyboard(ctx, true) }).catch(ignoreNotModified);
  });

  function ignoreNotModified(error: unknown): void {
    if (!isNotModified(error)) throw error;
  }

  return {
    name: "notify",
    composer,
    menu: [{ labelKey: "notify-menu", data: "notify:show", order: 80 }],
    commands: [{ command: "notify", descriptionKey: "notify-cmd" }],
  };
}
