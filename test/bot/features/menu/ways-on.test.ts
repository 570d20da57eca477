/**
 * Every final message has a way on: a flow left (/cancel, its Cancel button), a payment cancelled,
 * 2FA turned on or off, the password changed each carry "☰ Menu", which opens the menu; the language
 * picker has "◀ Back" to the menu it opens from. In en, ru and uk, through the real bot.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";
import { totp } from "../../../harness/two-factor.js";

const WORDS = {
  en: {
    menu: "☰ Menu",
    back: "◀ Back",
    title: "Main menu",
    cancel: "✖ Cancel",
    cancelled: "✖ Cancelled.",
    payCancelled: "Payment cancelled",
    pay: /^✅ Pay/,
    on: "🔐 Turn on",
    off: "🔓 Turn off",
    isOn: "2FA is on",
    isOff: "2FA is off",
    changed: "Your password has been changed",
    choose: "Choose your language",
  },
  ru: {
    menu: "☰ Меню",
    back: "◀ Назад",
    title: "Главное меню",
    cancel: "✖ Отмена",
    cancelled: "✖ Отменено.",
    payCancelled: "Оплата отменена",
    pay: /^✅ Оплатить/,
    on: "🔐 Включить",
    off: "🔓 Выключить",
    isOn: "2FA включена",
    isOff: "2FA выключена",
    changed: "Пароль изменён",
    choose: "Выберите язык",
  },
  uk: {
    menu: "☰ Меню",
    back: "◀ Назад",
    title: "Головне меню",
    cancel: "✖ Скасувати",
    cancelled: "✖ Скасовано.",
    payCancelled: "Оплату скасовано",
    pay: /^✅ Оплатити/,
    on: "🔐 Увімкнути",
    off: "🔓 Вимкнути",
    isOn: "2FA увімкнено",
    isOff: "2FA вимкнено",
    changed: "Пароль змінено",
    choose: "Оберіть мову",
  },
} as const;

type Lang = keyof typeof WORDS;

const buttonsOf = (user: SimUser) =>
  (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).map((row) => row.map((b) => b.text));

describe.each(Object.keys(WORDS) as Lang[])("a way on from every ending (%s)", (lang) => {
  const w = WORDS[lang];
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  /** The ending shows exactly "☰ Menu", and pressing it opens the menu in its place. */
  async function expectMenuWayOn(user: SimUser, text: string): Promise<void> {
    const ending = user.lastBotMessage();
    expect(ending.text).toContain(text);
    expect(buttonsOf(user)).toEqual([[w.menu]]);
    await user.press(w.menu, ending.messageId);
    expect(user.lastBotMessage().messageId).toBe(ending.messageId);
    expect(user.lastText()).toContain(w.title);
  }

  it("a flow left by /cancel or by its Cancel button; a payment cancelled", async () => {
    const user = await h.linkedUser("main", { languageCode: lang });
    await user.send("/password");
    await user.send("/cancel");
    await expectMenuWayOn(user, w.cancelled);

    await user.send("/password");
    await user.press(w.cancel);
    await expectMenuWayOn(user, w.cancelled);

    const order = h.sandbox.state.accounts.main!.orders.find((o) => Number(o.status) === 0)!;
    await user.send(`/pay ${order.token}`);
    expect(() => user.findButton(w.pay)).not.toThrow();
    await user.press(w.cancel);
    await expectMenuWayOn(user, w.payCancelled);
  });

  it("the password changed; 2FA turned on, then off", async () => {
    const user = await h.linkedUser("main", { languageCode: lang });
    const current = h.sandbox.accounts.main.password;
    await user.send("/password");
    await user.send(current);
    await user.send("brand-new-pass");
    await user.send("brand-new-pass");
    await expectMenuWayOn(user, w.changed);

    await user.send("/2fa");
    await user.press(w.on);
    const qr = user.visible().find((m) => m.from === "bot" && m.photo)!;
    const secret = qr.raw
      .match(/<tg-spoiler><code>([A-Z2-7 ]+)<\/code><\/tg-spoiler>/)![1]!
      .replace(/ /g, "");
    await user.send(totp(secret));
    await expectMenuWayOn(user, w.isOn);

    await user.send("/2fa");
    await user.press(w.off);
    // The next 30-second step: the exchanger refuses a code used once already.
    await user.send(totp(secret, 1));
    await expectMenuWayOn(user, w.isOff);
  });

  it("the language picker has Back to the menu", async () => {
    const user = await h.linkedUser("main", { languageCode: lang });
    await user.send("/menu");
    const menu = user.lastBotMessage();
    await user.press(/^🌐/, menu.messageId);
    expect(user.lastText()).toContain(w.choose);
    expect(buttonsOf(user).at(-1)).toEqual([w.back]);
    await user.press(w.back);
    expect(user.lastBotMessage().messageId).toBe(menu.messageId);
    expect(user.lastText()).toContain(w.title);
  });
});
