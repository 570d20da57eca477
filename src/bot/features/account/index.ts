/** /account: the user object as a readable card, with a refresh button. */
import { Composer, InlineKeyboard } from "grammy";
import { withCaller } from "../../core/caller.js";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { renderAccountCard, twoFactorFromUser } from "./render.js";
import { backToMenuRow } from "../menu/index.js";
import { notifyAccountButton } from "../notify/index.js";

async function showAccount(ctx: BotContext, edit: boolean): Promise<void> {
  const user = await withCaller(ctx, (caller) => ctx.deps.exchanger.getInfo(caller));
  const twofa = twoFactorFromUser(user);
  if (twofa !== undefined && twofa !== ctx.chatSettings.twofa) {
    ctx.chatSettings = await ctx.deps.settings.update(ctx.chatId!, { twofa });
  }
  const keyboard = backToMenuRow(ctx, new InlineKeyboard().text(ctx.t("btn-refresh"), "acct:show").text(...notifyAccountButton(ctx)));
  const text = renderAccountCard(ctx, user);
  if (edit) await ctx.editMessageText(text, { parse_mode: "HTML", reply_markup: keyboard });
  else await ctx.reply(text, { parse_mode: "HTML", reply_markup: keyboard });
}

const composer = new Composer<BotContext>();
composer.command("account", (ctx) => showAccount(ctx, false));
composer.callbackQuery("acct:show", async (ctx) => {
  await ctx.answerCallbackQuery();
  await showAccount(ctx, true);
});

export const accountFeature: Feature = {
  name: "account",
  composer,
  menu: [{ labelKey: "menu-account", data: "acct:show", order: 10 }],
  commands: [{ command: "account", descriptionKey: "cmd-account" }],
};
