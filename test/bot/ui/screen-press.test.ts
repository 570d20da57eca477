/**
 * A button press: its screen never waits for the callback answer. The answer goes out beside the
 * edit (the user's spinner stops when it lands, the screen changes when the edit lands: neither
 * costs the other a round trip), keeps its toast, and a failed answer never fails the screen.
 * Ordering is asserted with a held answer, not with timings.
 */
import { describe, expect, it } from "vitest";
import { harnessPerTest } from "../../harness/per-test.js";
import type { SimUser } from "../../harness/user.js";
import { until } from "../../faults/own-sentinel.js";

/** The pager's "n / total" on the newest bot message. */
function pageShown(user: SimUser): string | undefined {
  const buttons = (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat();
  return buttons.find((b) => b.callback_data === "noop")?.text;
}

describe("a button press answers beside its screen", () => {
  const harness = harnessPerTest();

  it("the edit goes out while the callback answer is still on its way, and the handling ends with both done", async () => {
    const h = harness();
    const user = await h.linkedUser();
    await user.send("/orders");
    const screen = user.lastBotMessage();
    const { data } = user.findButton("▶");
    const { update, queryId } = user.callbackUpdate(data, screen.messageId);
    const release = h.fake.hold("answerCallbackQuery");
    const before = h.fake.calls.length;
    let handled = false;
    const handling = h.deliver(update).then(() => (handled = true));

    // The edit reached Telegram although the answer has not come back.
    await until("the edit to reach Telegram", async () =>
      h.fake.calls.slice(before).some((c) => c.method === "editMessageText"),
    );
    expect(h.fake.calls.slice(before).map((c) => c.method)).toEqual([
      "answerCallbackQuery",
      "editMessageText",
    ]);
    expect(h.fake.wasAnswered(queryId)).toBe(false);
    // The user already sees the next page.
    expect(pageShown(user)).toBe("2 / 9");
    // The update's handling still covers the answer: it is not left running after the update.
    expect(handled).toBe(false);

    release();
    await handling;
    expect(h.fake.wasAnswered(queryId)).toBe(true);
    expect(
      h.fake.callsOf("answerCallbackQuery").filter((c) => c.payload.callback_query_id === queryId),
    ).toHaveLength(1);
  });

  it("🔄 Refresh on an unchanged order card: no edit, a toast says nothing changed (en, ru, uk)", async () => {
    const h = harness();
    const order = h.sandbox.state.accounts.main!.orders.at(-1)!;
    const toasts = {
      en: "✓ Nothing has changed",
      ru: "✓ Ничего не изменилось",
      uk: "✓ Нічого не змінилося",
    };
    const refresh = { en: "🔄 Refresh", ru: "🔄 Обновить", uk: "🔄 Оновити" };
    for (const lang of ["en", "ru", "uk"] as const) {
      const user = await h.linkedUser("main", { languageCode: lang });
      await user.send(`/order ${order.id}`);
      const calls = await user.press(refresh[lang]);
      expect(calls.filter((c) => c.method.startsWith("edit"))).toEqual([]);
      expect(calls.find((c) => c.method === "answerCallbackQuery")!.payload.text).toBe(
        toasts[lang],
      );
    }
    // A change is shown, without that toast.
    const user = await h.linkedUser("main");
    await user.send(`/order ${order.id}`);
    h.sandbox.setOrderStatus("main", order.id, 3);
    const calls = await user.press("🔄 Refresh");
    expect(calls.filter((c) => c.method === "editMessageText")).toHaveLength(1);
    expect(calls.find((c) => c.method === "answerCallbackQuery")!.payload.text).toBeUndefined();
  });

  it("keeps the toast of a screen shown with one", async () => {
    const h = harness();
    const user = await h.linkedUser();
    await user.send("/notify");
    const release = h.fake.hold("answerCallbackQuery");
    const { data, message } = user.findButton("🔔 Turn on");
    const { update } = user.callbackUpdate(data, message.messageId);
    const handling = h.deliver(update);
    await until("the screen to show the new state", async () =>
      user.lastText().includes("Status: on"),
    );
    release();
    await handling;
    expect(h.fake.callsOf("answerCallbackQuery").at(-1)!.payload.text).toBe(
      "🔔 Notifications are on",
    );
  });

  it("a refused answer does not fail the screen: the page changes and no error message is sent", async () => {
    const h = harness();
    const user = await h.linkedUser();
    await user.send("/orders");
    const screen = user.lastBotMessage();
    const sentBefore = h.fake.callsOf("sendMessage", user.chatId).length;
    h.fake.failNext(
      "answerCallbackQuery",
      400,
      "Bad Request: query is too old and response timeout expired or query ID is invalid",
    );
    const { data } = user.findButton("▶");
    const { update } = user.callbackUpdate(data, screen.messageId);
    await h.deliver(update);
    expect(user.lastBotMessage().messageId).toBe(screen.messageId);
    expect(pageShown(user)).toBe("2 / 9");
    expect(h.fake.callsOf("sendMessage", user.chatId)).toHaveLength(sentBefore);
  });
});
