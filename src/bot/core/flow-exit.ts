/**
 * Leaving a flow from outside, the same way for /cancel, the Cancel buttons, any other command and any
 * other screen's button — and answering buttons of flows that are already over.
 *
 * A flow never holds the chat: a command or a button that is not the flow's own leaves the flow first
 * and then runs as usual. Only when leaving would lose what the user typed (a half-filled form marks
 * that, flow-messages.ts) the bot asks first. A command that asked is kept (PENDING_TTL_MS, under the
 * chat's prefix) and runs once after "Yes": the handler hands it back on `ctx.replayAfter`, and
 * createBot runs it through the update path once this update is over (the flow's state is saved by
 * then), under its own negative update id, so the update gate lets it through exactly once. A button
 * that asked is not replayed (its press was answered already): the user is told to press it again.
 */
import { type Api, Composer, InlineKeyboard } from "grammy";
import type { Update } from "grammy/types";
import { chatKeyPrefix } from "../../storage/settings.js";
import type { BotContext, BotDeps, FlowPrompts } from "../context.js";
import { dropButtons, showScreen } from "../ui/screen.js";
import { clearSecretPrompt } from "./secret-prompt.js";
import { lapseSecretPrompt } from "./lapsed-prompt.js";
import {
  closePrompts,
  deleteFlowMessage,
  flowPromptsOf,
  hasTypedInput,
  isFlowPrompt,
  readFlowPrompts,
  stalePrompt,
  type FlowEnd,
  type StoredFlows,
} from "./flow-messages.js";
import { conversationKey, keyReadAhead } from "./chat-snapshot.js";
import { CANCEL_DATA, LEAVE_NO, LEAVE_YES } from "./codec.js";
import { NOOP_DATA } from "../ui/callback-data.js";
import { flowRunning } from "./flow-running.js";

export { CANCEL_DATA } from "./codec.js";

/**
 * Ends every flow of the chat and what it left behind: the state, the QR message, the secret-prompt
 * marker, the prompts' buttons. True when a flow was running.
 */
export async function leaveFlows(ctx: BotContext, outcome: FlowEnd): Promise<boolean> {
  const running = flowRunning(ctx);
  await ctx.conversation.exitAll();
  if (ctx.chatId !== undefined)
    await endChatFlows({ ...ctx, chatId: ctx.chatId, flowPrompts: flowPromptsOf(ctx) }, outcome);
  return running;
}

/** The chat's live-prompt record as stored with its flow state, read with no update at hand. */
export async function storedFlowPrompts(
  deps: Pick<BotDeps, "conversationAdapter">,
  chatId: number,
): Promise<FlowPrompts> {
  const stored = (await deps.conversationAdapter.read(conversationKey(chatId))) as
    StoredFlows | undefined;
  return readFlowPrompts(stored?.prompts);
}

/** A chat whose flows end: with the update at hand (its prompt record loaded), or by id alone. */
export interface EndingChat {
  deps: Pick<BotDeps, "kv" | "conversationAdapter">;
  api: Api;
  chatId: number;
  /** The update's record (flowPromptsOf); without one it is read from the stored state first. */
  flowPrompts?: FlowPrompts;
  /** A prompt the caller edits into something else right after (its buttons go with that edit). */
  replacing?: number;
}

/**
 * What leaving leaves behind, cleared for one chat — also with no update at hand (at start, when a
 * restart's recovery finished what a flow was doing: exchange/resume.ts): the stored state, the QR
 * message, the secret-prompt marker, the prompts' buttons (and how the flow ended, for late presses).
 */
