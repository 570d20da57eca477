/**
 * Where to pay on an order card, end to end through the bot: the exchanger's card number, address,
 * 64-hex payment id and memo shown whole, each one tap from the clipboard (copy_text), while the
 * customer's own card in the same order stays masked; button words in en, ru and uk.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";

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
    const order = h.sandbox.state.accounts.main!.orders.find((o) => Number(o.status) === 0)!;
    Object.assign(order, {
      payment: { address: ETH, card: CARD_TO_PAY, payment_id: PAYMENT_ID, memo: "104233871" },
      card_number: "5500 0000 0000 0004",
    });
    return order;
  }

  it("shows where to pay in full with copy buttons; the customer's own card stays masked", async () => {
    const order = payableOrder();
    const user = await h.linkedUser("main");
    await user.send(`/order ${order.token}`);
    const card = user.lastBotMessage();
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
      const texts = (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
        .flat()
        .map((b) => b.text);
      for (const label of labels) expect(texts).toContain(label);
      expect(user.lastText()).toContain(ETH);
    }
  });
});
