/** /account: the user object as a readable card, with a refresh button. */
import { Composer, InlineKeyboard } from "grammy";
import { withCaller } from "../../core/caller.js";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { ACCOUNT_DATA } from "./public.js";
import { twoFactorFromUser } from "../../../exchanger/readers/two-factor.js";
import { renderAccountCard } from "./render.js";
import { backToMenuRow } from "../menu/public.js";
import { notifyAccountButton } from "../notify/public.js";

async function showAccount(ctx: BotContext, edit: boolean): Promise<void> {
  const user = await withCaller(ctx, (caller) => ctx.deps.exchanger.getInfo(caller));
  const twofa = twoFactorFromUser(user);
  if (twofa !== undefined && twofa !== ctx.chatSettings.twofa) {
    ctx.chatSettings = await ctx.deps.settings.update(ctx.chatId!, { twofa });
  }
  const keyboard = backToMenuRow(ctx, new InlineKeyboard().text(ctx.t("btn-refresh"), ACCOUNT_DATA).text(...notifyAccountButton(ctx)));
  const text = renderAccountCard(ctx, user);
  if (edit) await ctx.editMessageText(text, { parse_mode: "HTML", reply_markup: keyboard });
  else await ctx.reply(text, { parse_mode: "HTML", reply_markup: keyboard });
}

const composer = new Composer<BotContext>();
composer.command("account", (ctx) => showAccount(ctx, false));
composer.callbackQuery(ACCOUNT_DATA, async (ctx) => {
  await ctx.answerCallbackQuery();
  await showAccount(ctx, true);
});

export const accountFeature: Feature = {
  name: "account",
  composer,
  menu: [{ labelKey: "menu-account", data: ACCOUNT_DATA, order: 10 }],
  commands: [{ command: "account", descriptionKey: "cmd-account" }],
};
