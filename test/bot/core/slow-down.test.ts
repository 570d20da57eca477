/**
 * Brisk paging at the default per-chat budget: a press past the budget hears it in its toast (with
 * the wait) and nothing more — a toast OR a message, never both; a typed message past it gets the
 * message, once per window.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../harness/harness.js";
import { CHAT_BUDGET } from "../../../src/bot/core/update-gate.js";

const NOTICE = /faster than I can handle|Too many requests from this chat/;

describe("slowing a brisk chat down", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("presses past the budget: a toast each, no message; a typed command past it: one message", async () => {
    const user = await h.linkedUser("main");
    await user.send("/orders");
    const screen = user.lastBotMessage().messageId;
    const next = user.findButton("▶").data;
    const toasts: string[] = [];
    for (let i = 0; i < CHAT_BUDGET.points + 5; i++) {
      const calls = await user.pressData(next, screen);
      const answer = calls.find((c) => c.method === "answerCallbackQuery")!;
      if (answer.payload.text !== undefined) toasts.push(String(answer.payload.text));
    }
    expect(toasts.filter((t) => /Too many requests from this chat/.test(t)).length).toBeGreaterThan(
      0,
    );
    expect(user.visible().filter((m) => m.from === "bot" && NOTICE.test(m.text))).toEqual([]);

    await user.send("/account");
    await user.send("/account");
    expect(user.visible().filter((m) => m.from === "bot" && NOTICE.test(m.text))).toHaveLength(1);
  });

  it("paging through a long history at reading pace passes: 30 turns ▶/◀ in a minute, with the screens around them", async () => {
    const user = await h.linkedUser("main");
    await user.send("/menu");
    await user.send("/orders");
    const screen = user.lastBotMessage().messageId;
    const toasts: string[] = [];
    for (let i = 0; i < 30; i++) {
      const arrow = i % 4 < 2 ? "▶" : "◀"; // forward two pages, back two, as a reader looks for one
      const calls = await user.pressData(user.findButton(arrow).data, screen);
      const answer = calls.find((c) => c.method === "answerCallbackQuery");
      if (answer?.payload.text !== undefined) toasts.push(String(answer.payload.text));
    }
    await user.send("/account");
    expect(toasts.filter((t) => NOTICE.test(t))).toEqual([]);
    expect(user.visible().filter((m) => m.from === "bot" && NOTICE.test(m.text))).toEqual([]);
    expect(user.lastText()).not.toMatch(NOTICE);
  });
});
