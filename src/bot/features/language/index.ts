/** /language: switch the UI language (stored per chat); the exchanger's `language` follows it. */
import { Composer, InlineKeyboard } from "grammy";
import { LANGUAGES, type Language } from "../../../config.js";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { LANGUAGE_NAMES } from "../../i18n.js";
import { MENU_DATA } from "../menu/public.js";

function picker(current: Language): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const lang of LANGUAGES) keyboard.text(`${lang === current ? "• " : ""}${LANGUAGE_NAMES[lang]}`, `lang:${lang}`);
  return keyboard;
}

const composer = new Composer<BotContext>();
const privateChat = composer.chatType("private");

privateChat.command("language", (ctx) => ctx.reply(ctx.t("language-choose"), { reply_markup: picker(ctx.language) }));
privateChat.callbackQuery("lang:menu", async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(ctx.t("language-choose"), { reply_markup: picker(ctx.language) });
});

privateChat.callbackQuery(/^lang:(en|ru|uk)$/, async (ctx) => {
  const lang = ctx.match[1] as Language;
  ctx.chatSettings = await ctx.deps.settings.update(ctx.chatId, { lang });
  ctx.language = lang;
  await ctx.i18n.renegotiateLocale();
  await ctx.answerCallbackQuery({ text: ctx.t("language-set") });
  await ctx.editMessageText(ctx.t("language-set"), { reply_markup: new InlineKeyboard().text(ctx.t("btn-menu"), MENU_DATA) });
});

export const languageFeature: Feature = {
  name: "language",
  composer,
  menu: [{ labelKey: "menu-language", data: "lang:menu", order: 90, needsKey: false }],
  commands: [{ command: "language", descriptionKey: "cmd-language" }],
};
