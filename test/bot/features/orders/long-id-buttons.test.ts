/**
 * An order whose id does not fit in a button's callback data (a 40-digit id, as some exchangers
 * send) still gets every button: its card in /orders, Pay, and the notification's card and Pay.
 * Each carries a short reference (core/order-refs.ts), resolved when pressed; one the chat does not
 * know answers "this button has expired". Through the real bot, the sandbox and Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiCall } from "../../../harness/telegram-fake.js";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";
import { notifierFor, subscribedUser, TestClock } from "../../../notify/helpers.js";

const LONG = "9876543210987654321098765432109876543210"; // 40 digits
const IDLE_MS = 900_000;

const toast = (calls: ApiCall[]) =>
  String(calls.find((c) => c.method === "answerCallbackQuery")?.payload.text ?? "");
const dataOf = (user: SimUser, button: string) => user.findButton(button).data;

describe("buttons of an order with a 40-digit id", () => {
  let h: Harness;
  let user: SimUser;
  let notice: number;
  /** The notification's buttons, read before a press turns the message into another screen. */
  let noticePay: string;
  let noticeCard: string;

  beforeAll(async () => {
    h = await Harness.start();
    user = await subscribedUser(h);
    const clock = new TestClock();
    const watcher = notifierFor(h, { now: clock.now });
    await watcher.runOnce(); // the baseline: nothing announced
    h.sandbox.addOrder("main", { id: LONG, send_amount: "10.00", status: 0 });
    clock.advance(IDLE_MS + 1);
    await watcher.runOnce();
    notice = user.lastBotMessage().messageId;
    noticePay = dataOf(user, "💳 Pay");
    noticeCard = dataOf(user, "📄 Open order");
  });
  afterAll(async () => {
    await h.close();
  });

  it("the notification carries Pay and the card, each within 64 bytes and without the id", () => {
    expect(user.lastText()).toContain(`New order #${LONG}`);
    for (const data of [noticePay, noticeCard]) {
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      expect(data).not.toContain(LONG);
    }
  });

  it("the notification's card button opens the order's card, whose Pay pays it", async () => {
    await user.press("📄 Open order", notice);
    expect(user.lastText()).toContain(`Order #${LONG}`);
    await user.press("🔄 Refresh");
    expect(user.lastText()).toContain(`Order #${LONG}`);
    await user.press("💳 Pay from balance");
    expect(user.lastText()).toMatch(/Pay/);
    await user.press("✅ Pay");
    expect(user.lastText()).toContain(`Order #${LONG} is paid from your balance`);
    const spent = h.exchangerCalls("/user-api-spend-balance");
    expect(spent).toHaveLength(1);
    const order = h.sandbox.state.accounts.main!.orders.find((o) => String(o.id) === LONG)!;
    expect(spent[0]!.fields.token).toBe(order.token);
  });

  it("/orders lists it with a button that opens its card", async () => {
    await user.send("/orders");
    // The label keeps the number's end (what tells orders apart); the data carries the reference.
    const button = user.findButton(/^💸 #…543210$/);
    expect(button.data).not.toContain(LONG);
    await user.pressData(button.data, button.message.messageId);
    expect(user.lastText()).toContain(`Order #${LONG}`);
  });

  it("the notification's Pay button opens the pay card of that order", async () => {
    await user.pressData(noticePay, notice);
    // Paid above: the pay card (below the notification, which stays) says so and offers a status check.
    const card = user.lastBotMessage().messageId;
    expect(card).toBeGreaterThan(notice);
    expect(h.fake.message(user.chatId, notice)!.text).toContain(`New order #${LONG}`);
    const shown = () => h.fake.message(user.chatId, card)!.text;
    expect(shown()).toContain(`Pay order #${LONG}`);
    expect(shown()).toContain("cannot be paid");
    await user.press("🔄 Check order status", card);
    expect(shown()).toContain("Status checked just now");
  });

  it("a reference this chat does not know answers 'this button has expired'", async () => {
    const forged = noticeCard.replace(/~[\w-]{11}/, "~AAAAAAAAAAA");
    expect(forged).not.toBe(noticeCard);
    const before = h.exchangerCalls("/user-api-get-orders").length;
    expect(toast(await user.pressData(forged, notice))).toBe("This button has expired.");
    const pay = noticePay.replace(/~[\w-]{11}/, "~AAAAAAAAAAA");
    expect(toast(await user.pressData(pay, notice))).toBe("This button has expired.");
    expect(h.exchangerCalls("/user-api-get-orders").length).toBe(before);
  });
});
