/**
 * /stats for the operator's chats (ADMIN_CHAT_IDS): what app.operator.stats() knows, in the chat.
 *
 * Anywhere else the command does not exist: the handler passes the update on untouched, so a
 * customer gets exactly what any unknown command gets, and /stats is never in their command menu
 * (createBot registers it only for the admin chats' scope). Installed before the private-chat guard
 * because an operator's chat is often a group.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { CommandSpec } from "../../feature.js";
import { renderStats } from "./render.js";

/** The admin chats' extra commands (registered for those chats only). */
export const ADMIN_COMMANDS: readonly CommandSpec[] = [
  { command: "stats", descriptionKey: "cmd-stats" },
];

export function createAdminComposer(adminChatIds: readonly number[]): Composer<BotContext> {
  const admins = new Set(adminChatIds);
  const composer = new Composer<BotContext>();
  composer.command("stats", async (ctx, next) => {
    if (ctx.chatId === undefined || !admins.has(ctx.chatId)) return next();
    await ctx.reply(renderStats(ctx, await ctx.deps.operatorStats()));
  });
  return composer;
}
