import { InlineKeyboard } from "grammy";
import { describe, expect, it } from "vitest";
import { backToMenuRow } from "../../../../src/bot/features/menu/public.js";
import { Harness } from "../../../harness/harness.js";

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

describe("the main menu keyboard, end to end", () => {
  it("/start and Account linked carry no empty keyboard row", async () => {
    const h = await Harness.start();
    try {
      const user = h.user();
      await user.send(h.sandbox.accounts.main.apiKey);
      const linked = user.lastBotMessage().replyMarkup?.inline_keyboard ?? [];
      expect(linked.length).toBeGreaterThan(1);
      expect(linked.filter((row) => row.length === 0)).toEqual([]);
      await user.send("/start");
      const menu = user.lastBotMessage().replyMarkup?.inline_keyboard ?? [];
      expect(menu.length).toBeGreaterThan(1);
      expect(menu.filter((row) => row.length === 0)).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
