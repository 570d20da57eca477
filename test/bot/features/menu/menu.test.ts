import { InlineKeyboard } from "grammy";
import { describe, expect, it } from "vitest";
import { backToMenuRow } from "../../../../src/bot/features/menu/public.js";

const ctx = { t: (key: string) => key };

describe("backToMenuRow", () => {
  it("an empty keyboard gets just the menu button, no empty row", () => {
    expect(backToMenuRow(ctx).inline_keyboard).toEqual([
      [{ text: "btn-menu", callback_data: "menu" }],
    ]);
  });

  it("under other buttons the menu button gets a row of its own", () => {
    const keyboard = backToMenuRow(ctx, new InlineKeyboard().text("a", "x"));
    expect(keyboard.inline_keyboard).toEqual([
      [{ text: "a", callback_data: "x" }],
      [{ text: "btn-menu", callback_data: "menu" }],
    ]);
  });
});
