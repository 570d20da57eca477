import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";

function buttons(user: SimUser): string[] {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text);
}

describe("public screens", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("an unlinked user finds them in the menu and uses them without a key", async () => {
    const user = h.user();
    await user.send("/menu");
    await user.press("⋯ More");
    expect(buttons(user)).toEqual(
      expect.arrayContaining([
        "🪙 Currencies",
        "🔀 Directions",
        "📡 Status",
        "🤝 Referral program",
      ]),
    );
    expect(buttons(user)).not.toContain("💼 Payment details");
    expect(buttons(user)).not.toContain("📝 Saved fields");

    await user.press("📡 Status");
    expect(user.lastText()).toMatch(/Exchanger status/);
    await user.press("☰ Menu");
    await user.press("⋯ More");
    await user.press("🪙 Currencies");
    expect(user.lastText()).toMatch(/Currencies \(8\)/);
    await user.send("/referral");
    expect(user.lastText()).toMatch(/Referral program/);
    // Nothing of this needed or touched a key.
    expect(h.sandbox.requests.every((r) => r.path.startsWith("/public-api-"))).toBe(true);
    expect(await h.storage.vault.has(user.chatId)).toBe(false);
  });

  it("a linked user sees the account screens in the menu too", async () => {
    const user = await h.linkedUser("main");
    await user.send("/menu");
    await user.press("⋯ More");
    expect(buttons(user)).toEqual(
      expect.arrayContaining([
        "💼 Payment details",
        "📝 Saved fields",
        "🪙 Currencies",
        "🔀 Directions",
        "📡 Status",
        "🤝 Referral program",
      ]),
    );
  });

  it("/currencies in Ukrainian: field labels translated, the exchanger asked in Ukrainian", async () => {
    const user = h.user({ languageCode: "uk" });
    await user.send("/currencies");
    expect(user.lastText()).toContain(
      "Tether TRC20\nРезерв: 152\u202f340,12 Tether TRC20 · Тип: криптовалюта · Мережа: TRON",
    );
    expect(h.exchangerCalls("/public-api-get-currencies").at(-1)!.query.language).toBe("uk");
  });

  it("/currencies: name, code and reserve, paged", async () => {
    for (let i = 0; i < 3; i++)
      h.sandbox.state.currencies.push({
        id: 200 + i,
        name: `Extra <coin> ${i}`,
        code: `EX${i}`,
        decimals: 2,
        reserve: "12.5",
      });
    const user = h.user();
    await user.send("/currencies");
    const first = user.lastBotMessage();
    expect(first.text).toContain("Currencies (11)");
    expect(first.text).toContain(
      "Bitcoin\nReserve: 3.51204118 Bitcoin · Type: crypto · Minimum: 0.0005",
    );
    expect(first.text).toContain(
      "Tether TRC20\nReserve: 152340.12 Tether TRC20 · Type: crypto · Network: TRON",
    );
    expect(first.text).not.toContain("Decimals");
    expect(first.text).not.toContain("Extra");
    expect(buttons(user)).toEqual(["1 / 2", "▶", "☰ Menu"]);
    expect(first.replyMarkup!.inline_keyboard!.every((row) => row.length > 0)).toBe(true);
    expect(h.exchangerCalls("/public-api-get-currencies").at(-1)!.query.language).toBe("en");

    await user.press("▶");
    expect(user.lastBotMessage().messageId).toBe(first.messageId);
    expect(user.lastText()).toContain("Extra <coin> 2\nReserve: 12.50 Extra <coin> 2");
    expect(user.lastBotMessage().raw).toContain("Extra &lt;coin&gt; 2");
    expect(user.lastText()).not.toContain("Bitcoin");
  });

  it("/directions: send currency → receive currency → the direction's card, with Back buttons", async () => {
    const user = h.user();
    await user.send("/directions");
    const screen = user.lastBotMessage();
    expect(screen.text).toMatch(/What do you want to send\?/);
    expect(buttons(user)).toEqual([
      "Bitcoin",
      "Ethereum",
      "Tether TRC20",
      "Tether ERC20",
      "Visa/Mastercard UAH",
      "Sberbank RUB",
      "Monobank UAH",
      "Payeer USD",
      "☰ Menu",
    ]);

    await user.press("Tether TRC20");
    expect(user.lastText()).toMatch(/You send Tether TRC20\. What do you want to receive\?/);
    expect(buttons(user)).toEqual(["→ Visa/Mastercard UAH", "◀ Back", "☰ Menu"]);

    await user.press("→ Visa/Mastercard UAH");
    const card = user.lastText();
    expect(user.lastBotMessage().messageId).toBe(screen.messageId);
    // Currency names, not the exchanger's codes; amounts at the currency's precision.
    expect(card).toContain("Tether TRC20 → Visa/Mastercard UAH");
    expect(card).toContain("Rate: 1 Tether TRC20 = 40.85 Visa/Mastercard UAH");
    expect(card).toContain("Minimum: 20.00 Tether TRC20");
    expect(card).toContain("Maximum: 50000.00 Tether TRC20");
    expect(card).toContain("Reserve: 2450000.00 Visa/Mastercard UAH");
    expect(card).toContain("Fee: 0.5");
    expect(card).toContain("Open: ✓");
    expect(card).toContain(
      "Fields to fill in\n• Card number\n• Card holder name\n• E-mail\n• Telegram username (optional)",
    );
    const get = h.exchangerCalls("/public-api-get-exchange").at(-1)!;
    expect(get.query).toEqual({ pair: "usdttrc20-carduah", language: "en" });

    await user.press("◀ Back");
    expect(user.lastText()).toMatch(/You send Tether TRC20/);
    await user.press("◀ Back");
    expect(user.lastText()).toMatch(/What do you want to send\?/);
  });

  it("a direction card in Russian, and a vanished direction gives the exchanger's message", async () => {
    const user = h.user({ languageCode: "ru" });
    await user.send("/directions");
    await user.press("Bitcoin");
    await user.press("Tether TRC20");
    expect(user.lastText()).toContain("Поля для заполнения\n• Адрес кошелька TRC20\n• E-mail");
    expect(user.lastText()).toContain("Курс: 1 Bitcoin = 61\u202f250 Tether TRC20");
    h.sandbox.state.directions = h.sandbox.state.directions.filter((d) => d.id !== 1);
    const calls = await user.press("🔄");
    expect(calls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
    expect(user.lastText()).toMatch(/Ответ обменника: Направление обмена btc-usdttrc20 не найдено/);
  });

  it("/status: a readable card", async () => {
    const user = h.user();
    await user.send("/status");
    const text = user.lastText();
    expect(text).toContain("Exchanger status\n🟢 Online");
    expect(text).toContain("Name: Sandbox Exchanger");
    expect(text).toContain("Version: Exchanger CMS 3.8 (sandbox)");
    // The server's clock in the one date format of every screen ("Nov 25, 2026, 10:00 UTC").
    expect(text).toMatch(/Server time: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d UTC/);
    expect(text).toContain("Time zone: UTC");
    expect(text).not.toMatch(/^Time: /m);
    expect(text).not.toContain("Maintenance");
    expect(h.exchangerCalls("/public-api-get-status").at(-1)!.query.language).toBe("en");
  });

  it("/status in ru and uk: the server's time in the reader's date format", async () => {
    for (const [lang, label, month] of [
      ["ru", "Время сервера", /\d{1,2} [а-я]{3,5}\.? \d{4}( г\.)?, \d\d:\d\d UTC/],
      ["uk", "Час сервера", /\d{1,2} [а-яіїєґ]{3,5}\.? \d{4}( р\.)?, \d\d:\d\d UTC/],
    ] as const) {
      const user = h.user({ languageCode: lang });
      await user.send("/status");
      expect(user.lastText()).toMatch(new RegExp(`${label}: ${month.source}`));
      expect(user.lastText()).not.toMatch(/\d{4}-\d\d-\d\d/);
    }
  });

  it("/referral: a readable card in the user's language", async () => {
    const user = h.user({ languageCode: "uk" });
    await user.send("/referral");
    const text = user.lastText();
    expect(text).toContain("Партнерська програма");
    expect(text).toContain("Запрошуйте друзів");
    // Numbers the Ukrainian way: a decimal comma, the per cent sign after a narrow space.
    expect(text).toContain("Винагорода: 0,5\u202f% з кожного обміну");
    expect(text).toContain("Рівні: рівень 1 — 0,5\u202f%, рівень 2 — 0,1\u202f%");
    expect(text).toContain("Мінімальна виплата: 10,00 USD");
    expect(text).toContain("90 днів");
    expect(h.exchangerCalls("/public-api-get-referral-program").at(-1)!.query.language).toBe("uk");
  });

  it("stale or forged buttons fall through to 'this button has expired'", async () => {
    const user = h.user();
    await user.send("/currencies");
    // Everything fits one page: no pager, and no empty row left where it would be.
    expect(user.lastBotMessage().replyMarkup!.inline_keyboard).toEqual([
      [{ text: "☰ Menu", callback_data: "menu" }],
    ]);
    const id = user.lastBotMessage().messageId;
    for (const data of [
      "cur:p:0",
      "dir:s:x",
      "dir:f:1:0",
      "dir:f:a b:1",
      "dir:x:",
      "dir:x:1",
      "dir:x:1:a b",
      "inf:zz",
    ]) {
      const calls = await user.pressData(data, id);
      expect(calls.find((c) => c.method === "answerCallbackQuery")!.payload.text).toBe(
        "This button has expired.",
      );
    }
  });

  it("upstream failures become a clear message on every screen", async () => {
    const user = h.user();
    h.sandbox.injectFault({ path: "/public-api-get-status", kind: "html500", times: 5 });
    await user.send("/status");
    expect(user.lastText()).toMatch(/not answering/);
    h.sandbox.injectFault({ path: "/public-api-get-exchanges", kind: "nonjson", times: 5 });
    await user.send("/directions");
    expect(user.lastText()).toMatch(/not answering/);
    h.sandbox.injectFault({
      path: "/public-api-get-referral-program",
      kind: "envelope500",
      times: 1,
    });
    await user.send("/referral");
    expect(user.lastText()).toMatch(/The exchanger says/);
  });
});
