/** /notify's switches (new orders, status changes, silent) and how the watcher honours them; the notification's buttons. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import {
  newestOrderWithStatus,
  notifierFor,
  notificationsTo,
  subscribedUser,
  TestClock,
} from "../../../notify/helpers.js";

describe("notification kinds", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  const lastNotification = (chatId: number) => h.fake.callsOf("sendMessage", chatId).at(-1)!;

  it("/notify twice shows the same state; each switch edits the screen in place", async () => {
    const user = await subscribedUser(h);
    await user.send("/notify");
    const first = user.lastText();
    await user.send("/notify");
    expect(user.lastText()).toBe(first);
    expect(first).toContain("✅ New orders");
    expect(first).toContain("✅ Status changes");
    expect(first).toContain("Delivered with sound");
    const screen = user.lastBotMessage();
    await user.press("✅ New orders");
    expect(user.lastBotMessage().messageId).toBe(screen.messageId);
    expect(user.lastText()).toContain("⬜ New orders");
    await user.press("⬜ Silent delivery");
    expect(user.lastText()).toContain("Delivered silently");
    const stored = await h.app.deps.settings.get(user.chatId);
    expect(stored).toMatchObject({ notify: true, notifyNew: false, notifyQuiet: true });
    // Both kinds off switches notifications off altogether.
    await user.press("✅ Status changes");
    expect(user.lastText()).toContain("Status: off");
    expect((await h.app.deps.settings.get(user.chatId)).notify).toBeUndefined();
  });

  it("Turn off then Turn on keeps New orders unticked (and the watcher honours it)", async () => {
    const user = await subscribedUser(h);
    await user.send("/notify");
    await user.press("✅ New orders");
    await user.press("🔕 Turn off");
    expect(user.lastText()).toContain("Status: off");
    await user.press("🔔 Turn on");
    expect(user.lastText()).toContain("⬜ New orders");
    expect(user.lastText()).toContain("✅ Status changes");
    expect(await h.app.deps.settings.get(user.chatId)).toMatchObject({
      notify: true,
      notifyNew: false,
    });
  });

  it("a chat switched on before the kinds existed keeps both", async () => {
    const user = await h.linkedUser("main");
    await h.app.deps.settings.update(user.chatId, { notify: true });
    await user.send("/notify");
    expect(user.lastText()).toContain("✅ New orders");
    expect(user.lastText()).toContain("✅ Status changes");
  });

  it("the watcher: no new-order message when that kind is off; silent when quiet; Pay and card buttons work", async () => {
    const user = await subscribedUser(h);
    await user.send("/notify");
    await user.press("✅ New orders");
    await user.press("⬜ Silent delivery");
    const clock = new TestClock();
    const watcher = notifierFor(h, { now: clock.now });
    await watcher.runOnce(); // baseline

    h.sandbox.addOrder("main", { status: 0 });
    clock.advance(900_001);
    await watcher.runOnce();
    expect(notificationsTo([h], user.chatId)).toEqual([]);

    const order = newestOrderWithStatus(h, "main", [0]);
    h.sandbox.setOrderStatus("main", order.id, 1);
    clock.advance(900_001);
    await watcher.runOnce();
    const sent = notificationsTo([h], user.chatId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`🔔 #${order.id} `);
    const call = lastNotification(user.chatId);
    expect(call.payload.disable_notification).toBe(true);
    // A copy: the fake edits its stored messages in place.
    const message = structuredClone(user.lastBotMessage());
    expect(message.replyMarkup?.inline_keyboard?.flat().map((b) => b.text)).toEqual([
      "📄 Open order",
    ]);
    // One line, the card on demand: "Open order" shows the card /orders shows, below the line, which
    // stays as it was (its text and its buttons).
    expect(sent[0]).toMatch(new RegExp(`^🔔 #${order.id} .* → .*: now paid$`));
    expect(sent[0]!.split("\n")).toHaveLength(1);
    await user.press("📄 Open order");
    const card = user.lastBotMessage();
    expect(card.text).toContain(`#${order.id}`);
    expect(card.text).toContain("You send");
    expect(card.messageId).toBeGreaterThan(message.messageId);
    expect(h.fake.message(user.chatId, message.messageId)).toEqual(message);
    // Back on the card turns the card (not the notice) into the list.
    await user.press("◀ Back", card.messageId);
    expect(h.fake.message(user.chatId, card.messageId)!.text).toContain("Your orders");
    expect(h.fake.message(user.chatId, message.messageId)).toEqual(message);
  });

  it("a notification about an order awaiting payment carries Pay, which opens the payment", async () => {
    const user = await subscribedUser(h);
    const clock = new TestClock();
    const watcher = notifierFor(h, { now: clock.now });
    await watcher.runOnce();
    const added = h.sandbox.addOrder("main", { status: 0 });
    clock.advance(900_001);
    await watcher.runOnce();
    expect(notificationsTo([h], user.chatId)[0]).toContain(`New order #${String(added.id)}`);
    expect(lastNotification(user.chatId).payload.disable_notification).toBeUndefined();
    const buttons = user
      .lastBotMessage()
      .replyMarkup?.inline_keyboard?.flat()
      .map((b) => b.text);
    expect(buttons).toEqual(["💳 Pay", "📄 Open order"]);
    const notice = structuredClone(user.lastBotMessage());
    await user.press("💳 Pay");
    expect(user.lastText()).not.toContain("expired");
    expect(user.lastText()).toContain(`Pay order #${String(added.id)}`);
    // The pay card comes below the notice, which stays as it was; its Cancel edits the card.
    const card = user.lastBotMessage();
    expect(card.messageId).toBeGreaterThan(notice.messageId);
    expect(h.fake.message(user.chatId, notice.messageId)).toEqual(notice);
    await user.press("✖ Cancel", card.messageId);
    expect(h.fake.message(user.chatId, card.messageId)!.text).toContain("Payment cancelled");
    expect(h.fake.message(user.chatId, notice.messageId)).toEqual(notice);
  });

  it("a notification of an order awaiting payment is one line; its Open order brings the card with where to pay, copyable, and the QR code", async () => {
    const ETH = "0x52908400098527886E0F7030069857D2E4169EE7";
    const user = await subscribedUser(h);
    const clock = new TestClock();
    const watcher = notifierFor(h, { now: clock.now });
    await watcher.runOnce();
    const added = h.sandbox.addOrder("main", { status: 0 });
    Object.assign(added, { payment: { address: ETH } });
    clock.advance(900_001);
    await watcher.runOnce();
    const notice = user.lastBotMessage();
    expect(notice.text.split("\n")).toHaveLength(1);
    const buttons = (notice.replyMarkup?.inline_keyboard ?? []).flat();
    expect(buttons.map((b) => b.text)).toEqual(["💳 Pay", "📄 Open order"]);
    await user.press("📄 Open order");
    // The card below the notice (its QR code follows it).
    const card = user
      .visible()
      .filter((m) => m.from === "bot" && !m.photo)
      .at(-1)!;
    expect(card.messageId).toBeGreaterThan(notice.messageId);
    expect(h.fake.message(user.chatId, notice.messageId)!.edits).toBe(0);
    expect(card.text).toContain(ETH);
    const copy = (card.replyMarkup?.inline_keyboard ?? [])
      .flat()
      .find((b) => b.text === "📋 Address");
    expect(copy?.copy_text?.text).toBe(ETH);
    expect(h.fake.callsOf("sendPhoto", user.chatId)).toHaveLength(1);
  });

  it("ru and uk: the switches and the buttons are localized", async () => {
    for (const lang of ["ru", "uk"]) {
      const user = await subscribedUser(h, "main", lang);
      await user.send("/notify");
      expect(user.lastText()).not.toMatch(/New orders|Status changes|Delivered/);
    }
  });
});
