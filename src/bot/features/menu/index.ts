/** The main menu: one button per screen that exists, so nobody has to remember commands. */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext, FlowContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { MENU_DATA, mainMenuKeyboard } from "./public.js";

async function showMenu(ctx: BotContext, edit: boolean): Promise<void> {
  const linked = ctx.chatId !== undefined && (await ctx.deps.vault.has(ctx.chatId));
  const text = linked ? ctx.t("menu-title") : ctx.t("menu-title-unlinked");
  const options = { parse_mode: "HTML" as const, reply_markup: mainMenuKeyboard(ctx, linked) };
  if (edit) await ctx.editMessageText(text, options);
  else await ctx.reply(text, options);
}

const composer = new Composer<BotContext>();
composer.command("menu", (ctx) => showMenu(ctx, false));
composer.callbackQuery(MENU_DATA, async (ctx) => {
  await ctx.answerCallbackQuery();
  await showMenu(ctx, true);
});

export const menuFeature: Feature = {
  name: "menu",
  composer,
  commands: [{ command: "menu", descriptionKey: "cmd-menu" }],
};
