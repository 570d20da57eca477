/** /language: switch the UI language (stored per chat); the exchanger's `language` follows it. */
import { Composer, InlineKeyboard } from "grammy";
import { LANGUAGES, type Language } from "../../../languages.js";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { LANGUAGE_NAMES } from "../../i18n.js";
import { MENU_DATA } from "../menu/public.js";
import { showScreen } from "../../ui/screen.js";
import { onCallback } from "../../ui/callback-data.js";
import { chooseLanguage, LANGUAGE_MENU } from "./codec.js";

/** The languages, the current one marked, and "◀ Back" to the menu the picker opens from. */
function picker(ctx: BotContext, current: Language): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const lang of LANGUAGES)
    keyboard.text(
      `${lang === current ? "• " : ""}${LANGUAGE_NAMES[lang]}`,
      chooseLanguage.pack({ lang }),
    );
  return keyboard.row().text(ctx.t("btn-back"), MENU_DATA);
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createLanguageFeature(): Feature {
  const composer = new Composer<BotContext>();
  const privateChat = composer.chatType("private");

  const showPicker = (ctx: BotContext) =>
    showScreen(ctx, { text: ctx.t("language-choose"), keyboard: picker(ctx, ctx.language) });
  privateChat.command("language", showPicker);
  privateChat.callbackQuery(LANGUAGE_MENU, showPicker);

  onCallback(privateChat, chooseLanguage, async (ctx, { lang }) => {
    ctx.chatSettings = await ctx.deps.settings.update(ctx.chatId, { lang });
    ctx.language = lang;
    await ctx.i18n.renegotiateLocale();
    await showScreen(
      ctx,
      {
        text: ctx.t("language-set"),
        keyboard: new InlineKeyboard().text(ctx.t("btn-menu"), MENU_DATA),
      },
      { toast: ctx.t("language-set") },
    );
  });

  return {
    name: "language",
    callbacks: ["lang"],
    composer,
    menu: [
      { labelKey: "menu-language", data: LANGUAGE_MENU, order: 35, needsKey: false, primary: true },
    ],
    commands: [{ command: "language", descriptionKey: "cmd-language", inMenu: true }],
  };
}
