/**
 * Money and fields in the reader's words, through the real bot in en, ru and uk: 0/1 settings as
 * on/off at any depth, percentages with their sign, the amount to pay with the local decimal
 * separator and its currency, and each field once on an order card.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";

const WORDS = {
  en: {
    newsletter: "Settings: Newsletter: on",
    discount: "Discount: 0.5%",
    bonus: "Bonus: 0.05%",
    toPay: "Amount: 250.00 Tether TRC20",
  },
  ru: {
    newsletter: "Настройки: Рассылка новостей: вкл.",
    discount: "Скидка: 0,5\u202f%",
    bonus: "Бонус: 0,05\u202f%",
    toPay: "Сумма: 250,00 Tether TRC20",
  },
  uk: {
    newsletter: "Налаштування: Розсилка новин: увімк.",
    discount: "Знижка: 0,5\u202f%",
    bonus: "Бонус: 0,05\u202f%",
    toPay: "Сума: 250,00 Tether TRC20",
  },
} as const;
type Lang = keyof typeof WORDS;

describe.each(Object.keys(WORDS) as Lang[])("fields in words (%s)", (lang) => {
  const w = WORDS[lang];
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("the account card: a 0/1 setting as on, percentages with their sign and no '%' in the label", async () => {
    const profile = h.sandbox.state.accounts.main!.profile;
    Object.assign(profile, {
      settings: { newsletter: 1 },
      discount_percent: "0.5",
      bonus_percent: "0.0500 %",
    });
    const user = await h.linkedUser("main", { languageCode: lang });
    await user.send("/account");
    const card = user.lastText();
    expect(card).toContain(w.newsletter);
    expect(card).toContain(w.discount);
    expect(card).toContain(w.bonus);
    expect(card).not.toMatch(/, %|: 1$/m);
  });

  it("an order card: the amount to pay in the reader's language with its currency; the e-mail once", async () => {
    const order = h.sandbox.state.accounts.main!.orders.find(
      (o) => Number(o.status) === 0 && Number(o.send_amount) === 250,
    )!;
    const email = "ivan.petrenko@example.com";
    Object.assign(order, {
      payment: { address: "TfeiXbe656PpHHhDswdbYvsQ6nHYZP1oMt", amount: "250.0000" },
      email,
      inputs: { "E-mail": email },
    });
    const user = await h.linkedUser("main", { languageCode: lang });
    await user.send(`/order ${order.id}`);
    const card = user
      .visible()
      .filter((m) => m.from === "bot" && !m.photo)
      .at(-1)!;
    expect(card.text).toContain(w.toPay);
    expect(card.text.split(email)).toHaveLength(2);
    // The copy button still carries the amount as the exchanger wrote it.
    const copied = (card.replyMarkup?.inline_keyboard ?? [])
      .flat()
      .map((b) => b.copy_text?.text)
      .filter((t) => t !== undefined);
    expect(copied).toContain("250.0000");
  });
});
