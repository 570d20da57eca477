/**
 * Loads the chat's settings and decides the language before i18n runs.
 *
 * For an arriving update (`readAhead`) it reads the chat's settings, sealed key and flow state in one
 * round trip, which also marks the update as seen and spends the chat's budget (chat-snapshot.ts); inside conversations, where it runs again on every replayed update
 * through the `plugins` option, it reads the settings only.
 */
import type { NextFunction } from "grammy";
import { readChatSnapshot } from "../core/chat-snapshot.js";
import type { BotConfig, BotDeps, FlowContext } from "../context.js";
import type { BotLayout } from "../feature.js";
import { languageFromTelegram } from "../i18n.js";
import { parseSettings } from "../../storage/settings.js";

export function loadChat(
  deps: BotDeps,
  botConfig: BotConfig,
  layout: BotLayout,
  options: { readAhead?: boolean } = {},
) {
  return async (ctx: FlowContext, next: NextFunction): Promise<void> => {
    ctx.deps = deps;
    ctx.botConfig = botConfig;
    ctx.layout = layout;
    ctx.chatSettings = {};
    if (ctx.chatId !== undefined) await load(deps, ctx, options.readAhead === true);
    ctx.language =
      ctx.chatSettings.lang ??
      languageFromTelegram(ctx.from?.language_code, botConfig.defaultLanguage);
    await next();
  };
}

/**
 * Settings only pick the language and a few flags, so when storage is down this falls back to none:
 * the update then reaches the error boundary (installed after i18n) and the user is told to try
 * again, instead of the failure escaping before any handler could answer (silence in the chat).
 */
async function load(deps: BotDeps, ctx: FlowContext, readAhead: boolean): Promise<void> {
  try {
    if (readAhead) {
      ctx.snapshot = await readChatSnapshot(
        deps.updateGate,
        deps.vault,
        ctx.chatId!,
        ctx.update.update_id,
        ctx.message?.media_group_id,
      );
      ctx.chatSettings = parseSettings(ctx.snapshot.settings);
    } else {
      ctx.chatSettings = await deps.settings.get(ctx.chatId!);
    }
  } catch (error) {
    ctx.logger.warn(
      { err: error instanceof Error ? error.name : String(error) },
      "chat settings could not be loaded; using defaults",
    );
  }
}
