/**
 * The ONE way a screen is shown. A command (or any message) sends it as a new message; a button press
 * answers its callback query exactly once and edits the pressed message in place. When Telegram
 * refuses the edit because the message is too old or gone, the screen comes as a new message instead;
 * an edit to the very same screen is not sent (ui/unchanged.ts compares with the pressed message), and
 * should Telegram still answer "message is not modified", the screen is already right.
 *
 * Load data BEFORE calling this: when loading fails, the error boundary is then the only one that
 * answers the callback query (answering twice is an error at Telegram). A handler that must stop the
 * spinner before a slow step answers it itself and passes `answered: true`.
 */
import { GrammyError, type InlineKeyboard } from "grammy";
import type { FlowContext } from "../context.js";
import { showsAlready } from "./unchanged.js";

export interface Screen {
  text: string;
  keyboard?: InlineKeyboard;
  /**
   * Personal data (verification): sent with protect_content, so it cannot be forwarded or saved.
   * An edit cannot add that protection, so such a screen replaces only a message that already has it
   * and otherwise comes as a new message.
   */
  protect?: boolean;
}

export interface ShowOptions {
  /** A short notice shown with the callback answer. */
  toast?: string;
  /** The callback query was answered already (before a slow step). */
  answered?: boolean;
}

/** Drops empty rows (left by `.row()` after a full row or before an absent pager). */
export function tidyKeyboard(keyboard: InlineKeyboard | undefined): InlineKeyboard | undefined {
  if (!keyboard) return undefined;
  for (let i = keyboard.inline_keyboard.length - 1; i >= 0; i--)
    if (keyboard.inline_keyboard[i]!.length === 0) keyboard.inline_keyboard.splice(i, 1);
  return keyboard;
}

const NOT_MODIFIED = "message is not modified";
const CANNOT_EDIT = /message to edit not found|message can't be edited/;

/** Telegram refused an edit that changes nothing: the screen already shows what was asked. */
export function isNotModified(error: unknown): boolean {
  return error instanceof GrammyError && error.description.includes(NOT_MODIFIED);
}

/**
 * A screen as a new message, whatever the update. For flows: a conversation's `ctx` is the update that
 * entered it (often a button press), so a result shown after the user's later answer goes below it.
 */
export async function sendScreen(ctx: FlowContext, screen: Screen): Promise<void> {
  await ctx.reply(screen.text, {
    reply_markup: tidyKeyboard(screen.keyboard),
    link_preview_options: { is_disabled: true },
    ...(screen.protect ? { protect_content: true } : {}),
  });
}

export async function showScreen(ctx: FlowContext, screen: Screen, options: ShowOptions = {}): Promise<void> {
  const extra = {
    reply_markup: tidyKeyboard(screen.keyboard),
    link_preview_options: { is_disabled: true },
    ...(screen.protect ? { protect_content: true } : {}),
  };
  if (!ctx.callbackQuery) {
    await ctx.reply(screen.text, extra);
    return;
  }
  if (!options.answered) await ctx.answerCallbackQuery(options.toast ? { text: options.toast } : undefined);
  if (screen.protect && ctx.callbackQuery.message?.has_protected_content !== true) {
    await ctx.reply(screen.text, extra);
    return;
  }
  // Nothing changed (the active chip, Refresh of an unchanged order): no request at all.
  if (showsAlready(ctx, screen.text, extra.reply_markup)) return;
  try {
    await ctx.editMessageText(screen.text, extra);
  } catch (error) {
    if (isNotModified(error)) return;
    if (error instanceof GrammyError && CANNOT_EDIT.test(error.description)) {
      await ctx.reply(screen.text, extra);
      return;
    }
    throw error;
  }
}
