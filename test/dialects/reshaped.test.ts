/**
 * Issue "one reading of the exchanger": each shape a real server may send, read correctly end to end
 * through the real bot against the sandbox's `shapes` dialect (status objects, sides nested per side,
 * unix dates, rate pairs, HTML-encoded text, saved fields as a list, verification nested under `data`).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../harness/harness.js";

const CARD = "4111111111111111";

describe("the shapes dialect, read as the bot's own objects", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start({ dialect: "shapes" });
  });
  afterEach(async () => {
    await h.close();
  });

  it("a status object: words in the list, a readable pay card, and an order awaiting payment can be paid", async () => {
    const order = h.sandbox.addOrder("main", { send_amount: "10.00" });
    const user = await h.linkedUser("main");
    await user.send("/orders");
    const list = user.lastText();
    expect(list).toMatch(new RegExp(`🆕 #${order.id} · Created`));
    expect(list).not.toMatch(/Other status|\?\)|object/i);
    await user.send(`/pay ${order.token}`);
    const card = user.lastText();
    expect(card).toContain("🆕 Created");
    expect(card).not.toMatch(/Object object|🔹/i);
    await user.press("✅ Pay");
    expect(h.exchangerCalls("/user-api-spend-balance")).toHaveLength(1);
  });

  it("a status the bot cannot tell is not offered Pay: the card says so and links to the website", async () => {
    const order = h.sandbox.addOrder("main", { send_amount: "10.00", status: 9 });
    const user = await h.linkedUser("main");
    await user.send(`/order ${order.id}`);
    expect(user.lastText()).toContain("Other status (9)");
    const buttons = (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat();
    expect(buttons.map((b) => b.text)).toContain("🌐 Open the website");
    expect(buttons.some((b) => b.text.startsWith("💳"))).toBe(false);
    await user.send(`/pay ${order.token}`);
    expect(user.lastText()).toMatch(/⚠️ .{20,}/);
    expect(h.exchangerCalls("/user-api-spend-balance")).toHaveLength(0);
  });

  it("sides nested per side: amounts and currencies on the list and the card, never dumped raw", async () => {
    const order = h.sandbox.addOrder("main", { send_amount: "10.00" });
    const user = await h.linkedUser("main");
    await user.send("/orders");
    const line = user
      .lastText()
      .split("\n")
      .find((l, i, all) => all[i - 1]?.includes(`#${order.id} `));
    expect(line).toBe(`10.00 Tether TRC20 → ${order.receive_amount} Visa/Mastercard UAH`);
    await user.send(`/order ${order.id}`);
    const card = user.lastText();
    expect(card).toContain("You send: 10.00 Tether TRC20");
    expect(card).toContain(`You receive: ${order.receive_amount} Visa/Mastercard UAH`);
    expect(card).not.toMatch(/Currency id|Amount:|\(Code:/);
  });

  it("a rate sent as a pair [1, x] reads 1 X = x Y; unix dates read as dates", async () => {
    const order = h.sandbox.addOrder("main", { send_amount: "10.00" });
    const user = await h.linkedUser("main");
    await user.send(`/order ${order.id}`);
    const card = user.lastText();
    expect(card).toContain(`Rate: 1 Tether TRC20 = ${Number(order.rate)} Visa/Mastercard UAH`);
    expect(card).not.toMatch(/Rate: 1, /);
    expect(card).toMatch(/Created: \w{3} \d{1,2}, \d{4}, \d\d:\d\d UTC/);
  });

  it("the nested user.login is not called Referral on one's own order; HTML-encoded text is decoded once", async () => {
    const order = h.sandbox.addOrder("main", {
      user: { login: "ivan", id: 7 },
      comment: "Visa & MasterCard <fast>",
    });
    const user = await h.linkedUser("main");
    await user.send(`/order ${order.id}`);
    const card = user.lastBotMessage();
    expect(card.text).not.toContain("Referral");
    expect(card.text).toContain("Comment: Visa & MasterCard <fast>");
    expect(card.raw).toContain("Visa &amp; MasterCard &lt;fast&gt;");
    expect(card.raw).not.toContain("&amp;amp;");
  });

  it("saved fields sent as a list of objects read 'name: value'", async () => {
    const user = await h.linkedUser("main");
    await user.send("/inputs");
    const text = user.lastText();
    expect(text).toContain("Card number: 537541******9876");
    expect(text).toContain("E-mail: ivan.petrenko@example.com");
    expect(text).not.toMatch(/Field #0|Id: |Value: /);
  });

  it("verification nested one level down: the card number masked, the status object read as words", async () => {
    h.sandbox.state.accounts.main!.verification = {
      id: 12,
      status: "pending",
      type: "card",
      card_number: CARD,
      id_number: "AB1234567",
      first_name: "Ivan",
      photos: 2,
    };
    const user = await h.linkedUser("main");
    await user.send("/verify");
    const text = user.lastText();
    expect(text).toContain("Status: ⏳ Under review");
    expect(text).toContain("Card number: 411111******1111");
    expect(text).toContain("First name: Ivan");
    expect(text).toContain("Photos: 2");
    expect(text).not.toContain(CARD);
    expect(text).not.toMatch(/Name: pending|Title:|Data:/);
  });
});
