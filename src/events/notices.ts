/**
 * Sending one account notice (verification decided, account blocked…) to one chat, in its language,
 * within the watcher's shared Telegram pace (the same limit's name, so both count against one budget
 * across instances). Telegram refusing the message is logged and not retried: a notice is news of the
 * moment, and the screens show the same state whenever the user looks.
 */
import type { Api } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { I18n } from "@grammyjs/i18n";
import type { FlowContext, Translator } from "../bot/context.js";
import type { Language } from "../languages.js";
import type { Logger } from "../logger.js";
import { SharedRateLimiter } from "../notify/rate-limiter.js";
import { readSeen } from "../notify/seen.js";
import type { AccountChats } from "../storage/account-chats.js";
import type { ChatSettings } from "../storage/settings.js";
import type { KV } from "../storage/kv.js";
import { isRefusal } from "../telegram/refusals.js";

export interface NoticeDeps {
  api: Pick<Api, "sendMessage">;
  accountChats: Pick<AccountChats, "bindingOf">;
  kv: KV;
  i18n: I18n<FlowContext>;
  defaultLanguage: Language;
  logger: Logger;
  /** Told of each notice Telegram accepted (the monitoring port counts them with the others). */
  onSent?: () => void;
}

/** Notification messages per second across instances: the watcher's own limit (watcher.ts). */
const TELEGRAM_PER_SECOND = 25;

export class ChatNotices {
  readonly #deps: NoticeDeps;
  readonly #telegram: SharedRateLimiter;

  constructor(deps: NoticeDeps) {
    this.#deps = deps;
    this.#telegram = new SharedRateLimiter({
      kv: deps.kv,
      name: "notify-telegram",
      perSecond: TELEGRAM_PER_SECOND,
    });
  }

  /**
   * The chat's language for a message nobody asked for: the one chosen with /language, else the one
   * it spoke when it linked the account (kept with its account binding), else the one it had when it
   * switched order notifications on, else the bot's default.
   */
  async languageOf(chatId: string, settings: ChatSettings): Promise<Language> {
    if (settings.lang !== undefined) return settings.lang;
    const binding = await this.#deps.accountChats.bindingOf(chatId);
    return binding?.language ?? readSeen(settings.seen).lang ?? this.#deps.defaultLanguage;
  }

  translator(language: Language): Translator {
    const { i18n } = this.#deps;
    return { t: (key, variables) => i18n.t(language, key, variables) };
  }

  /** Sends; true when Telegram took it. */
  async send(chatId: string, text: string, keyboard?: InlineKeyboardMarkup): Promise<boolean> {
    await this.#telegram.acquire();
    try {
      await this.#deps.api.sendMessage(chatId, text, {
        link_preview_options: { is_disabled: true },
        ...(keyboard ? { reply_markup: keyboard } : {}),
      });
      this.#deps.onSent?.();
      return true;
    } catch (error) {
      const why = isRefusal(error, "blocked", "chat-not-found")
        ? "the chat is gone or blocked the bot"
        : error instanceof Error
          ? error.message
          : String(error);
      this.#deps.logger.info({ chatId, err: why }, "could not send an account notice");
      return false;
    }
  }
}
