/**
 * Loads the chat's settings and decides the language before i18n runs.
 * Used outside conversations and, through the conversation `plugins` option, inside them.
 */
import type { NextFunction } from "grammy";
import type { BotConfig, BotDeps, FlowContext } from "../context.js";
import { languageFromTelegram } from "../i18n.js";

export function loadChat(deps: BotDeps, botConfig: BotConfig) {
  return async (ctx: FlowContext, next: NextFunction): Promise<void> => {
    ctx.deps = deps;
    ctx.botConfig = botConfig;
    ctx.chatSettings = ctx.chatId !== undefined ? await deps.settings.get(ctx.chatId) : {};
    ctx.language = ctx.chatSettings.lang ?? languageFromTelegram(ctx.from?.language_code, botConfig.defaultLanguage);
    await next();
  };
}
