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
 * - One live prompt: a re-prompt takes the buttons off the prompt before it, and an answered prompt
 *   loses its buttons; every prompt is recorded (`showPrompt`), so what is left goes when the flow ends.
 * - `buttons`: a question may also be answered by a button of its live prompt (Skip, a choice).
 */
import { InlineKeyboard } from "grammy";
import type { Message } from "grammy/types";
import type { BotContext, FlowContext, Translator } from "../context.js";
import { sendScreen, showScreen } from "../ui/screen.js";
import { flowEntryOf, isLivePrompt, retireFlowPrompt, type Flow } from "./flows.js";
import { CANCEL_DATA } from "./codec.js";
import { markTypedInput, trackPrompt } from "./flow-messages.js";
import { removeIfLapsedSecret } from "./lapsed-prompt.js";
import {
  clearSecretPrompt,
  markSecretPrompt,
  takeSecretAnswer,
  type SecretStep,
} from "./secret-prompt.js";

/** Not an answer: `problem` is sent as a new prompt (with the keyboard), `note` as a plain message under the live prompt. */
export type Refusal = { ok: false; problem: string } | { ok: false; note: string };
export type Verdict<T> = { ok: true; value: T } | Refusal;
export const accept = <T>(value: T): Verdict<T> => ({ ok: true, value });
export const refuse = (problem: string): Refusal => ({ ok: false, problem });
/** "Use the buttons above": said without a new prompt, the live one stays. */
export const note = (text: string): Refusal => ({ ok: false, note: text });

/** What `ask` returns when the flow's own cancel button (`cancelData`) was pressed. */
export const CANCELLED = Symbol("cancelled");
export type Cancelled = typeof CANCELLED;

export interface Question<T> {
  /** HTML of the prompt; absent when the flow has shown it already (e.g. in the pressed message). */
  prompt?: string;
  /** Under the prompt and every re-prompt; default: Cancel. */
  keyboard?: InlineKeyboard;
  /** For an answer that is not text (a photo, a sticker): HTML re-prompt, or a note(). */
  notText: string | Refusal;
  /** The typed text → the value, or the problem to re-prompt with. Default: the text itself. */
  check?: (text: string) => Verdict<T> | Promise<Verdict<T>>;
  /** A password (true) or a 2FA code ("code"): deleted the moment it is read, by this step only. */
  secret?: boolean | "code";
  /** With `secret`: the translation key of the button that reopens this step once left ("↩️ Change password"). */
  reopens?: string;
  /** Not a secret, but not to stay in the chat (a card number): deleted once read; a function picks which texts. */
  sensitive?: boolean | ((text: string) => boolean);
  /** A form: once something was typed, leaving it asks first (flow-messages.ts). */
  keepsInput?: boolean;
  /** A cancel button the flow handles itself (to clean up first): `ask` returns CANCELLED. */
  cancelData?: string;
  /** The value a button of the live prompt stands for; undefined: not an answer (passed on). */
  buttons?: (data: string) => T | undefined;
  /** What the prompt shows once a button answered it (its buttons gone); default: the prompt as it was. */
  pressedText?: (value: T) => string;
  /** false: earlier prompts keep their buttons until the flow ends (a secret on screen that goes with them). */
  oneLive?: boolean;
}

export function cancelKeyboard(ctx: Translator, data = CANCEL_DATA): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t("btn-cancel"), data);
}

/**
 * Sends a prompt below the user's last message; its buttons belong to the flow (and go with it).
 * Sent and recorded in one `external` that returns only the message id: the replay log keeps that
 * number instead of Telegram's whole answer (the message echoed back with its keyboard, ≈ 1 KB),
 * and every later update of the flow reads, decrypts and writes the log again.
 */
export function showPrompt(
  conversation: Flow,
  text: string,
  keyboard?: InlineKeyboard,
): Promise<number> {
  return conversation.external(async (outer: BotContext) => {
    const messageId = await sendScreen(outer, { text, keyboard });
    if (keyboard !== undefined) trackPrompt(outer, messageId);
    return messageId;
  });
}

