/**
 * The live-prompt record travels with the flow's state (core/flow-messages.ts): one read with the
 * update, one write with the state. What the user sees stays the same when a flow's updates are handled
 * by different bot instances on one Redis (behind a load balancer) and across a redeploy: each answered
 * prompt loses its buttons once, the flow's end takes the buttons of the last one, nothing is edited
 * twice (the Telegram fake fails the test on "message is not modified" or a second delete), and how the
 * flow ended is kept for its old prompts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../../src/app.js";
import { stalePrompt } from "../../../src/bot/core/flow-messages.js";
import { Harness } from "../../harness/harness.js";
import { SimUser } from "../../harness/user.js";

describe("the live-prompt record across instances and a restart", () => {
  let h: Harness;
  let other: App;
  beforeAll(async () => {
    h = await Harness.start();
  });
  afterAll(async () => {
    await other?.close();
    await h.close();
  });

  const buttonsOf = (user: SimUser, messageId: number) =>
    (h.fake.message(user.chatId, messageId)?.replyMarkup?.inline_keyboard ?? []).flat();
  /** Each message whose keyboard the bot took away, as often as it did. */
  const dropped = (user: SimUser) =>
    h.fake
      .callsOf("editMessageReplyMarkup", user.chatId)
      .map((c) => Number(c.payload.message_id))
      .sort((a, b) => a - b);

  it("a flow answered on two instances in turn, then after a redeploy: one live prompt, buttons dropped once", async () => {
    const user = await h.linkedUser();
    // A second instance on the same Redis and the same chat (the first one keeps running).
    other = await h.restartAfterCrash();
    const viaOther = new SimUser(h.fake, (u) => other.bot.handleUpdate(u), { id: user.id });

    await user.send("/details");
    await viaOther.press("➕ Add");
    const picker = user.lastBotMessage().messageId;
    expect(buttonsOf(user, picker).length).toBeGreaterThan(1);

    // Typing narrows the list: the old picker is deleted (not closed), the new one is the live prompt.
    await user.send("tether");
    const narrowed = user.lastBotMessage().messageId;
    expect(h.fake.message(user.chatId, picker)!.deleted).toBe(true);

    // The other instance takes the press on the new picker: it knows it as the flow's live prompt.
    await viaOther.press("Tether TRC20");
    expect(h.fake.message(user.chatId, narrowed)!.text).toMatch(/Currency: Tether TRC20/);
    expect(buttonsOf(user, narrowed)).toEqual([]);
    const valuePrompt = user.lastBotMessage().messageId;
    expect(user.lastText()).toMatch(/Send the Tether TRC20 detail/);

    // A refused answer on this instance: the value prompt is retired, a re-prompt is live.
    await user.send("    ");
    const reprompt = user.lastBotMessage().messageId;
    expect(user.lastText()).toMatch(/The detail is empty/);
    expect(buttonsOf(user, valuePrompt)).toEqual([]);
    expect(buttonsOf(user, reprompt).map((b) => b.text)).toEqual(["✖ Cancel"]);

    // A redeploy: the record comes back with the flow's state.
    await h.restart();
    await viaOther.send("TN3W4H\tbad");
    const last = user.lastBotMessage().messageId;
    expect(user.lastText()).toMatch(/single line/);
    expect(buttonsOf(user, reprompt)).toEqual([]);

    // /cancel on the other instance: the live prompt loses its Cancel; every prompt lost its buttons once.
    await viaOther.send("/cancel");
    expect(user.lastText()).toMatch(/Cancelled/);
    expect(buttonsOf(user, last)).toEqual([]);
    expect(dropped(user)).toEqual([valuePrompt, reprompt, last]);

    // How the flow ended is kept for its prompts: a late press on one says "cancelled" (flow-exit.ts).
    for (const prompt of [valuePrompt, reprompt, last])
      expect(await stalePrompt(h.storage.kv, user.chatId, prompt)).toBe("cancelled");
  });

  it("a form's typed input is known to the next instance: leaving asks first, staying keeps the form", async () => {
    h.sandbox.state.accounts.main!.verification!.status = "rejected"; // may be sent again
    const user = await h.linkedUser();
    const viaOther = new SimUser(h.fake, (u) => other.bot.handleUpdate(u), { id: user.id });
    await user.send("/verify");
    await viaOther.press("📤 Submit verification");
    await user.press(/Bank card/);
    await viaOther.send("4111 1111 1111 1111");
    await user.send("/orders");
    expect(user.lastText()).toBe("❓ Leave the form? What you entered will be lost.");
    await viaOther.press("No, stay");
    expect(user.lastText()).toMatch(/Let us continue/);
    await user.send("/orders");
    await viaOther.press("Yes, leave");
    expect(user.transcript()).toMatch(/Form left|closed/);
    await user.send("/orders");
    expect(user.lastText()).toMatch(/order/i);
  });
});
