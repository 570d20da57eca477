/** The main menu: one button per screen that exists, so nobody has to remember commands. */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { MENU_DATA, mainMenuKeyboard, moreMenuKeyboard } from "./public.js";
import { MORE_DATA } from "./codec.js";
import { showScreen } from "../../ui/screen.js";
import { supportRow } from "../../ui/branding.js";

const isLinked = async (ctx: BotContext): Promise<boolean> =>
  ctx.chatId !== undefined && (await ctx.deps.vault.has(ctx.chatId));

async function showMenu(ctx: BotContext): Promise<void> {
  const linked = await isLinked(ctx);
  const text = linked ? ctx.t("menu-title") : ctx.t("menu-title-unlinked");
  await showScreen(ctx, { text, keyboard: await supportRow(ctx, mainMenuKeyboard(ctx, linked)) });
}

async function showMore(ctx: BotContext): Promise<void> {
  const linked = await isLinked(ctx);
  await showScreen(ctx, {
    text: ctx.t("menu-more-title"),
    keyboard: moreMenuKeyboard(ctx, linked),
  });
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createMenuFeature(): Feature {
  const composer = new Composer<BotContext>();
  composer.command("menu", showMenu);
  composer.callbackQuery(MENU_DATA, showMenu);
  composer.callbackQuery(MORE_DATA, showMore);

  return {
    name: "menu",
    callbacks: ["menu"],
    composer,
    commands: [{ command: "menu", descriptionKey: "cmd-menu", inMenu: true }],
  };
}
