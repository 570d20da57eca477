/**
 * The bot's profile in Telegram, set once at start: the command menu (setMyCommands) and the
 * descriptions (setMyDescription: the "What can this bot do?" text of an empty chat;
 * setMyShortDescription: the line on the bot's profile and in shared links), per language and once
 * more without language_code, in the default language, for users of every other language.
 *
 * The command menu holds only the everyday commands (CommandSpec.inMenu); /help lists them all.
 * Which: /menu (every screen is a button away), /orders and /pay (what customers come for), /account
 * (the balance), /notify (the one setting checked often), /language (a user whose Telegram language
 * is not the bot's must find it without reading), /help (the way to the rest). Not /start (Telegram
 * shows its own Start button; /menu does the same once linked), nor /cancel (every prompt has a
 * Cancel button and any command leaves a flow), nor the occasional ones (details, verification,
 * password, 2FA, public info, logout): a long menu hides the few that matter.
 * Texts are plain (these methods take no parse mode), so the exchanger's name is not HTML-escaped.
 */
import type { Api } from "grammy";
import type { I18n } from "@grammyjs/i18n";
import { LANGUAGES, type Language } from "../languages.js";
import type { BotConfig, BotDeps, FlowContext } from "./context.js";
import type { CommandSpec } from "./feature.js";
import { loggedError } from "../log-error.js";

/** Telegram's limits (Bot API: setMyDescription 0-512, setMyShortDescription 0-120 characters). */
export const DESCRIPTION_MAX = 512;
export const SHORT_DESCRIPTION_MAX = 120;

type Signal = Parameters<Api["setMyCommands"]>[2];

export interface ProfileSetup {
  api: Api;
  i18n: I18n<FlowContext>;
  botConfig: BotConfig;
  deps: Pick<BotDeps, "logger" | "branding">;
}

/** The everyday commands of the command menu, in the layout's order. */
export const menuCommands = (commands: readonly CommandSpec[]): CommandSpec[] =>
  commands.filter((c) => c.inMenu === true);

/** Cut to Telegram's limit: only an unusually long exchanger name (EXCHANGER_NAME, get-social) gets there. */
function fit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The profile's texts in one language; `exchanger` is the exchanger's name, plain. */
export function descriptionsFor(i18n: I18n<FlowContext>, language: Language, exchanger: string) {
  return {
    description: fit(i18n.t(language, "profile-description", { exchanger }), DESCRIPTION_MAX),
    shortDescription: fit(
      i18n.t(language, "profile-short-description", { exchanger }),
      SHORT_DESCRIPTION_MAX,
    ),
  };
}

/** setMyCommands for every language, and the admin chats' lists (everything plus the admin commands). */
export async function registerCommands(
  setup: ProfileSetup,
  commands: readonly CommandSpec[],
  adminCommands: readonly CommandSpec[],
  signal?: Signal,
): Promise<void> {
  const { api, i18n, botConfig, deps } = setup;
  const everyday = menuCommands(commands);
  const listFor = (lang: string, list: readonly CommandSpec[] = everyday) =>
    list.map((c) => ({ command: c.command, description: i18n.t(lang, c.descriptionKey) }));
  for (const lang of LANGUAGES)
    await api.setMyCommands(listFor(lang), { language_code: lang }, signal);
  await api.setMyCommands(listFor(botConfig.defaultLanguage), undefined, signal);
  // A chat scope replaces the default list there, so the admin chats get the menu plus /stats.
  // The default language only: one call per chat, and the bot may not be in every listed chat yet.
  const adminList = listFor(botConfig.defaultLanguage, [...everyday, ...adminCommands]);
  for (const chatId of botConfig.adminChatIds) {
    await api
      .setMyCommands(adminList, { scope: { type: "chat", chat_id: chatId } }, signal)
      .catch((error: unknown) => {
        // Not fatal: /stats still works there, it is only missing from that chat's command menu.
        deps.logger.warn(
          { chatId, err: loggedError(error) },
          "could not list /stats in an admin chat",
        );
      });
  }
}

/**
 * setMyDescription and setMyShortDescription in every language and without language_code. Each
 * refusal is logged and the rest still sent: the descriptions are a courtesy, never a reason not to start.
 */
export async function registerDescriptions(setup: ProfileSetup, signal?: Signal): Promise<void> {
  const { api, i18n, botConfig, deps } = setup;
  const targets: Array<{ language: Language; language_code?: Language }> = [
    ...LANGUAGES.map((language) => ({ language, language_code: language })),
    { language: botConfig.defaultLanguage },
  ];
  for (const { language, language_code } of targets) {
    const texts = descriptionsFor(i18n, language, await deps.branding.name(language));
    const log = (method: string) => (error: unknown) =>
      deps.logger.warn(
        { method, language: language_code ?? "default", err: loggedError(error) },
        "could not set the bot's description",
      );
    await api
      .setMyDescription(texts.description, { language_code }, signal)
      .catch(log("setMyDescription"));
    await api
      .setMyShortDescription(texts.shortDescription, { language_code }, signal)
      .catch(log("setMyShortDescription"));
  }
}
