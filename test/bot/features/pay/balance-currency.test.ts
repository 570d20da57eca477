/**
 * The balance with its currency wherever it shows, and a Pay card that says plainly when the balance
 * kept in the order's currency cannot cover the amount — then no "✅ Pay", the website instead. In en,
 * ru and uk, through the real bot and the sandbox (account `main`: 1500 USD; a partner balance of
 * 12.40 without a currency of its own; order of 250 Tether TRC20 awaiting payment).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SandboxOrder } from "../../../../src/sandbox/server.js";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";

const WORDS = {
  en: {
    partner: "Partner balance: 12.40 USD",
    amount: "Amount: 250.00 Tether TRC20",
    balance: (v: string) => `Your balance: ${v}`,
    short: "Your balance in this currency is less than the amount",
    pay: /^✅ Pay/,
    website: "🌐 Open the website",
    check: "🔄 Check order status",
    confirm: "Press “Pay”",
  },
  ru: {
    partner: "Партнёрский баланс: 12,40 USD",
    amount: "Сумма: 250,00 Tether TRC20",
    balance: (v: string) => `Ваш баланс: ${v}`,
    short: "Баланса в этой валюте не хватает на эту сумму",
    pay: /^✅ Оплатить/,
    website: "🌐 Открыть сайт",
    check: "🔄 Проверить статус",
    confirm: "Нажмите «Оплатить»",
  },
  uk: {
    partner: "Партнерський баланс: 12,40 USD",
    amount: "Сума: 250,00 Tether TRC20",
    balance: (v: string) => `Ваш баланс: ${v}`,
    short: "Балансу в цій валюті не вистачає на цю суму",
    pay: /^✅ Оплатити/,
    website: "🌐 Відкрити сайт",
    check: "🔄 Перевірити статус",
    confirm: "Натисніть «Оплатити»",
  },
} as const;
type Lang = keyof typeof WORDS;

const SPEND = "/user-api-spend-balance";

describe.each(Object.keys(WORDS) as Lang[])("the balance and its currency (%s)", (lang) => {
  const w = WORDS[lang];
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  const main = () => h.sandbox.state.accounts.main!;
  /** The seed's order of 250 Tether TRC20 awaiting payment, and its currency's code. */
  function order250(): { order: SandboxOrder; code: string } {
    const order = main().orders.find(
      (o) => Number(o.status) === 0 && Number(o.send_amount) === 250,
    )!;
    const currency = h.sandbox.state.currencies.find(
      (c) => c.id === Number(order.send_currency_id),
    )!;
    return { order, code: currency.code };
  }
  const buttons = (user: SimUser) =>
    (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text);

  it("the account card names the partner balance's currency: the account's", async () => {
    const user = await h.linkedUser("main", { languageCode: lang });
    await user.send("/account");
    expect(user.lastText()).toContain(w.partner);
  });

  it("a balance in the order's currency that cannot cover it: said plainly, no Pay, the website", async () => {
    const user = await h.linkedUser("main", { languageCode: lang });
    const { order, code } = order250();
    main().balance = 100;
    main().profile.balance_currency = code;
    await user.send(`/pay ${order.token}`);
    const text = user.lastText();
    expect(text).toContain(w.amount);
    expect(text).toContain(w.balance(`${lang === "en" ? "100.00" : "100,00"} ${code}`));
    expect(text).toContain(w.short);
    expect(text).not.toContain(w.confirm);
    expect(buttons(user)).not.toContainEqual(expect.stringMatching(w.pay));
    const website = (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
      .flat()
      .find((b) => b.text === w.website);
    expect(website?.url).toMatch(/^http/);
    expect(buttons(user)).toContain(w.check);

    // Topped up: the same card, checked again, offers Pay; paying it spends once.
    main().balance = 1500;
    await user.press(w.check);
    expect(user.lastText()).not.toContain(w.short);
    await user.press(w.pay);
    expect(h.exchangerCalls(SPEND)).toHaveLength(1);
    expect(order.status).toBe(1);
  });

  it("a balance in another currency, or in none said, is not compared: Pay stays, the exchanger decides", async () => {
    const user = await h.linkedUser("main", { languageCode: lang });
    const { order } = order250();
    main().balance = 100; // USD: never converted to Tether TRC20 by a guessed rate
    await user.send(`/pay ${order.token}`);
    expect(user.lastText()).toContain(w.balance(`${lang === "en" ? "100.00" : "100,00"} USD`));
    expect(user.lastText()).not.toContain(w.short);
    expect(buttons(user)).toContainEqual(expect.stringMatching(w.pay));

    delete main().profile.balance_currency;
    await user.send(`/pay ${order.token}`);
    // No currency pretended: the amount alone.
    expect(user.lastText()).toMatch(
      new RegExp(`${w.balance(lang === "en" ? "100.00" : "100,00")}$`, "m"),
    );
    expect(buttons(user)).toContainEqual(expect.stringMatching(w.pay));
  });
});
