/** /notify, the notifications screen, the account card button and the offer after linking. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import { SCHEDULE_KEY } from "../../../../src/notify/schedule.js";
import { newestOrderWithStatus, notifierFor, TestClock } from "../../../notify/helpers.js";

describe("notifications switch", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  const scheduled = async (chatId: number) =>
    (await h.storage.kv.zscore(SCHEDULE_KEY, String(chatId))) !== undefined;

  it("/notify shows the state (twice the same); Turn on and Turn off switch it and say so", async () => {
    const user = await h.linkedUser("main");
    await user.send("/notify");
    expect(user.lastText()).toContain("Order notifications");
    expect(user.lastText()).toContain("Status: off");
    await user.send("/notify");
    expect(user.lastText()).toContain("Status: off");
    expect(await scheduled(user.chatId)).toBe(false);
    await user.press("🔔 Turn on");
    expect(user.lastText()).toContain("Status: on");
    expect((await h.app.deps.settings.get(user.chatId)).notify).toBe(true);
    expect(await scheduled(user.chatId)).toBe(true);
    // Switching on costs no exchanger call: the watcher takes the baseline.
    expect(h.exchangerCalls("/user-api-get-orders")).toHaveLength(0);

    await user.send("/notify");
    expect(user.lastText()).toContain("Status: on");
    expect((await h.app.deps.settings.get(user.chatId)).notify).toBe(true);
    await user.press("🔕 Turn off");
    expect(user.lastText()).toContain("Status: off");
    expect((await h.app.deps.settings.get(user.chatId)).notify).toBeUndefined();
    expect(await scheduled(user.chatId)).toBe(false);
  });

  it("is localized, and the watcher writes in the chat's language", async () => {
    const user = await h.linkedUser("main", { languageCode: "ru" });
    await user.send("/notify");
    await user.press("🔔 Включить");
    expect(user.lastText()).toContain("Уведомления о заявках");
    expect(user.lastText()).toContain("включены");
    expect(user.findButton("🔕 Выключить").data).toBe("notify:off");

    const clock = new TestClock();
    const watcher = notifierFor(h, { now: clock.now });
    await watcher.runOnce();
    const order = newestOrderWithStatus(h, "main", [0]);
    h.sandbox.setOrderStatus("main", order.id, 1);
    clock.advance(900_001);
    await watcher.runOnce();
    expect(user.lastText()).toMatch(new RegExp(`^🔔 №${order.id} .* → .*: теперь оплачена$`));
    expect(user.findButton("📄 Открыть заявку")).toBeDefined();
    for (const poll of h.exchangerCalls("/user-api-get-orders"))
      expect(poll.fields.language).toBe("ru");

    const uk = await h.linkedUser("main", { languageCode: "uk" });
    await uk.send("/notify");
    await uk.press("🔔 Увімкнути");
    expect(uk.lastText()).toContain("Сповіщення про заявки");
    expect(uk.lastText()).toContain("увімкнено");
    await watcher.runOnce(); // the uk chat's baseline
    h.sandbox.setOrderStatus("main", order.id, 4);
    clock.advance(3_600_001);
    await watcher.runOnce();
    // One line in the chat's language; "Open order" opens the card /orders opens, below it.
    expect(uk.lastText()).toMatch(new RegExp(`^🔔 №${order.id} .* → .*: тепер виконана$`));
    const notice = uk.lastBotMessage().messageId;
    await uk.press("📄 Відкрити заявку");
    expect(uk.lastBotMessage().messageId).toBeGreaterThan(notice);
    expect(uk.lastText()).toContain(`№${order.id}`);
    expect(uk.lastText().split("\n").length).toBeGreaterThan(5);
  });

  it("the screen's buttons switch in place; a second press on an old screen changes nothing", async () => {
    const user = await h.linkedUser("main");
    await user.send("/notify");
    await user.press("🔔 Turn on");
    const screen = user.lastBotMessage();
    await user.press("🔕 Turn off");
    expect(user.lastBotMessage().messageId).toBe(screen.messageId);
    expect(user.lastText()).toContain("Status: off");
    expect(await scheduled(user.chatId)).toBe(false);

    const botMessages = user.visible().filter((m) => m.from === "bot").length;
    const calls = await user.pressData("notify:off", screen.messageId); // stale: already off
    expect(calls.find((c) => c.method === "answerCallbackQuery")!.payload.text).toBe(
      "🔕 Notifications are off",
    );
    expect(user.lastText()).toContain("Status: off");
    expect(user.visible().filter((m) => m.from === "bot").length).toBe(botMessages);
    expect(await scheduled(user.chatId)).toBe(false);

    await user.press("🔔 Turn on");
    expect(user.lastText()).toContain("Status: on");
    expect(await scheduled(user.chatId)).toBe(true);
  });

  it("the account card shows the state and leads to the screen", async () => {
    const user = await h.linkedUser("main");
    await user.send("/account");
    const card = user.lastBotMessage();
    await user.press("🔕 Notifications: off");
    expect(user.lastBotMessage().messageId).toBe(card.messageId);
    expect(user.lastText()).toContain("Order notifications");
    await user.press("🔔 Turn on");
    await user.press("👤 Account");
    expect(user.lastBotMessage().messageId).toBe(card.messageId);
    expect(user.findButton("🔔 Notifications: on").data).toBe("notify:show");
  });

  it("offers notifications once right after linking", async () => {
    const user = h.user();
    await user.send(h.sandbox.accounts.main.apiKey);
    const linked = user.lastBotMessage();
    expect(linked.text).toContain("Account linked");
    await user.press("Turn on notifications");
    expect((await h.app.deps.settings.get(user.chatId)).notify).toBe(true);
    expect(await scheduled(user.chatId)).toBe(true);
    // The offer is gone, the menu and the account card stay.
    const after = h.fake.message(user.chatId, linked.messageId)!;
    expect(after.text).toBe(linked.text);
    const buttons = (after.replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.callback_data);
    expect(buttons).not.toContain("notify:offer");
    expect(buttons).toContain("acct:show");
  });

  it("an offer the user deleted before pressing it still switches on, and the notifications screen says so", async () => {
    const user = h.user();
    await user.send(h.sandbox.accounts.main.apiKey);
    const offer = user.findButton("Turn on notifications");
    h.fake.message(user.chatId, offer.message.messageId)!.deleted = true;
    // Telegram refuses the edit of the message the user deleted: that is the case under test.
    h.fake.expectErrors(/message to edit not found/);
    const calls = await user.pressData(offer.data, offer.message.messageId);
    expect((await h.app.deps.settings.get(user.chatId)).notify).toBe(true);
    expect(calls.find((c) => c.method === "answerCallbackQuery")!.payload.text).toMatch(/on/i);
    // The screen that could not be edited is replaced by the notifications screen, showing "on".
    const screen = user.lastBotMessage();
    expect(screen.messageId).not.toBe(offer.message.messageId);
    expect(screen.text).toContain("Order notifications");
    expect(user.findButton("notify:off").data).toBe("notify:off");
  });

  it("asks to link first, and stale or forged buttons expire", async () => {
    const user = h.user();
    await user.send("/notify");
    expect(user.lastText()).toMatch(/not linked yet/);
    expect(await scheduled(user.chatId)).toBe(false);

    const linked = await h.linkedUser("main");
    await linked.send("/notify");
    const calls = await linked.pressData("notify:bogus", linked.lastBotMessage().messageId);
    const answer = calls.find((c) => c.method === "answerCallbackQuery")!;
    expect(answer.payload.text).toBe("This button has expired.");
  });
});
