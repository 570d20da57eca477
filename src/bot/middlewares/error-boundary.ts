/**
 * The error boundary: the one place where failures become messages for the user.
 *
 * - NotLinked      → how to link; for a button (a screen shown before /logout) a toast, and that
 *                    message's buttons taken away: no new message per press
 * - Unauthorized   → the key was revoked or changed (401/403, or an error envelope confirmed by
 *                    exchanger/key-check.ts): it is dropped, notifications stop, link again
 * - Unavailable    → the exchanger is not answering, try later
 * - ExchangerError → the server's own message (escaped), or a generic one when it sent none
 * - CodesLocked    → too many wrong 2FA codes on the account: wait N minutes
 * - anything else  → logged with the update id, a short apology
 * Logs carry the update id and error class, never the key or what the user typed.
 */
import type { InlineKeyboard, NextFunction } from "grammy";
import { isRefusal } from "../../telegram/refusals.js";
import { ExchangerError, Unauthorized, Unavailable, Unreadable } from "../../exchanger/index.js";
import type { FlowContext } from "../context.js";
import { CodesLocked } from "../core/code-attempts.js";
import { secretNotice } from "../core/secret-prompt.js";
import { reportFailureAfterSpend } from "../core/after-spend.js";
import { describeError, NotLinked } from "../core/errors.js";
import { tellAccount } from "../core/account-events.js";
import { supportRow, websiteRow } from "../ui/branding.js";
import { dropButtons } from "../ui/screen.js";
import { loggedError, loggedStack } from "../../log-error.js";

/**
 * Side effects of an error beyond telling the user: a rejected key is forgotten and the chat leaves
 * the watcher's schedule at once (it could only poll with the dead key); the account's other chats
 * are told (its account is read from the index before the chat is unbound from it).
 */
export async function handleErrorEffects(ctx: FlowContext, error: unknown): Promise<void> {
  if (error instanceof Unauthorized && ctx.chatId !== undefined) {
    const accountId = await ctx.deps.accountChats.unbind(ctx.chatId);
    await ctx.deps.vault.unlink(ctx.chatId);
    await ctx.deps.notifications.disable(ctx.chatId);
    // This chat reads it on its screen; the account's other chats hear it from the security feed.
    if (accountId !== undefined) await tellAccount(ctx, "key-stopped", accountId);
  }
}

export function logError(ctx: FlowContext, error: unknown): void {
  const expected =
    error instanceof NotLinked ||
    error instanceof CodesLocked ||
    error instanceof ExchangerError ||
    error instanceof Unauthorized ||
    error instanceof Unavailable ||
    error instanceof Unreadable;
  const entry = {
    err: loggedError(error),
  };
  if (expected) ctx.logger.info(entry, "request failed");
  else ctx.logger.error({ ...entry, stack: loggedStack(error) }, "unhandled error");
}

/**
 * A button of a screen shown while the chat was linked, pressed after /logout (or after a revoked key
 * was dropped): the toast says so and that message's buttons go, so the next press cannot repeat it.
 */
async function answerUnlinkedPress(ctx: FlowContext): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t("error-not-linked-press") }).catch(() => undefined);
  const message = ctx.callbackQuery?.message;
  const hasButtons = (message?.reply_markup?.inline_keyboard ?? []).length > 0;
  if (message !== undefined && hasButtons && ctx.chatId !== undefined)
    await dropButtons(ctx.api, ctx.chatId, message.message_id);
}

/** Tells the user about an error on the screen they are looking at. */
export async function reportError(ctx: FlowContext, error: unknown): Promise<void> {
  // After a spend left, the exchanger's answer decides what the user reads: never "try again".
  if (await reportFailureAfterSpend(ctx, error)) return;
  logError(ctx, error);
  if (error instanceof NotLinked && ctx.callbackQuery !== undefined && !ctx.secretRemoved)
    return answerUnlinkedPress(ctx);
  await handleErrorEffects(ctx, error).catch((e: unknown) =>
    ctx.logger.warn({ err: String(e) }, "error side effect failed"),
  );
  // A message deleted on arrival (it may have held a secret) is mentioned too: it has to be sent again.
  // Not for an answer to a secret prompt: the flow that asked for it failed, it did not lapse.
  const notice = ctx.secretRemoved?.reason === "prompt" ? undefined : secretNotice(ctx);
  const text =
    notice === undefined ? describeError(ctx, error) : `${notice}\n\n${describeError(ctx, error)}`;
  try {
    // The spinner stops with an empty answer: the explanation goes in a message, where it can be read.
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
    await ctx.reply(text, { reply_markup: await supportButton(ctx, error) });
  } catch (replyError) {
    ctx.logger.warn({ err: String(replyError) }, "could not report an error to the user");
  }
}

/**
 * "Support" under the message, except where the user can fix it alone (not linked yet), and the
 * website where only the website can show what the bot cannot read. Never fails the report.
 */
async function supportButton(
  ctx: FlowContext,
  error: unknown,
): Promise<InlineKeyboard | undefined> {
  if (error instanceof NotLinked) return undefined;
  const start = error instanceof Unreadable ? websiteRow(ctx) : undefined;
  const keyboard = await supportRow(ctx, start).catch(() => start);
  return keyboard === undefined || keyboard.inline_keyboard.flat().length === 0
    ? undefined
    : keyboard;
}

export async function errorBoundary(ctx: FlowContext, next: NextFunction): Promise<void> {
  try {
    await next();
  } catch (error) {
    // "message is not modified" means the screen already shows this: nothing to tell.
    if (isRefusal(error, "not-modified")) {
      if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
      return;
    }
    await reportError(ctx, error);
  }
}
