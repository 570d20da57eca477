/**
 * Where to pay on an order card, end to end through the bot: the exchanger's card number, address,
 * 64-hex payment id and memo shown whole, each one tap from the clipboard (copy_text), while the
 * customer's own card in the same order stays masked; button words in en, ru and uk. The address's
 * QR code (decoded here) comes under a card opened from /orders as under a new order: once per
 * opening, not on Refresh, and the card stays a text message that pages back to the list.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import { decodeQr } from "../../../harness/qr.js";
import type { SimUser } from "../../../harness/user.js";

const PAYMENT_ID = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
const ETH = "0x52908400098527886E0F7030069857D2E4169EE7";
const CARD_TO_PAY = "4149439999995677";

describe("an order card's payment instructions", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  function payableOrder() {
    // The newest order awaiting payment: on the first page of /orders.
    const order = [...h.sandbox.state.accounts.main!.orders]
      .sort((a, b) => Number(b.id) - Number(a.id))
      .find((o) => Number(o.status) === 0)!;
    Object.assign(order, {
      payment: { address: ETH, card: CARD_TO_PAY, payment_id: PAYMENT_ID, memo: "104233871" },
      card_number: "5500 0000 0000 0004",
    });
    return order;
  }

  /** The newest text message of the bot (the QR code's photo comes under the card). */
  const cardOf = (user: SimUser) =>
    user
      .visible()
      .filter((m) => m.from === "bot" && !m.photo)
      .at(-1)!;

  it("shows where to pay in full with copy buttons; the customer's own card stays masked", async () => {
    const order = payableOrder();
    const user = await h.linkedUser("main");
    await user.send(`/order ${order.token}`);
    const card = cardOf(user);
    for (const value of [ETH, CARD_TO_PAY, PAYMENT_ID, "104233871"])
      expect(card.text).toContain(value);
    expect(card.text).toContain("550000******0004");
    expect(card.text).not.toContain("5500 0000 0000 0004");
    const buttons = (card.replyMarkup?.inline_keyboard ?? []).flat() as {
      text: string;
      copy_text?: { text: string };
    }[];
    const copies = Object.fromEntries(
      buttons.filter((b) => b.copy_text).map((b) => [b.text, b.copy_text!.text]),
    );
    expect(copies).toMatchObject({
      "📋 Address": ETH,
      "📋 Card number": CARD_TO_PAY,
      "📋 Payment ID": PAYMENT_ID,
      "📋 Memo": "104233871",
    });
  });

  it("names the copy buttons in ru and uk", async () => {
    const order = payableOrder();
    for (const [languageCode, labels] of [
      ["ru", ["📋 Адрес", "📋 Номер карты", "📋 ID платежа"]],
      ["uk", ["📋 Адреса", "📋 Номер картки", "📋 ID платежу"]],
    ] as const) {
      const user = await h.linkedUser("main", { languageCode });
      await user.send(`/order ${order.token}`);
      const texts = (cardOf(user).replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text);
      for (const label of labels) expect(texts).toContain(label);
      expect(cardOf(user).text).toContain(ETH);
    }
  });

  it("an order awaiting payment opened from /orders: full address, its copy button and a QR code that decodes to it", async () => {
    const order = payableOrder();
    const user = await h.linkedUser("main");
    await user.send("/orders");
    const listId = user.lastBotMessage().messageId;
    await user.press(new RegExp(`${order.id}$`), listId);
    // The list's message became the card, in place: a text message still.
    const card = h.fake.message(user.chatId, listId)!;
    expect(card.photo).toBe(false);
    expect(card.text).toContain(`Order #${order.id}`);
    expect(card.text).toContain(ETH);
    const copy = (card.replyMarkup?.inline_keyboard ?? [])
      .flat()
      .find((b) => b.text === "📋 Address");
    expect(copy?.copy_text?.text).toBe(ETH);
    // Under it, the QR code as its own photo, naming the order and the address.
    const photos = h.fake.callsOf("sendPhoto", user.chatId);
    expect(photos).toHaveLength(1);
    // grammY uploads the picture under a field of its own naming (`photo: "attach://…"`).
    const [png] = Object.values(photos[0]!.files ?? {});
    expect(await decodeQr(png!)).toEqual([ETH]);
    const qr = user.lastBotMessage();
    expect(qr.photo).toBe(true);
    expect(qr.text).toBe(`🔳 Address to pay to for order #${order.id}: ${ETH}`);
    expect(qr.replyMarkup).toBeUndefined();

    // Refresh edits the card in place and sends no second QR code.
    await user.press("🔄 Refresh", listId);
    expect(h.fake.callsOf("sendPhoto", user.chatId)).toHaveLength(1);
    // Back pages the card (a text message) to the list; the QR photo stays as it is, never edited.
    await user.press("◀ Back", listId);
    expect(h.fake.message(user.chatId, listId)!.text).toContain("Your orders");
    expect(
      h.fake.callsOf("editMessageText").map((c) => Number(c.payload.message_id)),
    ).not.toContain(qr.messageId);
  });

  it("no QR code for an order that can no longer be paid", async () => {
    const order = payableOrder();
    order.status = 4 as never; // completed
    const user = await h.linkedUser("main");
    await user.send(`/order ${order.token}`);
    expect(user.lastText()).toContain(`Order #${order.id}`);
    expect(h.fake.callsOf("sendPhoto", user.chatId)).toHaveLength(0);
  });

  it("the QR code's caption in ru and uk", async () => {
    const order = payableOrder();
    for (const [languageCode, caption] of [
      ["ru", `🔳 Адрес для оплаты заявки №${order.id}: ${ETH}`],
      ["uk", `🔳 Адреса для оплати заявки №${order.id}: ${ETH}`],
    ] as const) {
      const user = await h.linkedUser("main", { languageCode });
      await user.send(`/order ${order.token}`);
      expect(user.lastBotMessage().text).toBe(caption);
    }
  });
});