export async function endChatFlows(chat: EndingChat, outcome: FlowEnd): Promise<void> {
  const { deps, api, chatId } = chat;
  // The prompt record travels with the flow's state: read before that state is deleted.
  const flowPrompts = chat.flowPrompts ?? (await storedFlowPrompts(deps, chatId));
  await deps.conversationAdapter.delete(conversationKey(chatId));
  const deleted = await deleteFlowMessage(deps.kv, api, chatId);
  // A secret prompt left for another screen keeps guarding the chat a while; a deliberate cancel does not.
  await (outcome === "left"
    ? lapseSecretPrompt(deps.kv, chatId)
    : clearSecretPrompt(deps.kv, chatId));
  await closePrompts({ deps, api, chatId, flowPrompts }, outcome, [deleted, chat.replacing]);
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
  // An API key pasted in a chat without an account (the calculator asks for it after its estimate)
  // is no answer to a flow: the flow is left and the key links (features/link). A linked chat's
  // flows keep their text: a password prompt may get a key-shaped password.
  if (
    ctx.secretRemoved?.reason === "key" &&
    ctx.chatId !== undefined &&
    !(keyReadAhead(ctx.snapshot, ctx.deps.vault) ?? (await ctx.deps.vault.has(ctx.chatId)))
  )
    return true;
  const query = ctx.callbackQuery;
  if (query === undefined || query.data === NOOP_DATA || query.data === CANCEL_DATA) return false;
  const messageId = query.message?.message_id;
  // The flow's own prompts (recorded as they are sent) keep working; any other message's button leaves.
  return messageId === undefined || !isFlowPrompt(ctx, messageId);
}

/** How long a command that asked "Leave the form?" waits for the answer. */
export const PENDING_TTL_MS = 10 * 60_000;
const pendingKey = (chatId: number) => `${chatKeyPrefix(chatId)}flow:pending-command`;

/**
 * Keeps the command that asked "Leave the form?" (only what running it needs), or forgets an older
 * one when a button asked. A command whose payload the secret guard removed is never kept.
 */
async function keepPendingCommand(ctx: BotContext, chatId: number): Promise<void> {
  const message = ctx.message;
  if (message?.text?.startsWith("/") !== true || ctx.secretRemoved !== undefined)
    return ctx.deps.kv.del(pendingKey(chatId));
  const { message_id, date, chat, from, text, entities } = message;
  const update = {
    update_id: ctx.update.update_id,
    message: { message_id, date, chat, from, text, entities },
  };
  await ctx.deps.kv.set(pendingKey(chatId), JSON.stringify(update), PENDING_TTL_MS);
}

/** The kept command, taken once (whoever deletes it first has it), under its own negative update id. */
async function takePendingCommand(ctx: BotContext, chatId: number): Promise<Update | undefined> {
  const key = pendingKey(chatId);
  const stored = await ctx.deps.kv.get(key);
  if (stored === undefined || !(await ctx.deps.kv.delIf(key, stored))) return undefined;
  const update = JSON.parse(stored) as Update;
  // Telegram's update ids are positive: the replay's own id never meets a real one at the gate.
  return { ...update, update_id: -Math.abs(update.update_id) };
}

async function leaveAndReplay(ctx: BotContext): Promise<void> {
  const chatId = ctx.chatId;
  const command = chatId === undefined ? undefined : await takePendingCommand(ctx, chatId);
  const left = await leaveFlows(ctx, "left");
  const text = !left
    ? ctx.t("button-expired")
    : ctx.t(command === undefined ? "flow-left" : "flow-left-command");
  await showScreen(ctx, { text }, { toast: text });
  if (left && command !== undefined) ctx.replayAfter = command;
}

/** Installed after conversations() and /cancel, before the flows. */
export function createFlowExit(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.callbackQuery(LEAVE_YES, leaveAndReplay);
  composer.callbackQuery(LEAVE_NO, async (ctx) => {
    if (ctx.chatId !== undefined) await ctx.deps.kv.del(pendingKey(ctx.chatId));
    const text = flowRunning(ctx) ? ctx.t("flow-stay") : ctx.t("button-expired");
    await showScreen(ctx, { text }, { toast: text });
  });
  composer.use(async (ctx, next) => {
    if (!flowRunning(ctx) || !(await leavesFlow(ctx))) return next();
    if (ctx.chatId !== undefined && hasTypedInput(ctx)) {
      await keepPendingCommand(ctx, ctx.chatId);
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
