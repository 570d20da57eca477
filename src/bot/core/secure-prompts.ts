/**
 * Waiting for a typed answer inside a conversation, the same way in every security flow:
 * - messages that may carry a secret (password, 2FA code) are deleted the moment they are read;
 * - buttons of other screens are passed on to the handlers outside the flow (which answer them);
 * - commands never get here: they leave the flow first (flow-exit.ts); photos and answers that fail
 *   the check get a re-prompt and are skipped, so they never enter the replay log;
 * - every prompt with buttons is recorded, so its buttons are taken away when the flow ends.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext, FlowContext } from "../context.js";
import { deleteSecretMessage, flowEntryOf, trackFlowPrompt, type Flow } from "./flows.js";
import { normalizeCode } from "./two-factor.js";
import { withCaller } from "./caller.js";
import { minutesToWait } from "./code-attempts.js";
import { clearSecretPrompt, markSecretPrompt, type SecretStep } from "./secret-prompt.js";
import { CANCEL_DATA } from "./flow-exit.js";

export function cancelKeyboard(ctx: Pick<FlowContext, "t">, data = CANCEL_DATA): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t("btn-cancel"), data);
}

export interface WaitTextOptions {
  /** Delete every message read here before looking at it (true: a password; "code": a 2FA code). */
  secret?: boolean | "code";
  /** Under every re-prompt (the cancel button). */
  keyboard: InlineKeyboard;
  /** HTML sent when something other than a text answer arrives (a command, a photo...). */
  reprompt: string;
  /** HTML explaining why an answer is not acceptable, or undefined to accept it. */
  check?: (text: string) => string | undefined;
  /** Data of a cancel button this flow handles itself (to clean up first) instead of flow:cancel. */
  cancelData?: string;
}

export type Answer = { cancelled: false; text: string } | { cancelled: true };

export async function waitForText(conversation: Flow, options: WaitTextOptions): Promise<Answer> {
  // A secret prompt is open: the secret guard deletes the chat's next text on arrival, even when this
  // flow has expired by then or the store is down (secret-prompt.ts).
  if (options.secret) {
    // The marker names the step, so a prompt the user leaves can be offered again (lapsed-prompt.ts).
    const step: SecretStep = { kind: options.secret === "code" ? "code" : "password", ...flowEntryOf(conversation) };
    await conversation.external((outer: BotContext) => markSecretPrompt(outer.deps.kv, outer.chatId!, step));
  }
  const ctx = await conversation.wait();
  if (ctx.callbackQuery) {
    if (options.cancelData !== undefined && ctx.callbackQuery.data === options.cancelData) {
      if (options.secret) await conversation.external((outer: BotContext) => clearSecretPrompt(outer.deps.kv, outer.chatId!));
      await ctx.answerCallbackQuery();
      return { cancelled: true };
    }
    await conversation.skip({ next: true });
  }
  // Edits, reactions and other updates are no answer and need no reply.
  if (!ctx.message) await conversation.skip();
  if (options.secret) await deleteSecretMessage(ctx);
  const text = ctx.message?.text;
  const problem = text === undefined || text.startsWith("/") ? options.reprompt : options.check?.(text);
  if (problem === undefined) {
    if (options.secret) await conversation.external((outer: BotContext) => clearSecretPrompt(outer.deps.kv, outer.chatId!));
    return { cancelled: false, text: text! };
  }
  await trackFlowPrompt(conversation, (await ctx.reply(problem, { reply_markup: options.keyboard })).message_id);
  return conversation.skip();
}

export interface AskCodeOptions {
  keyboard: InlineKeyboard;
  cancelData?: string;
}

/**
 * Reads one 6-digit 2FA code (the caller has already asked for it). The message is deleted at once;
 * anything that is not six digits gets a re-prompt. Undefined when the flow's own cancel button was pressed.
 */
export async function askCode(conversation: Flow, ctx: FlowContext, options: AskCodeOptions): Promise<string | undefined> {
  const badFormat = ctx.t("secure-code-bad-format");
  const answer = await waitForText(conversation, {
    secret: "code",
    keyboard: options.keyboard,
    reprompt: badFormat,
    check: (text) => (normalizeCode(text) === undefined ? badFormat : undefined),
    cancelData: options.cancelData,
  });
  return answer.cancelled ? undefined : normalizeCode(answer.text);
}

/**
 * True, and the user told to wait N minutes, while the account may send no 2FA code (too many wrong
 * ones, code-attempts.ts): money and security flows are refused before they ask for anything.
 */
export async function refuseWhileCodesLocked(ctx: FlowContext): Promise<boolean> {
  const waitMs = await withCaller(ctx, (caller) => ctx.deps.codeAttempts.lockedFor(caller));
  if (waitMs === 0) return false;
  const text = ctx.t("secure-codes-locked", { minutes: minutesToWait(waitMs) });
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text });
  await ctx.reply(text);
  return true;
}

/** enterFlow for flows that send a 2FA code (password, 2FA on/off): refused while codes are locked. */
export async function enterCodeFlow(ctx: BotContext, id: string): Promise<void> {
  if (await refuseWhileCodesLocked(ctx)) return;
  await enterFlow(ctx, id);
}

/** Enters a flow unless another one is running (it would throw); then says to finish or /cancel it. */
export async function enterFlow(ctx: BotContext, id: string, ...args: unknown[]): Promise<void> {
  if (Object.keys(ctx.conversation.active()).length > 0) {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: ctx.t("secure-flow-busy") });
    else await ctx.reply(ctx.t("secure-flow-busy"));
    return;
  }
  if (ctx.callbackQuery) await ctx.answerCallbackQuery();
  await ctx.conversation.enter(id, ...args);
}
