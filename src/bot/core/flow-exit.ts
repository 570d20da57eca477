/**
 * Leaving a flow from outside, the same way for /cancel, the Cancel buttons, any other command and any
 * other screen's button — and answering buttons of flows that are already over.
 *
 * A flow never holds the chat: a command or a button that is not the flow's own leaves the flow first
 * and then runs as usual. Only when leaving would lose what the user typed (a half-filled form marks
 * that, flow-messages.ts) the bot asks first; the pending command is not replayed after "Yes", the
 * user is told to send it again (replaying an update from storage would need to store it).
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import { dropButtons, showScreen } from "../ui/screen.js";
import { clearSecretPrompt } from "./secret-prompt.js";
import { lapseSecretPrompt } from "./lapsed-prompt.js";
import {
  closePrompts,
  deleteFlowMessage,
  hasTypedInput,
  isFlowPrompt,
  stalePrompt,
  type FlowEnd,
} from "./flow-messages.js";
import { conversationKey } from "./chat-snapshot.js";
import { CANCEL_DATA, LEAVE_NO, LEAVE_YES } from "./codec.js";
import { NOOP_DATA } from "../ui/callback-data.js";

export { CANCEL_DATA } from "./codec.js";

export const flowRunning = (ctx: BotContext) => Object.keys(ctx.conversation.active()).length > 0;

/**
 * Ends every flow of the chat and what it left behind: the state, the QR message, the secret-prompt
 * marker, the prompts' buttons. True when a flow was running.
 */
export async function leaveFlows(ctx: BotContext, outcome: FlowEnd): Promise<boolean> {
  const running = flowRunning(ctx);
  await ctx.conversation.exitAll();
  const chatId = ctx.chatId;
  if (chatId !== undefined) {
    await ctx.deps.conversationAdapter.delete(conversationKey(chatId));
    await deleteFlowMessage(ctx.deps.kv, ctx.api, chatId);
    // A secret prompt left for another screen keeps guarding the chat a while; a deliberate cancel does not.
    await (outcome === "left"
      ? lapseSecretPrompt(ctx.deps.kv, chatId)
      : clearSecretPrompt(ctx.deps.kv, chatId));
    await closePrompts(ctx, outcome);
  }
  return running;
}

/**
 * A button of no running flow: says how its flow ended ("already done", "cancelled"…) or that it
 * expired, and acts on nothing. Buttons of a known old prompt are taken away.
 */
export async function answerStaleButton(ctx: BotContext, strip = false): Promise<void> {
  const messageId = ctx.callbackQuery?.message?.message_id;
  const how =
    messageId !== undefined && ctx.chatId !== undefined
      ? await stalePrompt(ctx.deps.kv, ctx.chatId, messageId)
      : "expired";
  await ctx.answerCallbackQuery({
    text: how === "expired" ? ctx.t("button-expired") : ctx.t(`flow-stale-${how}`),
  });
  if ((strip || how !== "expired") && messageId !== undefined && ctx.chatId !== undefined)
    await dropButtons(ctx.api, ctx.chatId, messageId);
}

/** Is this update something other than an answer to the running flow? */
function leavesFlow(ctx: BotContext): boolean {
  if (ctx.message?.text?.startsWith("/")) return true;
  const query = ctx.callbackQuery;
  if (query === undefined || query.data === NOOP_DATA || query.data === CANCEL_DATA) return false;
  const messageId = query.message?.message_id;
  // The flow's own prompts (recorded as they are sent) keep working; any other message's button leaves.
  return messageId === undefined || !isFlowPrompt(ctx, messageId);
}

/** Installed after conversations() and /cancel, before the flows. */
export function createFlowExit(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.callbackQuery(LEAVE_YES, async (ctx) => {
    const text = (await leaveFlows(ctx, "left")) ? ctx.t("flow-left") : ctx.t("button-expired");
    await showScreen(ctx, { text }, { toast: text });
  });
  composer.callbackQuery(LEAVE_NO, async (ctx) => {
    const text = flowRunning(ctx) ? ctx.t("flow-stay") : ctx.t("button-expired");
    await showScreen(ctx, { text }, { toast: text });
  });
  composer.use(async (ctx, next) => {
    if (!flowRunning(ctx) || !leavesFlow(ctx)) return next();
    if (hasTypedInput(ctx)) {
      const keyboard = new InlineKeyboard()
        .text(ctx.t("flow-leave-yes"), LEAVE_YES)
        .text(ctx.t("flow-leave-no"), LEAVE_NO);
      if (ctx.callbackQuery) await ctx.answerCallbackQuery();
      await ctx.reply(ctx.t("flow-leave-ask"), { reply_markup: keyboard });
      return;
    }
    await leaveFlows(ctx, "left");
    await next();
  });
  return composer;
}
