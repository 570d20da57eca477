/**
 * Account features live in private chats only. In a group the bot never accepts a key: a message that
 * might be one is deleted when the bot may do so, and the user is told to write in private.
 */
import type { NextFunction } from "grammy";
import type { FlowContext } from "../context.js";
import { looksLikeApiKey } from "../features/link.js";

export async function privateOnly(ctx: FlowContext, next: NextFunction): Promise<void> {
  const chatType = ctx.chat?.type;
  if (chatType === undefined || chatType === "private") return next();

  const text = ctx.message?.text ?? ctx.message?.caption ?? "";
  const words = text.split(/\s+/);
  if (words.some((w) => looksLikeApiKey(w))) {
    await ctx.deleteMessage().catch(() => undefined); // needs admin rights; best effort
  }
  if (ctx.callbackQuery) {
    await ctx.answerCallbackQuery({ text: ctx.t("private-only-short") });
    return;
  }
  const addressed = ctx.message?.text?.startsWith("/") || (ctx.me.username && text.includes(`@${ctx.me.username}`)) || words.some((w) => looksLikeApiKey(w));
  if (ctx.message && addressed) {
    await ctx.reply(ctx.t("private-only", { bot: ctx.me.username ?? "" }), { parse_mode: "HTML" });
  }
}
