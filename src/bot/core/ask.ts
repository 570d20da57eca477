/**
 * The one way a flow asks for a typed answer: show the prompt, wait, check the answer into a value
 * or a specific re-prompt, and again (after @grammyjs/conversations' form builder: one
 * wait → validate → otherwise loop). A flow is then a short list of `ask` calls.
 *
 * - Answers that fail the check are skipped, so they never enter the replay log.
 * - Buttons of other messages go on to the handlers outside the flow; a command never gets here
 *   (core/flow-exit.ts leaves the flow first), and would leave it if it did.
 * - `secret`: the prompt marks the chat (secret-prompt.ts), and this step is the one place that
 *   deletes the answer, the moment it is read; the secret guard only finishes what nobody took.
 * - Every prompt and re-prompt is recorded (`showPrompt`), so its buttons go when the flow ends.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext, FlowContext } from "../context.js";
import { sendScreen } from "../ui/screen.js";
import { trackFlowPrompt, type Flow } from "./flows.js";
import { CANCEL_DATA } from "./codec.js";
import { clearSecretPrompt, markSecretPrompt, takeSecretAnswer } from "./secret-prompt.js";

export type Verdict<T> = { ok: true; value: T } | { ok: false; problem: string };
export const accept = <T>(value: T): Verdict<T> => ({ ok: true, value });
export const refuse = (problem: string): Verdict<never> => ({ ok: false, problem });

/** What `ask` returns when the flow's own cancel button (`cancelData`) was pressed. */
export const CANCELLED = Symbol("cancelled");
export type Cancelled = typeof CANCELLED;

export interface Question<T> {
  /** HTML of the prompt; absent when the flow has shown it already (e.g. in the pressed message). */
  prompt?: string;
  /** Under the prompt and every re-prompt; default: Cancel. */
  keyboard?: InlineKeyboard;
  /** HTML re-prompt for an answer that is not text (a photo, a sticker). */
  notText: string;
  /** The typed text → the value, or the problem to re-prompt with. Default: the text itself. */
  check?: (text: string) => Verdict<T> | Promise<Verdict<T>>;
  /** A password or a code: deleted the moment it is read, by this step only. */
  secret?: boolean;
  /** A cancel button the flow handles itself (to clean up first): `ask` returns CANCELLED. */
  cancelData?: string;
}

export function cancelKeyboard(ctx: Pick<FlowContext, "t">, data = CANCEL_DATA): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t("btn-cancel"), data);
}

/** Sends a prompt below the user's last message; its buttons belong to the flow (and go with it). */
export async function showPrompt(conversation: Flow, ctx: FlowContext, text: string, keyboard?: InlineKeyboard): Promise<number> {
  const messageId = await sendScreen(ctx, { text, keyboard });
  return keyboard === undefined ? messageId : trackFlowPrompt(conversation, messageId);
}

export async function ask<T = string>(
  conversation: Flow,
  ctx: FlowContext,
  q: Question<T> & { cancelData: string },
): Promise<T | Cancelled>;
export async function ask<T = string>(conversation: Flow, ctx: FlowContext, q: Question<T>): Promise<T>;
export async function ask<T>(conversation: Flow, ctx: FlowContext, q: Question<T>): Promise<T | Cancelled> {
  const keyboard = q.keyboard ?? cancelKeyboard(ctx);
  if (q.prompt !== undefined) await showPrompt(conversation, ctx, q.prompt, keyboard);
  // The guard deletes the chat's next text while this is set, even when the flow has lapsed by then.
  if (q.secret) await conversation.external((outer: BotContext) => markSecretPrompt(outer.deps.kv, outer.chatId!));
  return answer(conversation, ctx, q, keyboard);
}

/** The wait → check → re-prompt loop (a failed answer is skipped: the flow replays up to the wait). */
async function answer<T>(conversation: Flow, ctx: FlowContext, q: Question<T>, keyboard: InlineKeyboard): Promise<T | Cancelled> {
  const reply = await conversation.wait();
  const data = reply.callbackQuery?.data;
  if (data !== undefined) {
    if (q.cancelData === undefined || data !== q.cancelData) return conversation.skip({ next: true });
    if (q.secret) await forgetSecretPrompt(conversation);
    await reply.answerCallbackQuery();
    return CANCELLED;
  }
  // Edits, reactions and other updates are no answer and need no reply.
  if (!reply.message) return conversation.skip();
  if (q.secret) await conversation.external((outer: BotContext) => takeSecretAnswer(outer));
  const text = reply.message.text;
  if (text?.startsWith("/")) return conversation.halt({ next: true });
  const verdict = text === undefined ? refuse(q.notText) : q.check ? await q.check(text) : accept(text as T);
  if (verdict.ok) {
    if (q.secret) await forgetSecretPrompt(conversation);
    return verdict.value;
  }
  await showPrompt(conversation, ctx, verdict.problem, keyboard);
  return conversation.skip();
}

function forgetSecretPrompt(conversation: Flow): Promise<void> {
  return conversation.external((outer: BotContext) => clearSecretPrompt(outer.deps.kv, outer.chatId!));
}
