/**
 * Shows a screen the way every browsing screen should: a command sends a new message, a button press
 * answers its callback query exactly once and edits the pressed message in place.
 *
 * Data is loaded BEFORE calling this, so when loading fails the error boundary is the only one that
 * answers the callback query (answering twice is an error at Telegram).
 */
import { GrammyError, type InlineKeyboard } from "grammy";
import type { FlowContext } from "../context.js";

export interface Screen {
  text: string;
  keyboard?: InlineKeyboard;
}

/** Drops empty rows (left by `.row()` after a full row or before an absent pager). */
export function tidyKeyboard(keyboard: InlineKeyboard | undefined): InlineKeyboard | undefined {
  if (!keyboard) return undefined;
  for (let i = keyboard.inline_keyboard.length - 1; i >= 0; i--) if (keyboard.inline_keyboard[i]!.length === 0) keyboard.inline_keyboard.splice(i, 1);
  return keyboard;
}

export async function showScreen(ctx: FlowContext, screen: Screen, options: { toast?: string } = {}): Promise<void> {
  const extra = { parse_mode: "HTML" as const, reply_markup: tidyKeyboard(screen.keyboard), link_preview_options: { is_disabled: true } };
  if (!ctx.callbackQuery) {
    await ctx.reply(screen.text, extra);
    return;
  }
  await ctx.answerCallbackQuery(options.toast ? { text: options.toast } : undefined);
  try {
    await ctx.editMessageText(screen.text, extra);
  } catch (error) {
    // Refresh on an unchanged screen: Telegram refuses the identical edit; the screen is already right.
    if (error instanceof GrammyError && error.description.includes("message is not modified")) return;
    // A message too old (or gone) to edit: show the screen as a new message instead.
    if (error instanceof GrammyError && /message to edit not found|message can't be edited/.test(error.description)) {
      await ctx.reply(screen.text, extra);
      return;
    }
    throw error;
  }
}
