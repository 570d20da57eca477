/** /account: the user object as a readable card, with a refresh button. */
import { Composer, InlineKeyboard } from "grammy";
import { withCaller } from "../../core/caller.js";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { ACCOUNT_DATA } from "./public.js";
import { renderAccountCard } from "./render.js";
import { exchangerName, websiteRow } from "../../ui/branding.js";
import { backToMenuRow } from "../menu/public.js";
import { notifyAccountButton } from "../notify/public.js";
import { showScreen } from "../../ui/screen.js";

async function showAccount(ctx: BotContext): Promise<void> {
  const user = await withCaller(ctx, (caller) => ctx.deps.exchanger.getInfo(caller));
  const twofa = user.twoFactor;
  if (twofa !== undefined && twofa !== ctx.chatSettings.twofa) {
    ctx.chatSettings = await ctx.deps.settings.update(ctx.chatId!, { twofa });
  }
  const buttons = new InlineKeyboard()
    .text(ctx.t("btn-refresh"), ACCOUNT_DATA)
    .text(...notifyAccountButton(ctx));
  const keyboard = backToMenuRow(ctx, user.unreadable ? websiteRow(ctx, buttons) : buttons);
  const text = renderAccountCard(ctx, user, await exchangerName(ctx));
  await showScreen(ctx, { text, keyboard });
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createAccountFeature(): Feature {
  const composer = new Composer<BotContext>();
  composer.command("account", showAccount);
  composer.callbackQuery(ACCOUNT_DATA, showAccount);

  return {
    name: "account",
    callbacks: ["acct"],
    composer,
    menu: [{ labelKey: "menu-account", data: ACCOUNT_DATA, order: 25, primary: true }],
    commands: [{ command: "account", descriptionKey: "cmd-account", inMenu: true }],
  };
}
