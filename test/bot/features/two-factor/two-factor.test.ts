import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";
import { expectDeleted, expectNoLeak, totp, wrongTotp } from "../../../harness/two-factor.js";

const SETUP = "/user-api-setup-two-factor-authentication";

describe("two-factor authentication", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  /** The QR message of the enable flow and the secret shown in its spoiler. */
  function qrMessage(user: SimUser) {
    const message = user.visible().find((m) => m.from === "bot" && m.photo)!;
    expect(message).toBeDefined();
    const secret = message.raw
      .match(/<tg-spoiler><code>([A-Z2-7 ]+)<\/code><\/tg-spoiler>/)![1]!
      .replace(/ /g, "");
    return { message, secret };
  }

  it("/2fa shows that it is off; turning it on: QR photo with protect_content, a wrong code, then the right one", async () => {
    const user = await h.linkedUser("main");
    await user.send("/2fa");
    expect(user.lastText()).toMatch(/2FA \(two-factor authentication\)\nStatus: off/);
    await user.press("🔐 Turn on");

    const { message, secret } = qrMessage(user);
    expect(message.protectContent).toBe(true);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(message.text).toContain(new URL(h.sandbox.baseUrl).host);
    const upload = h.fake.callsOf("sendPhoto", user.chatId).at(-1)!;
    expect(Object.values(upload.uploads)[0]).toBeGreaterThan(500);

    const wrong = wrongTotp(secret);
    await user.send(wrong);
    // The bot's own words: the exchanger's "Invalid two-factor authentication code" adds nothing.
    expect(user.lastText()).toMatch(
      /^❌ That code was not accepted. Send the current code again \(2 attempts left\)/,
    );
    expect(user.lastText()).not.toMatch(/Invalid|two-factor/);
    // One error for one wrong code, not a second warning.
    expect(user.lastText().match(/❌|⚠️/g)).toHaveLength(1);
    expect(h.fake.message(user.chatId, message.messageId)!.deleted).toBe(false);
    const right = totp(secret);
    await user.send(right);
    expect(user.lastText()).toMatch(/2FA is on/);

    expect(h.fake.message(user.chatId, message.messageId)!.deleted).toBe(true);
    expect(h.sandbox.accounts.main.twoFactorSecret).toBe(secret);
    expect((await h.app.deps.settings.get(user.chatId)).twofa).toBe(true);
    const calls = h.exchangerCalls(SETUP);
    expect(calls.map((c) => c.fields)).toEqual([
      {
        two_factor_authentication_token: secret,
        two_factor_authentication_enable: "1",
        two_factor_authentication_password: wrong,
        language: "en",
      },
      {
        two_factor_authentication_token: secret,
        two_factor_authentication_enable: "1",
        two_factor_authentication_password: right,
        language: "en",
      },
    ]);
    expectDeleted(h, user.chatId, [wrong, right]);
    await expectNoLeak(h, [secret, wrong, right, h.sandbox.accounts.main.apiKey]);

    await user.send("/2fa");
    expect(user.lastText()).toMatch(/Status: on/);
  });

  it("turning it off with a code", async () => {
    const user = await h.linkedUser("twofa");
    const secret = h.sandbox.accounts.twofa.twoFactorSecret!;
    await user.send("/2fa");
    expect(user.lastText()).toMatch(/Status: on/);
    expect(() => user.findButton("🔐 Turn on")).toThrow();
    await user.press("🔓 Turn off");
    expect(user.lastText()).toMatch(/To turn 2FA off, send the current 6-digit code/);
    await user.send("99999");
    expect(user.lastText()).toMatch(/A code is 6 digits/);
    const code = totp(secret);
    await user.send(code);
    expect(user.lastText()).toMatch(/2FA is off/);
    expect(h.sandbox.accounts.twofa.twoFactorSecret).toBeUndefined();
    expect((await h.app.deps.settings.get(user.chatId)).twofa).toBe(false);
    expect(h.exchangerCalls(SETUP).map((c) => c.fields)).toEqual([
      {
        two_factor_authentication_enable: "0",
        two_factor_authentication_password: code,
        language: "en",
      },
    ]);
    expectDeleted(h, user.chatId, ["99999", code]);
    await expectNoLeak(h, [code, secret]);
  });

  it("a wrong code is told in the bot's words in ru and uk, not the exchanger's", async () => {
    for (const [languageCode, told, never] of [
      [
        "ru",
        /^❌ Код не принят\. Отправьте текущий код ещё раз \(осталось 2 попытки\)/,
        /Неверн|двухфактор|пароль 2FA/,
      ],
      [
        "uk",
        /^❌ Код не прийнято\. Надішліть поточний код ще раз \(залишилося 2 спроби\)/,
        /Невірн|двофактор/,
      ],
    ] as const) {
      const user = await h.linkedUser("twofa", { languageCode });
      const secret = h.sandbox.accounts.twofa.twoFactorSecret!;
      await user.send("/2fa");
      await user.press(/^🔓/);
      await user.send(wrongTotp(secret));
      expect(user.lastText()).toMatch(told);
      expect(user.lastText()).not.toMatch(never);
      await user.send("/cancel");
    }
  });

  it("three wrong codes leave 2FA on", async () => {
    const user = await h.linkedUser("twofa");
    const secret = h.sandbox.accounts.twofa.twoFactorSecret!;
    await user.send("/2fa");
    await user.press("🔓 Turn off");
    const wrong = wrongTotp(secret);
    for (let i = 0; i < 3; i++) await user.send(wrong);
    expect(user.lastText()).toMatch(/Too many wrong codes. 2FA stays on/);
    expect(h.sandbox.accounts.twofa.twoFactorSecret).toBe(secret);
    expect(h.exchangerCalls(SETUP)).toHaveLength(3);
  });

  it("the QR message's Cancel deletes it and sets nothing up", async () => {
    const user = await h.linkedUser("main");
    await user.send("/2fa");
    await user.press("🔐 Turn on");
    const { message } = qrMessage(user);
    await user.press("✖ Cancel", message.messageId);
    expect(h.fake.message(user.chatId, message.messageId)!.deleted).toBe(true);
    expect(user.lastText()).toMatch(/Cancelled. 2FA stays off/);
    await user.send("123456");
    expect(h.exchangerCalls(SETUP)).toHaveLength(0);
    expect(h.sandbox.accounts.main.twoFactorSecret).toBeUndefined();
  });

  it("/cancel in the middle deletes the QR message too", async () => {
    const user = await h.linkedUser("main");
    await user.send("/2fa");
    await user.press("🔐 Turn on");
    const { message } = qrMessage(user);
    await user.send("/cancel");
    expect(h.fake.message(user.chatId, message.messageId)!.deleted).toBe(true);
    expect(user.lastText()).toMatch(/Cancelled/);
    await user.send("123456");
    expect(h.exchangerCalls(SETUP)).toHaveLength(0);
  });

  it("a restart mid-flow keeps the same secret: the code from the app is accepted", async () => {
    const user = await h.linkedUser("main");
    await user.send("/2fa");
    await user.press("🔐 Turn on");
    const { message, secret } = qrMessage(user);
    await h.restart();
    await user.send(totp(secret));
    expect(user.lastText()).toMatch(/2FA is on/);
    expect(h.sandbox.accounts.main.twoFactorSecret).toBe(secret);
    expect(h.fake.message(user.chatId, message.messageId)!.deleted).toBe(true);
    // Only one QR was ever sent: the replay did not send it again.
    expect(h.fake.callsOf("sendPhoto", user.chatId)).toHaveLength(1);
    await expectNoLeak(h, [secret]);
  });

  it("then paying asks for a code from the new secret", async () => {
    const user = await h.linkedUser("main");
    await user.send("/2fa");
    await user.press("🔐 Turn on");
    const { secret } = qrMessage(user);
    await user.send(totp(secret));
    const order = h.sandbox.state.accounts.main!.orders.find(
      (o) => Number(o.status) === 0 && o.send_amount === "250.00",
    )!;
    await user.send(`/pay ${order.token}`);
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toMatch(/send the current 6-digit code/);
    await user.send(totp(secret));
    expect(user.lastText()).toMatch(/is paid/);
  });
});
