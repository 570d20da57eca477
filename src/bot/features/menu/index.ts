/** The main menu: one button per screen that exists, so nobody has to remember commands. */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext, FlowContext } from "../../context.js";
import type { Feature, MenuItem } from "../../feature.js";
import { startRow } from "../../ui/rows.js";

let registered: MenuItem[] = [];

/** Called once by createBot with the menu items of every installed feature. */
export function setMenuItems(items: MenuItem[]): void {
  registered = [...items].sort((a, b) => a.order - b.order);
}

export function mainMenuKeyboard(ctx: Pick<FlowContext, "t">, linked: boolean): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const visible = registered.filter((item) => linked || item.needsKey === false);
  visible.forEach((item, index) => {
    keyboard.text(ctx.t(item.labelKey), item.data);
    if (index % 2 === 1) keyboard.row();
  });
  return keyboard;
}

async function showMenu(ctx: BotContext, edit: boolean): Promise<void> {
  const linked = ctx.chatId !== undefined && (await ctx.deps.vault.has(ctx.chatId));
  const text = linked ? ctx.t("menu-title") : ctx.t("menu-title-unlinked");
  const options = { parse_mode: "HTML" as const, reply_markup: mainMenuKeyboard(ctx, linked) };
  if (edit) await ctx.editMessageText(text, options);
  else await ctx.reply(text, options);
}

const composer = new Composer<BotContext>();
composer.command("menu", (ctx) => showMenu(ctx, false));
composer.callbackQuery("menu", async (ctx) => {
  await ctx.answerCallbackQuery();
  await showMenu(ctx, true);
});

export const menuFeature: Feature = {
  name: "menu",
  composer,
  commands: [{ command: "menu", descriptionKey: "cmd-menu" }],
};

/** A "☰ Menu" button row to put under screens. */
export function backToMenuRow(ctx: Pick<FlowContext, "t">, keyboard = new InlineKeyboard()): InlineKeyboard {
  return startRow(keyboard).text(ctx.t("btn-menu"), "menu");
}
