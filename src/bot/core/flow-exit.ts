/**
 * Leaving a flow from outside, the same way for /cancel, the Cancel buttons, any other command and any
 * other screen's button — and answering buttons of flows that are already over.
 *
 * A flow never holds the chat: a command or a button that is not the flow's own leaves the flow first
 * and then runs as usual. Only when leaving would lose what the user typed (a half-filled form marks
 * that, flow-messages.ts) the bot asks first; the pending command is not replayed after "Yes", the
 * user is told to send it again (replaying an update from storage would need to store it).
 */
import { type Api, Composer, InlineKeyboard } from "grammy";
import type { BotContext, BotDeps } from "../context.js";
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
  if (ctx.chatId !== undefined) await endChatFlows(ctx.deps, ctx.api, ctx.chatId, outcome);
  return running;
}

/**
 * What leaving leaves behind, cleared for one chat — also with no update at hand (at start, when a
 * restart's recovery finished what a flow was doing: exchange/resume.ts): the stored state, the QR
 * message, the secret-prompt marker, the prompts' buttons (and how the flow ended, for late presses).
 */
export async function endChatFlows(
  deps: Pick<BotDeps, "kv" | "conversationAdapter">,
  api: Api,
  chatId: number,
  outcome: FlowEnd,
): Promise<void> {
  await deps.conversationAdapter.delete(conversationKey(chatId));
  await deleteFlowMessage(deps.kv, api, chatId);
  // A secret prompt left for another screen keeps guarding the chat a while; a deliberate cancel does not.
  await (outcome === "left"
    ? lapseSecretPrompt(deps.kv, chatId)
    : clearSecretPrompt(deps.kv, chatId));
  await closePrompts(deps.kv, api, chatId, outcome);
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
  // Only a keyboard that still holds the pressed button is the old prompt's: a message that has
  // become something else since (a result screen in its place) keeps its own buttons.
  const pressedIsThere = (ctx.callbackQuery?.message?.reply_markup?.inline_keyboard ?? [])
    .flat()
    .some(
      (button) => "callback_data" in button && button.callback_data === ctx.callbackQuery?.data,
    );
  if (
    (strip || how !== "expired") &&
    pressedIsThere &&
    messageId !== undefined &&
    ctx.chatId !== undefined
  )
    await dropButtons(ctx.api, ctx.chatId, messageId);
}

/** Is this update something other than an answer to the running flow? */
async function leavesFlow(ctx: BotContext): Promise<boolean> {
  if (ctx.message?.text?.startsWith("/")) return true;
  const query = ctx.callbackQuery;
  if (query === undefined || query.data === NOOP_DATA || query.data === CANCEL_DATA) return false;
  const messageId = query.message?.message_id;
  // The flow's own prompts (recorded as they are sent) keep working; any other message's button leaves.
  return (
    messageId === undefined ||
    ctx.chatId === undefined ||
    !(await isFlowPrompt(ctx.deps.kv, ctx.chatId, messageId))
  );
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
    if (!flowRunning(ctx) || !(await leavesFlow(ctx))) return next();
    if (ctx.chatId !== undefined && (await hasTypedInput(ctx.deps.kv, ctx.chatId))) {
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
