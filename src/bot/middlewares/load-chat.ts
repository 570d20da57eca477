/**
 * Loads the chat's settings and decides the language before i18n runs.
 * Used outside conversations and, through the conversation `plugins` option, inside them.
 */
import type { NextFunction } from "grammy";
import type { BotConfig, BotDeps, FlowContext } from "../context.js";
import { languageFromTelegram } from "../i18n.js";
import type { ChatSettings } from "../settings.js";

export function loadChat(deps: BotDeps, botConfig: BotConfig) {
  return async (ctx: FlowContext, next: NextFunction): Promise<void> => {
    ctx.deps = deps;
    ctx.botConfig = botConfig;
    ctx.chatSettings = ctx.chatId !== undefined ? await loadSettings(deps, ctx) : {};
    ctx.language = ctx.chatSettings.lang ?? languageFromTelegram(ctx.from?.language_code, botConfig.defaultLanguage);
    await next();
  };
}

/**
 * Settings only pick the language and a few flags, so when storage is down this falls back to none:
 * the update then reaches the error boundary (installed after i18n) and the user is told to try
 * again, instead of the failure escaping before any handler could answer (silence in the chat).
 */
async function loadSettings(deps: BotDeps, ctx: FlowContext): Promise<ChatSettings> {
  try {
    return await deps.settings.get(ctx.chatId!);
  } catch (error) {
    deps.logger.warn({ updateId: ctx.update.update_id, err: error instanceof Error ? error.name : String(error) }, "chat settings could not be loaded; using defaults");
    return {};
  }
}
