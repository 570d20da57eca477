/**
 * A secret typed after its prompt was left does not stay in the chat (core/lapsed-prompt.ts): the
 * cases of the issue — the password typed after /orders or a menu button, the new password after
 * /menu, a payment's 2FA code after /orders, a code typed after /pay of another order — are deleted
 * with a one-line reason and a way back; commands, other flows and ordinary text are not disturbed.
 */
import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SandboxOrder } from "../../../src/sandbox/server.js";
import { Harness, REDIS_URL } from "../../harness/harness.js";
import { totp } from "../../harness/two-factor.js";
import type { SimUser } from "../../harness/user.js";

const LAPSED_PASSWORD =
  "I deleted your message: it may have been the password for the step you left.";
const LAPSED_CODE = "I deleted your message: it may have been the 2FA code for the step you left.";

describe("a secret typed after its prompt was left", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  const message = (user: SimUser, text: string) =>
    h.fake.messages
      .filter((m) => m.chatId === user.chatId && m.from === "user" && m.raw === text)
      .at(-1)!;

  function createdOrders(account: "main" | "twofa"): SandboxOrder[] {
    return h.sandbox.state.accounts[account]!.orders.filter((o) => Number(o.status) === 0);
  }

  it("the password typed after /orders is deleted, explained in one line, with a way back to the step", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    await user.send("/orders");
    expect(user.lastText()).not.toMatch(/password/i);
    await user.send("main-demo-pass");

    expect(message(user, "main-demo-pass").deleted).toBe(true);
    const notice = user.lastBotMessage();
    expect(notice.text).toBe(`🔐 ${LAPSED_PASSWORD}`);
    expect(notice.text).not.toContain("\n");
    expect(user.transcript()).not.toContain("Use the menu (/menu) or /help");
    expect(user.transcript()).not.toContain("main-demo-pass");

    await user.press("↩️ Change password");
    expect(user.lastText()).toMatch(/Send your current password/);
    await user.send("main-demo-pass");
    expect(message(user, "main-demo-pass").deleted).toBe(true);
    expect(user.lastText()).toMatch(/Now send the new password/);
  });

  it("the password typed after a menu button is deleted too", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    await user.send("/menu");
    await user.press(/Orders|My orders/);
    await user.send("main-demo-pass");
    expect(message(user, "main-demo-pass").deleted).toBe(true);
    expect(user.lastText()).toContain(LAPSED_PASSWORD);
  });

  it("the new password typed after /menu is deleted", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    await user.send("main-demo-pass");
    expect(user.lastText()).toMatch(/Now send the new password/);
    await user.send("/menu");
    await user.send("Brand-new-pass!");
    expect(message(user, "Brand-new-pass!").deleted).toBe(true);
    expect(user.lastText()).toContain(LAPSED_PASSWORD);
  });

  it("a payment's 2FA code typed after /orders is deleted; other text after a code prompt is left alone", async () => {
    const user = await h.linkedUser("twofa");
    const order = createdOrders("twofa")[0]!;
    await user.send(`/pay ${order.token}`);
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toMatch(/6-digit code/);
    await user.send("/orders");

    await user.send("hello there");
    expect(message(user, "hello there").deleted).toBe(false);
    expect(user.lastText()).toContain("Use the menu (/menu) or /help");

    const code = totp(h.sandbox.accounts.twofa.twoFactorSecret!);
    await user.send(code);
    expect(message(user, code).deleted).toBe(true);
    expect(user.lastText()).toBe(`🔐 ${LAPSED_CODE}`);
    expect(h.exchangerCalls("/user-api-spend-balance")).toHaveLength(0);

    // Back to the step: the same order's code prompt; the right code pays it.
    await user.press("↩️ Pay the order");
    expect(user.lastText()).toMatch(
      new RegExp(`To pay order #${order.id}, send the current 6-digit code`),
    );
    await user.send(totp(h.sandbox.accounts.twofa.twoFactorSecret!));
    expect(user.lastText()).toContain(`Order #${order.id} is paid from your balance`);
  });

  it("a code typed for a payment's 2FA prompt after /pay of another order is deleted", async () => {
    const user = await h.linkedUser("twofa");
    const [first, second] = createdOrders("twofa");
    await user.send(`/pay ${first!.token}`);
    await user.press(/^✅ Pay/);
    await user.send(`/pay ${second!.token}`);
    expect(user.lastText()).toContain(`Pay order #${second!.id} from your balance`);
    await user.send("123 456");
    expect(message(user, "123 456").deleted).toBe(true);
    expect(user.lastText()).toContain(LAPSED_CODE);
    expect(h.exchangerCalls("/user-api-spend-balance")).toHaveLength(0);
  });

  it("does not disturb commands, another flow's prompt, or a deliberate cancel; the record lasts 10 minutes", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    await user.send("/pay");
    await user.press("⌨️ Paste a token"); // another flow, which takes typed text
    const order = createdOrders("main")[0]!;
    await user.send(order.token);
    // The pay flow took it (a token has the shape of a key, so the key guard removes it as always).
    expect(user.lastText()).toContain(`Pay order #${order.id} from your balance`);
    expect(user.transcript()).not.toContain(LAPSED_PASSWORD);

    // Left at the pay card (not a flow): the password step still guards, for 10 minutes at most.
    const redis = new Redis(REDIS_URL);
    try {
      const ttl = await redis.pttl(`${h.prefix}chat:${user.chatId}:secret-lapsed`);
      expect(ttl).toBeGreaterThan(9 * 60_000);
      expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    } finally {
      redis.disconnect();
    }
    await user.send("/help");
    expect(user.lastText()).toMatch(/menu|help/i);

    // /cancel is a deliberate end: nothing guards after it.
    const other = await h.linkedUser("main");
    await other.send("/password");
    await other.send("/cancel");
    await other.send("just chatting");
    expect(message(other, "just chatting").deleted).toBe(false);
  });
  it("a password typed into another flow's prompt that refuses it is deleted; that prompt stays and takes the next answer", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    await user.send("/exchange");
    await user.press(/^Tether TRC20/);
    await user.press(/Visa\/Mastercard UAH/);
    expect(user.lastText()).toContain("How much Tether TRC20 do you send?");
    await user.send("main-demo-pass");
    expect(message(user, "main-demo-pass").deleted).toBe(true);
    expect(user.lastText()).toBe(`🔐 ${LAPSED_PASSWORD}`);
    expect(user.transcript()).not.toContain("That is not an amount");
    // Still asking the amount: the next text is one.
    await user.send("100.5");
    expect(message(user, "100.5").deleted).toBe(false);
    expect(user.transcript()).not.toContain("main-demo-pass");
    // A word that is no password is refused by that prompt as usual, and stays.
    await user.send("hundred");
    expect(message(user, "hundred").deleted).toBe(false);
  });

  it("a password sent as a photo's caption is deleted, outside a flow and in one", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    await user.send("/orders");
    await user.sendPhoto({ caption: "main-demo-pass" });
    const photo = h.fake.messages
      .filter((m) => m.chatId === user.chatId && m.from === "user")
      .at(-1)!;
    expect(photo.deleted).toBe(true);
    expect(user.lastText()).toBe(`🔐 ${LAPSED_PASSWORD}`);
    // Into the amount prompt, which wants text: the same.
    await user.send("/exchange");
    await user.press(/^Tether TRC20/);
    await user.press(/Visa\/Mastercard UAH/);
    await user.sendPhoto({ caption: "Str0ng&Secret" });
    const second = h.fake.messages
      .filter((m) => m.chatId === user.chatId && m.from === "user")
      .at(-1)!;
    expect(second.deleted).toBe(true);
    expect(user.lastText()).toBe(`🔐 ${LAPSED_PASSWORD}`);
  });

  it("ordinary words, amounts, search terms and order tokens stay; only a password's shape goes", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    await user.send("/orders");
    const token = createdOrders("main")[0]!.token!;
    for (const text of [
      "usdt",
      "1500",
      "1,500.00",
      "bitcoin",
      "USDTTRC20",
      "hello there",
      "ivan@example.com",
    ]) {
      await user.send(text);
      expect(message(user, text).deleted, text).toBe(false);
    }
    expect(user.transcript()).not.toContain(LAPSED_PASSWORD);
    // A search in another flow's picker ("usdt") is that flow's, untouched.
    await user.send("/details");
    await user.press("➕ Add");
    await user.send("usdt");
    expect(user.lastText()).toMatch(/matching “usdt”/);
    await user.send("/cancel");
    await user.send("/password");
    await user.send("/orders");
    await user.send(`/order ${token}`);
    await user.send("Summer2026!");
    expect(message(user, "Summer2026!").deleted).toBe(true);
  });

  it("the button says what it reopens, in en, ru and uk", async () => {
    for (const [languageCode, label] of [
      ["en", "↩️ Change password"],
      ["ru", "↩️ Сменить пароль"],
      ["uk", "↩️ Змінити пароль"],
    ] as const) {
      const user = await h.linkedUser("main", { languageCode });
      await user.send("/password");
      await user.send("/orders");
      await user.send("main-demo-pass");
      const buttons = (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat();
      expect(buttons.map((b) => b.text)).toEqual([label]);
    }
  });
  it("the issue's walk-through in en, ru and uk: ordinary text stays after a left prompt; passwords and codes go", async () => {
    const ordinary = {
      en: [
        "Thanks!!!",
        "Ethereum",
        "1000.00RUB",
        "0,015BTC",
        "ORD-2025-5015",
        "+380501234567",
        "hundred",
      ],
      ru: ["Здравствуйте", "Спасибо!", "ПриватБанк", "Когда придут деньги?", "500грн"],
      uk: ["Вітаю", "Дякую!", "Монобанк", "Скільки коштує USDT?", "2500 гривень"],
    };
    const passwords = [
      "correct horse battery staple",
      "qwertyuiop",
      "PASSWORD2024",
      "12345678",
      "Pa$$1",
      "MYSECRETPASS",
    ];
    for (const languageCode of ["en", "ru", "uk"] as const) {
      const user = await h.linkedUser("main", { languageCode });
      await user.send("/password");
      await user.send("/orders");
      for (const text of ordinary[languageCode]) {
        await user.send(text);
        expect(message(user, text).deleted, `${languageCode}: ${text}`).toBe(false);
      }
      for (const text of passwords) {
        await user.send(text);
        expect(message(user, text).deleted, `${languageCode}: ${text}`).toBe(true);
      }
    }
    // After a left 2FA prompt: amounts stay, a code in the shapes people type it goes.
    const user = await h.linkedUser("twofa", { languageCode: "uk" });
    await user.send(`/pay ${createdOrders("twofa")[0]!.token}`);
    await user.press(/^✅/);
    await user.send("/orders");
    for (const text of ["100000", "150 000", "250000"]) {
      await user.send(text);
      expect(message(user, text).deleted, text).toBe(false);
    }
    for (const text of ["code 364507", "364507.", "код 918273", "364 507"]) {
      await user.send(text);
      expect(message(user, text).deleted, text).toBe(true);
    }
    expect(h.exchangerCalls("/user-api-spend-balance")).toHaveLength(0);
  });
});
