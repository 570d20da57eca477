import type { InlineKeyboard } from "grammy";

/** Starts a new row unless the current one is still empty (grammY's row() always adds one). */
export function startRow(keyboard: InlineKeyboard): InlineKeyboard {
  if ((keyboard.inline_keyboard.at(-1)?.length ?? 0) > 0) keyboard.row();
  return keyboard;
}
