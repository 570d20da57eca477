/**
 * One chat's flood never delays other chats and costs the exchanger little: 600 updates of one chat
 * go through the real runner (long polling against the Telegram fake), then another chat's /account
 * must be answered within 3 s, the flood must reach the exchanger only a few dozen times, and every
 * pressed button of the flood must be answered.
 */
import { run, type RunnerHandle } from "@grammyjs/runner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHAT_BUDGET } from "../../../src/bot/core/update-gate.js";
import { Harness } from "../../harness/harness.js";

const FLOOD = 600;

describe("a flood from one chat", () => {
  let h: Harness;
  let runner: RunnerHandle | undefined;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    if (runner?.isRunning()) await runner.stop();
    await h.close();
  });

  it("leaves another chat answered within 3 s, costs a few dozen exchanger calls, answers every press", async () => {
    const flooder = await h.linkedUser("main");
    const other = await h.linkedUser("twofa");
    await flooder.send("/orders");
    // Any button of the orders screen (each press re-reads orders from the exchanger).
    const ordersScreen = flooder.lastBotMessage();
    const screen = ordersScreen.messageId;
    const pressData = ordersScreen.replyMarkup!.inline_keyboard![0]![0]!.callback_data!;
    const floodStart = h.sandbox.requests.length;

    // Half commands, half presses of the same button, as a script or a stuck key would send them.
    const presses: string[] = [];
    for (let i = 0; i < FLOOD; i++) {
      if (i % 2 === 0) h.fake.pushUpdate(flooder.textUpdate(i % 4 === 0 ? "/account" : "/orders"));
      else {
        const { update, queryId } = flooder.callbackUpdate(pressData, screen);
        presses.push(queryId);
        h.fake.pushUpdate(update);
      }
    }
    runner = run(h.app.bot, { runner: { fetch: { timeout: 1 } } });

    const cardsBefore = h.fake.callsOf("sendMessage", other.chatId).length;
    const answered = () =>
      h.fake
        .callsOf("sendMessage", other.chatId)
        .slice(cardsBefore)
        .some((c) => String(c.payload.text).includes("Balance"));
    const sentAt = Date.now();
    h.fake.pushUpdate(other.textUpdate("/account"));
    while (!answered() && Date.now() - sentAt < 20_000) await new Promise((r) => setTimeout(r, 10));
    const latencyMs = Date.now() - sentAt;
    console.log(`other chat answered after ${latencyMs} ms during a ${FLOOD}-update flood`);
    expect(answered()).toBe(true);
    expect(latencyMs).toBeLessThan(3000);

    // Let the flood drain, then count what it cost.
    const deadline = Date.now() + 30_000;
    while (presses.some((id) => !h.fake.wasAnswered(id)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(presses.filter((id) => !h.fake.wasAnswered(id))).toEqual([]);
    const floodCalls = h.sandbox.requests
      .slice(floodStart)
      .filter((r) => r.account === "main").length;
    console.log(`the flood made ${floodCalls} exchanger calls`);
    expect(floodCalls).toBeLessThanOrEqual(2 * CHAT_BUDGET.points);
    // Told to slow down once, not once per dropped update.
    const notices = flooder
      .visible()
      .filter(
        (m) =>
          m.from === "bot" &&
          /faster than I can handle|Too many requests from this chat/.test(m.text),
      );
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices.length).toBeLessThanOrEqual(2);
  }, 60_000);

  it("still deletes a key pasted into a chat whose backlog is full, without reading the store", async () => {
    const flooder = await h.linkedUser("main");
    for (let i = 0; i < 40; i++) h.fake.pushUpdate(flooder.textUpdate("/orders"));
    const key = flooder.textUpdate(h.sandbox.accounts.twofa.apiKey);
    h.fake.pushUpdate(key);
    runner = run(h.app.bot, { runner: { fetch: { timeout: 1 } } });
    const deleted = () =>
      h.fake
        .callsOf("deleteMessage", flooder.chatId)
        .some((c) => c.payload.message_id === key.message!.message_id);
    const deadline = Date.now() + 20_000;
    while (!deleted() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(deleted()).toBe(true);
    expect(flooder.visible().some((m) => m.text.includes(h.sandbox.accounts.twofa.apiKey))).toBe(
      false,
    );
  }, 30_000);
});