export async function ask<T = string>(
  conversation: Flow,
  ctx: FlowContext,
  q: Question<T> & { cancelData: string },
): Promise<T | Cancelled>;
export async function ask<T = string>(
  conversation: Flow,
  ctx: FlowContext,
  q: Question<T>,
): Promise<T>;
export async function ask<T>(
  conversation: Flow,
  ctx: FlowContext,
  q: Question<T>,
): Promise<T | Cancelled> {
  const keyboard = q.keyboard ?? cancelKeyboard(ctx);
  if (q.prompt !== undefined) await showPrompt(conversation, q.prompt, keyboard);
  if (q.secret) await markSecret(conversation, q.secret, q.reopens);
  return answer(conversation, ctx, q, keyboard);
}

/** The wait → check → re-prompt loop (a failed answer is skipped: the flow replays up to the wait). */
async function answer<T>(
  conversation: Flow,
  ctx: FlowContext,
  q: Question<T>,
  keyboard: InlineKeyboard,
): Promise<T | Cancelled> {
  const reply = await conversation.wait();
  const data = reply.callbackQuery?.data;
  if (data !== undefined) return pressed(conversation, reply, q, data);
  // Edits, reactions and other updates are no answer and need no reply.
  if (!reply.message) return conversation.skip();
  const text = reply.message.text;
  const sensitive =
    text !== undefined && (typeof q.sensitive === "function" ? q.sensitive(text) : q.sensitive);
  if (q.secret || sensitive)
    await conversation.external((outer: BotContext) => takeSecretAnswer(outer));
  if (text?.startsWith("/")) return conversation.halt({ next: true });
  if (q.keepsInput) await conversation.external((outer: BotContext) => markTypedInput(outer));
  const notText = typeof q.notText === "string" ? refuse(q.notText) : q.notText;
  const verdict = text === undefined ? notText : q.check ? await q.check(text) : accept(text as T);
  if ("note" in verdict) {
    await reply.reply(verdict.note);
    return conversation.skip();
  }
  // Refused here, but maybe the secret of a prompt the user left: then it goes, and this prompt stays.
  // (An answer this step deleted already is gone either way.)
  const answerKept = !q.secret && !sensitive;
  if (!verdict.ok && answerKept && (await removeLapsedSecret(conversation, reply.message)))
    return conversation.skip();
  if (q.oneLive !== false) await retireFlowPrompt(conversation);
  if (verdict.ok) {
    if (q.secret) await forgetSecretPrompt(conversation);
    return verdict.value;
  }
  await showPrompt(conversation, verdict.problem, keyboard);
  return conversation.skip();
}

/** A press: the flow's own cancel, a button answering the question on its live prompt, or not ours. */
async function pressed<T>(
  conversation: Flow,
  press: FlowContext,
  q: Question<T>,
  data: string,
): Promise<T | Cancelled> {
  if (q.cancelData !== undefined && data === q.cancelData) {
    if (q.secret) await forgetSecretPrompt(conversation);
    await press.answerCallbackQuery();
    return CANCELLED;
  }
  const value = q.buttons?.(data);
  const messageId = press.callbackQuery?.message?.message_id;
  if (value === undefined || !(await isLivePrompt(conversation, messageId)))
    return conversation.skip({ next: true });
  if (q.pressedText) await showScreen(press, { text: q.pressedText(value) });
  else await press.answerCallbackQuery();
  await retireFlowPrompt(conversation, messageId, q.pressedText !== undefined);
  return value;
}

/**
 * The one place a secret prompt is shown as open: the guard deletes the chat's next text while the
 * marker is set, even when the flow has lapsed by then; the marker names the step, so a prompt the
 * user leaves can be offered again (lapsed-prompt.ts).
 */
function markSecret(conversation: Flow, secret: true | "code", reopens?: string): Promise<void> {
  const step: SecretStep = {
    kind: secret === "code" ? "code" : "password",
    ...flowEntryOf(conversation),
    ...(reopens !== undefined && { reopens }),
  };
  return conversation.external((outer: BotContext) =>
    markSecretPrompt(outer.deps.kv, outer.chatId!, step),
  );
}

/** lapsed-prompt.ts decides, with the update's own context (the guard put the left step on it). */
function removeLapsedSecret(conversation: Flow, message: Message): Promise<boolean> {
  const text = message.text ?? message.caption;
  if (text === undefined) return Promise.resolve(false);
  return conversation.external((outer: BotContext) => removeIfLapsedSecret(outer, text));
}

function forgetSecretPrompt(conversation: Flow): Promise<void> {
  return conversation.external((outer: BotContext) =>
    clearSecretPrompt(outer.deps.kv, outer.chatId!),
  );
}
