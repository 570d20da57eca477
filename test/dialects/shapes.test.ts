/**
 * Every screen that reads an undocumented (or newly documented) result shape, against every sandbox
 * dialect (src/sandbox/dialect.ts): what a customer of a real server of that kind would see.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DIALECT_NAMES } from "../../src/sandbox/dialect.js";
import { Harness } from "../harness/harness.js";
import type { SimUser } from "../harness/user.js";

function buttons(user: SimUser): string[] {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text);
}

function callbackData(user: SimUser): string[] {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
    .flat()
    .flatMap((b) => ("callback_data" in b && b.callback_data ? [b.callback_data] : []));
}

describe.each(DIALECT_NAMES)("shapes of the %s dialect", (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start({ dialect });
  });
  afterEach(async () => {
    await h.close();
  });

  it("/directions: the map drills down to a card read with pair, also for a slug too long for a button", async () => {
    const longSlug = `payeer-usd-to-bitcoin-${"x".repeat(90)}`;
    h.sandbox.state.directions.push({
      id: 99,
      slug: longSlug,
      send_currency_id: 8,
      receive_currency_id: 1,
      rate: "0.0000158",
      min_amount: "50",
      max_amount: "9000",
      active: true,
      inputs: [
        {
          id: 21,
          name: { en: "Bitcoin address", ru: "Адрес Bitcoin", uk: "Адреса Bitcoin" },
          required: true,
        },
      ],
    });
    const user = h.user();
    await user.send("/directions");
    expect(user.lastText()).toContain("What do you want to send?");
    expect(buttons(user)).toContain("Tether TRC20");

    await user.press("Tether TRC20");
    await user.press("→ Visa/Mastercard UAH");
    const card = user.lastText();
    expect(card).toContain("Tether TRC20 → Visa/Mastercard UAH");
    // Currencies by name, never the internal code; amounts at the currency's precision (issue 31).
    expect(card).toContain("Rate: 1 Tether TRC20 = 40.85 Visa/Mastercard UAH");
    expect(card).toContain("Minimum: 20.00 Tether TRC20");
    expect(card).not.toMatch(/USDTTRC20|CARDUAH/);
    expect(card).toContain(
      "Fields to fill in\n• Card number\n• Card holder name\n• E-mail\n• Telegram username (optional)",
    );
    expect(h.exchangerCalls("/public-api-get-exchange").at(-1)!.query).toEqual({
      pair: "usdttrc20-carduah",
      language: "en",
    });

    await user.press("◀ Back");
    await user.press("◀ Back");
    await user.press("Payeer USD");
    expect(callbackData(user).every((data) => Buffer.byteLength(data) <= 64)).toBe(true);
    await user.press("→ Bitcoin");
    expect(user.lastText()).toContain("Payeer USD → Bitcoin");
    expect(user.lastText()).toContain("Rate: 1 Payeer USD = 0.0000158 Bitcoin");
    expect(h.exchangerCalls("/public-api-get-exchange").at(-1)!.query.pair).toBe(longSlug);
    expect(callbackData(user).every((data) => Buffer.byteLength(data) <= 64)).toBe(true);
  });

  it("a direction that left the map since its button was sent is said to be gone", async () => {
    const user = h.user({ languageCode: "ru" });
    await user.send("/directions");
    await user.press("Bitcoin");
    const picker = user.lastBotMessage().messageId;
    h.sandbox.state.directions = h.sandbox.state.directions.filter((d) => d.id !== 1);
    await h.restart(); // a fresh catalogue reads the new map
    const calls = await user.press("→ Tether TRC20", picker);
    expect(calls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
    expect(user.lastText()).toContain("Обменник больше не предлагает Bitcoin → Tether TRC20");
    expect(h.exchangerCalls("/public-api-get-exchange")).toHaveLength(0);
  });

  it("/inputs names the saved fields from the direction cards (read with pair); none is said so", async () => {
    const user = await h.linkedUser("main", { languageCode: "uk" });
    await user.send("/inputs");
    const text = user.lastText();
    // A card number is masked wherever it is shown.
    expect(text).toContain("Номер картки: 537541******9876");
    expect(text).toContain("Адреса Bitcoin: bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh");
    expect(text).toContain("Поле №97: legacy value");
    const cards = h.exchangerCalls("/public-api-get-exchange");
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((r) => r.query.pair !== undefined && r.query.id === undefined)).toBe(true);

    const empty = await h.linkedUser("empty");
    await empty.send("/inputs");
    expect(empty.lastText()).toContain("The exchanger has no saved fields for you yet.");
  });

  it("/status and /referral are readable in the user's language", async () => {
    const user = h.user({ languageCode: "uk" });
    await user.send("/status");
    const status = user.lastText();
    expect(status).toContain("Статус обмінника");
    if (h.sandbox.dialect.status === "string")
      expect(status).toContain("Усі системи працюють у звичайному режимі");
    else if (h.sandbox.dialect.positional) {
      // An array of unnamed values: its texts as they are, the rest counted, never guessed at
      // (which flag is "online" and which "maintenance" nothing says).
      expect(status).toContain("• Sandbox Exchanger");
      expect(status).toContain("Значень у відповіді обмінника, які я не можу напевно назвати: 3.");
      expect(status).not.toContain("🟢");
    } else expect(status).toContain("🟢 Працює");
    expect(status).not.toMatch(/не відповідає/);

    await user.send("/referral");
    const referral = user.lastText();
    expect(referral).toContain("Партнерська програма");
    expect(referral).not.toMatch(/^0: /m);
    if (h.sandbox.dialect.referralProgram === "array")
      expect(referral).toContain(
        "• Рівень 1: 0,5% з кожного обміну\n• Рівень 2: 0,1% з кожного обміну",
      );
    else expect(referral).toContain("Запрошуйте друзів за реферальним посиланням");
    if (h.sandbox.dialect.positional)
      expect(referral).toMatch(/які я не можу напевно назвати: \d+\./);
  });

  it("currencies are named (never '#id') on /currencies, in the currency search and on the pay card", async () => {
    const user = await h.linkedUser("main");
    await user.send("/currencies");
    // Each currency by its name alone: no "#id", and no internal code beside it (issue 31).
    expect(user.lastText()).toContain("\nBitcoin\nReserve: 3.51204118 Bitcoin");
    expect(user.lastText()).toContain("\nTether TRC20\nReserve: ");
    expect(user.lastText()).not.toMatch(/#\d/);
    expect(user.lastText()).not.toMatch(/\bBTC\b|USDTTRC20|CARDUAH/);

    await user.send("/details");
    await user.press("➕ Add");
    await user.send("usdt");
    expect(buttons(user)).toEqual(["Tether TRC20", "Tether ERC20", "✖ Cancel"]);
    await user.send("/cancel");

    const order = h.sandbox.state.accounts.main!.orders.find((o) => o.send_currency_id === "3")!;
    await user.send(`/pay ${order.token}`);
    const card = user.lastText();
    expect(card).toMatch(/Amount: \d+(\.\d+)? Tether TRC20/);
    expect(card).not.toMatch(/(Amount|You receive): .*#\d/);
  });

  it("the balance is shown on the account card and the pay card, whatever its shape", async () => {
    const user = await h.linkedUser("main");
    // A number or a decimal text, the balance reads at the currency's precision (issue 31).
    const balance = "1500.00 USD";
    await user.send("/account");
    expect(user.lastText()).toContain(`💰 Balance: ${balance}`);
    expect(user.lastText()).not.toMatch(/Balance: .*USD: /);

    const order = h.sandbox.state.accounts.main!.orders[0]!;
    await user.send(`/pay ${order.token}`);
    expect(user.lastText()).toContain(`Your balance: ${balance}`);
  });

  it("'no verification request' is shown as such", async () => {
    const user = await h.linkedUser("empty", { languageCode: "uk" });
    await user.send("/verify");
    expect(user.lastText()).toContain("Ви ще не подавали запит на верифікацію.");
    // The verification request is a «запит», never an order's «заявка» (issue 31).
    expect(user.lastText()).not.toContain("заявк");
  });
});
