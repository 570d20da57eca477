import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";

function buttons(user: SimUser): { text: string; data: string }[] {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
    .flat()
    .map((b) => ({ text: b.text, data: b.callback_data ?? "" }));
}

function listedIds(text: string): string[] {
  return [...text.matchAll(/#(\d+) · /g)].map((m) => m[1]!);
}

describe("/referrals: orders of the user's referrals", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("lists referral orders (string statuses), pages, and asks get-referral-orders", async () => {
    const user = await h.linkedUser();
    await user.send("/menu");
    await user.press("⋯ More");
    await user.press("👥 Referral orders");
    const text = user.lastText();
    expect(text).toMatch(/^👥 Orders of your referrals\nFound: 8/);
    expect(listedIds(text)).toEqual(["1049", "1048", "1047", "1046", "1045"]);
    // Statuses arrive as strings ("4", "0"...) and still get their labels.
    expect(text).toContain("✅ #1049 · Completed");
    expect(text).toContain("🆕 #1045 · Created");
    await user.press("▶");
    expect(listedIds(user.lastText())).toEqual(["1044", "1043", "1042"]);
    const calls = h.exchangerCalls("/user-api-get-referral-orders").map((r) => r.fields);
    expect(calls).toEqual([
      { page: "1", limit: "5", language: "en" },
      { page: "2", limit: "5", language: "en" },
    ]);
    expect(h.exchangerCalls("/user-api-get-orders")).toHaveLength(0);
  });

  it("filters by status with the same chips", async () => {
    const user = await h.linkedUser();
    await user.send("/referrals");
    await user.press("✅ Completed");
    expect(listedIds(user.lastText())).toEqual(["1049", "1047", "1043", "1042"]);
    expect(h.exchangerCalls("/user-api-get-referral-orders").at(-1)!.fields).toMatchObject({
      status: "4",
      page: "1",
    });
    await user.press("⏸ Suspended");
    expect(listedIds(user.lastText())).toEqual(["1048"]);
  });

  it("opens a referral card: the fields the server sends, no pay button, Back to the same page", async () => {
    const user = await h.linkedUser();
    await user.send("/referrals");
    const listText = user.lastText();
    await user.press("🆕 #1045");
    const card = user.lastText();
    const order = h.sandbox.state.accounts.main!.referralOrders.find((o) => o.id === "1045")!;
    expect(card).toMatch(/^👥 Referral order #1045\nStatus: 🆕 Created\nThe referral sends: /);
    expect(card).toContain(`Referral: ${String(order.user_login)}`);
    expect(card).toContain(`Your reward: ${String(order.partner_reward)}`);
    expect(card).not.toContain(String(order.token));
    expect(card).not.toMatch(/Receiving account|E-mail/);
    expect(buttons(user).some((b) => b.data.startsWith("pay:"))).toBe(false);
    expect(h.exchangerCalls("/user-api-get-referral-orders").at(-1)!.fields).toMatchObject({
      id: "1045",
      language: "en",
    });
    await user.press("◀ Back");
    expect(user.lastText()).toBe(listText);
  });

  it("an account without referral orders gets an empty state (in Russian too)", async () => {
    const user = await h.linkedUser("twofa");
    await user.send("/referrals");
    expect(user.lastText()).toContain("Your referrals have no orders yet.");
    const ru = await h.linkedUser("twofa", { languageCode: "ru" });
    await ru.send("/referrals");
    expect(ru.lastText()).toBe("👥 Заявки ваших рефералов\n\nУ ваших рефералов пока нет заявок.");
  });

  it("own-order buttons and referral buttons do not mix: a referral id under ord: is not found", async () => {
    const user = await h.linkedUser();
    await user.send("/referrals");
    await user.pressData("ord:c:1045:a:1", user.lastBotMessage().messageId);
    expect(user.lastText()).toMatch(/Order #1045 was not found/);
    expect(h.exchangerCalls("/user-api-get-orders").at(-1)!.fields).toMatchObject({ id: "1045" });
  });
});
