/**
 * Account features live in private chats only. In a group the bot never accepts a key (the secret
 * guard has already deleted a message carrying one, where the bot may delete) and tells the user to
 * write in private — at most once per GROUP_ANSWER_WINDOW_MS per group, so that a busy group or a
 * script posting commands cannot make the bot flood it. Chatter never gets here (addressed.ts).
 */
import type { NextFunction } from "grammy";
import type { FlowContext } from "../context.js";
import { chatKeyPrefix } from "../../storage/settings.js";
import { secretNotice } from "../core/secret-prompt.js";

export const GROUP_ANSWER_WINDOW_MS = 30_000;

/** Not async: a private chat's update goes on without a promise of its own (nearly every update). */
export function privateOnly(ctx: FlowContext, next: NextFunction): Promise<void> {
  const chatType = ctx.chat?.type;
  return chatType === undefined || chatType === "private" ? next() : answerGroup(ctx);
}

async function answerGroup(ctx: FlowContext): Promise<void> {
  if (ctx.callbackQuery) {
    await ctx.answerCallbackQuery({ text: ctx.t("private-only-short") });
    return;
  }
  if (!ctx.message) return;
  // One answer per window (shared by instances through the store); what comes later is ignored.
  if (
    !(await ctx.deps.kv.setIfAbsent(
      `${chatKeyPrefix(ctx.chat!.id)}group-answered`,
      "1",
      GROUP_ANSWER_WINDOW_MS,
    ))
  )
    return;
  await ctx.reply(secretNotice(ctx) ?? ctx.t("private-only", { bot: ctx.me.username ?? "" }));
}
