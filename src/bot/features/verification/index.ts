/**
 * /verify: the verification request the exchanger holds (status, comment, submitted fields) or that
 * there is none, with a button that starts the submission form (flow.ts).
 */
import { Composer, InlineKeyboard } from "grammy";
import { withCaller } from "../../core/caller.js";
import type { BotContext } from "../../context.js";
import { VERIFICATION_FLOW, verificationConversation } from "./flow.js";
import type { Feature } from "../../feature.js";
import { NotLinked } from "../../core/errors.js";
import { renderVerificationRequest } from "./render.js";
import { backToMenuRow } from "../menu/public.js";

async function showVerification(ctx: BotContext, edit: boolean): Promise<void> {
  const request = await withCaller(ctx, (caller) => ctx.deps.exchanger.getVerification(caller));
  const keyboard = new InlineKeyboard().text(ctx.t("verification-btn-start"), "verif:new").row().text(ctx.t("verification-btn-refresh"), "verif:show");
  const text = renderVerificationRequest(ctx, request);
  const options = { parse_mode: "HTML" as const, reply_markup: backToMenuRow(ctx, keyboard) };
  if (edit) await ctx.editMessageText(text, options);
  else await ctx.reply(text, options);
}

const composer = new Composer<BotContext>();
const privateChat = composer.chatType("private");

privateChat.command("verify", (ctx) => showVerification(ctx, false));
privateChat.callbackQuery("verif:show", async (ctx) => {
  await ctx.answerCallbackQuery();
  await showVerification(ctx, true);
});

privateChat.callbackQuery("verif:new", async (ctx) => {
  if (!(await ctx.deps.vault.has(ctx.chatId))) throw new NotLinked();
  await ctx.answerCallbackQuery();
  // Starting the form again (or from another flow) replaces whatever form was open.
  if (Object.keys(await ctx.conversation.active()).length > 0) await ctx.conversation.exitAll();
  await ctx.conversation.enter(VERIFICATION_FLOW);
});

export const verificationFeature: Feature = {
  name: "verification",
  composer,
  flows: [verificationConversation],
  menu: [{ labelKey: "verification-menu", data: "verif:show", order: 60 }],
  commands: [{ command: "verify", descriptionKey: "verification-cmd" }],
};
