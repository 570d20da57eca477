/**
 * One chat's flood never delays other chats and costs the exchanger little: 600 updates of one chat
 * go through the real runner (long polling against the Telegram fake). While the flooding chat's
 * admitted work is held in the middle of an update (its screen edit not answered yet), another chat's
 * /account must still be answered; once released, the flood must have reached the exchanger only a
 * few dozen times, and every pressed button of the flood must be answered. Order of events and
 * counts, no timings.
 */
import { run, type RunnerHandle } from "@grammyjs/runner";
import { afterEach, describe, expect, it } from "vitest";
import { CHAT_BUDGET } from "../../../src/bot/core/update-gate.js";
import { harnessPerTest } from "../../harness/per-test.js";
import { until } from "../../faults/own-sentinel.js";

const FLOOD = 600;

describe("a flood from one chat", () => {
  const harness = harnessPerTest();
  let runner: RunnerHandle | undefined;
  afterEach(async () => {
    // Registered after the harness: runs before it is closed.
    if (runner?.isRunning()) await runner.stop();
    runner = undefined;
  });

  it("leaves another chat answered while the flood is held, costs a few dozen exchanger calls, answers every press", async () => {
    const h = harness();
    const flooder = await h.linkedUser("main");
    const other = await h.linkedUser("twofa");
    await flooder.send("/orders");
    // Any button of the orders screen (each press re-reads orders from the exchanger and edits it).
    const ordersScreen = flooder.lastBotMessage();
    const screen = ordersScreen.messageId;
    const pressData = ordersScreen.replyMarkup!.inline_keyboard![0]![0]!.callback_data!;
    const floodStart = h.sandbox.requests.length;
    const editsBefore = h.fake.message(flooder.chatId, screen)!.edits;

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
    // The flooding chat's first admitted press stops at its edit until released: its chat cannot
    // finish an update meanwhile, so whatever the other chat gets, it gets while the flood is pending.
    const release = h.fake.hold("editMessageText");
    runner = run(h.app.bot, { runner: { fetch: { timeout: 1 } } });
    const floodHeld = () => h.fake.callsOf("editMessageText", flooder.chatId).length > 0;
    await until("the flood's first press to reach its edit", async () => floodHeld());

    const cardsBefore = h.fake.callsOf("sendMessage", other.chatId).length;
    const answered = () =>
      h.fake
        .callsOf("sendMessage", other.chatId)
        .slice(cardsBefore)
        .some((c) => String(c.payload.text).includes("Balance"));
    h.fake.pushUpdate(other.textUpdate("/account"));
    await until("the other chat's /account to be answered", async () => answered());
    // Still held: the flooding chat's screen is unchanged, its edit not yet answered.
    expect(h.fake.callsOf("editMessageText", flooder.chatId)).toHaveLength(1);
    expect(h.fake.message(flooder.chatId, screen)!.edits).toBe(editsBefore);

    // Let the flood drain, then count what it cost.
    release();
    await until("every press of the flood to be answered", async () =>
      presses.every((id) => h.fake.wasAnswered(id)),
    );
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
    const h = harness();
    const flooder = await h.linkedUser("main");
    for (let i = 0; i < 40; i++) h.fake.pushUpdate(flooder.textUpdate("/orders"));
    const key = flooder.textUpdate(h.sandbox.accounts.twofa.apiKey);
    h.fake.pushUpdate(key);
    runner = run(h.app.bot, { runner: { fetch: { timeout: 1 } } });
    const deleted = () =>
      h.fake
        .callsOf("deleteMessage", flooder.chatId)
        .some((c) => c.payload.message_id === key.message!.message_id);
    await until("the pasted key to be deleted", async () => deleted());
    expect(flooder.visible().some((m) => m.text.includes(h.sandbox.accounts.twofa.apiKey))).toBe(
      false,
    );
  }, 30_000);
});
