/**
 * /stats for the operator's chats (ADMIN_CHAT_IDS): what app.operator.stats() knows, in the chat.
 *
 * Anywhere else the command does not exist: the handler passes the update on untouched, so a
 * customer gets exactly what any unknown command gets, and /stats is never in their command menu
 * (createBot registers it only for the admin chats' scope). Installed before the private-chat guard
 * because an operator's chat is often a group.
 */
import type { MiddlewareFn } from "grammy";
import type { BotContext } from "../../context.js";
import { commandOf, type CommandSpec } from "../../feature.js";
import { renderStats } from "./render.js";

/** The admin chats' extra commands (registered for those chats only). */
export const ADMIN_COMMANDS: readonly CommandSpec[] = [
  { command: "stats", descriptionKey: "cmd-stats" },
];

/**
 * Every update passes here, so the command is read with the routing's own `commandOf` (no grammY
 * `command` filter, which builds a Composer per update it looks at).
 */
export function adminStats(adminChatIds: readonly number[]): MiddlewareFn<BotContext> {
  const admins = new Set(adminChatIds);
  const isStats = (ctx: BotContext) =>
    ctx.chatId !== undefined && admins.has(ctx.chatId) && commandOf(ctx) === "stats";
  // Not async: an update that goes on (nearly all) costs no promise of its own.
  return (ctx, next) => (isStats(ctx) ? replyStats(ctx) : next());
}

async function replyStats(ctx: BotContext): Promise<void> {
  await ctx.reply(renderStats(ctx, await ctx.deps.operatorStats()));
}
