import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import { expectDeleted, expectNoLeak, totp, wrongTotp } from "../../../harness/two-factor.js";

const CHANGE = "/user-api-change-password";

describe("changing the password", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("current → new → repeat; too short and mismatch ask again; every password message deleted", async () => {
    const user = await h.linkedUser("main");
    const current = h.sandbox.accounts.main.password;
    await user.send("/password");
    expect(user.lastText()).toMatch(/Send your current password/);
    // The exchanger checks the current password only with the change itself: the prompt says so.
    expect(user.lastText()).toMatch(/only check it at the end/);
    expect(user.lastBotMessage().replyMarkup?.inline_keyboard?.flat()[0]?.callback_data).toBe(
      "flow:cancel",
    );
    await user.send(current);
    expect(user.lastText()).toMatch(/send the new password \(at least 8 characters\)/);

    await user.send("short");
    expect(user.lastText()).toMatch(/too short: it needs at least 8 characters/);
    // Checked at once, before the repeat: the new password must differ from the current one.
    await user.send(current);
    expect(user.lastText()).toMatch(/same as the current one/);
    await user.send("brand-new-pass");
    expect(user.lastText()).toMatch(/once more/);
    await user.send("brand-new-typo");
    expect(user.lastText()).toMatch(/do not match/);
    await user.send("brand-new-pass");
    await user.send("brand-new-pass");
    expect(user.lastText()).toMatch(/Your password has been changed/);

    const calls = h.exchangerCalls(CHANGE);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.fields).toEqual({
      password: current,
      new_password: "brand-new-pass",
      language: "en",
    });
    expect(h.sandbox.accounts.main.password).toBe("brand-new-pass");
    expectDeleted(h, user.chatId, [current, "short", "brand-new-pass", "brand-new-typo"]);
    expect(user.transcript()).not.toMatch(/brand-new|main-demo-pass/);
    await expectNoLeak(h, [
      current,
      "brand-new-pass",
      "brand-new-typo",
      h.sandbox.accounts.main.apiKey,
    ]);
  });

  it("a wrong current password: said in the bot's words (en, ru, uk), nothing changed", async () => {
    for (const [languageCode, told] of [
      ["ru", "❌ Неверный текущий пароль, поэтому пароль не изменён."],
      ["uk", "❌ Неправильний поточний пароль, тому пароль не змінено."],
    ] as const) {
      const other = await h.linkedUser("main", { languageCode });
      await other.send("/password");
      for (const text of ["not-my-password", "another-pass-1", "another-pass-1"])
        await other.send(text);
      expect(other.lastText()).toContain(told);
      expect(other.lastText()).not.toMatch(/Текущий пароль указан|Поточний пароль вказано|невірн/i);
    }
    const user = await h.linkedUser("main");
    await user.send("/password");
    for (const text of ["not-my-password", "another-pass-1", "another-pass-1"])
      await user.send(text);
    expect(user.lastText()).toMatch(
      /^❌ The current password is wrong, so the password was not changed/,
    );
    expect(h.sandbox.accounts.main.password).toBe("main-demo-pass");
    expectDeleted(h, user.chatId, ["not-my-password", "another-pass-1"]);
    // The flow is over: more text is not taken as a password.
    await user.send("another-pass-1");
    expect(h.exchangerCalls(CHANGE)).toHaveLength(3); // one per language, none more
  });

  it("with 2FA: asks for the code; a wrong code then the right one", async () => {
    const user = await h.linkedUser("twofa");
    const secret = h.sandbox.accounts.twofa.twoFactorSecret!;
    await user.send("/password");
    for (const text of ["twofa-demo-pass", "fresh-password-2", "fresh-password-2"])
      await user.send(text);
    expect(user.lastText()).toMatch(/2FA on. Send the current 6-digit code/);
    await user.send("abc");
    expect(user.lastText()).toMatch(/A code is 6 digits/);
    const wrong = wrongTotp(secret);
    await user.send(wrong);
    expect(user.lastText()).toMatch(/not accepted.*2 attempts left/);
    const right = totp(secret);
    await user.send(right);
    expect(user.lastText()).toMatch(/Your password has been changed/);

    const calls = h.exchangerCalls(CHANGE);
    expect(calls.map((c) => c.fields.two_factor_authentication_password)).toEqual([wrong, right]);
    expect(h.sandbox.accounts.twofa.password).toBe("fresh-password-2");
    expectDeleted(h, user.chatId, ["twofa-demo-pass", "fresh-password-2", "abc", wrong, right]);
    await expectNoLeak(h, ["twofa-demo-pass", "fresh-password-2", wrong, right, secret]);
  });

  it("a photo mid-flow re-prompts; /cancel leaves it", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    await user.sendPhoto();
    expect(user.lastText()).toMatch(/waiting for your current password/);
    await user.send("/cancel");
    expect(user.lastText()).toMatch(/Cancelled/);
    await user.send("main-demo-pass");
    expect(h.exchangerCalls(CHANGE)).toHaveLength(0);
    expect(user.lastText()).not.toMatch(/new password/);
  });

  it("resumes after a bot restart in the middle", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    await user.send("main-demo-pass");
    await user.send("restart-proof-1");
    await h.restart();
    await user.send("restart-proof-1");
    expect(user.lastText()).toMatch(/Your password has been changed/);
    expect(h.sandbox.accounts.main.password).toBe("restart-proof-1");
    await expectNoLeak(h, ["main-demo-pass", "restart-proof-1"]);
  });

  it("from the main menu, in Russian", async () => {
    const user = await h.linkedUser("main", { languageCode: "ru" });
    await user.send("/menu");
    await user.press("⋯ Ещё");
    await user.press("🔑 Сменить пароль");
    expect(user.lastText()).toMatch(/Отправьте ваш текущий пароль/);
    await user.send("main-demo-pass");
    await user.send("short");
    expect(user.lastText()).toMatch(/слишком короткий/);
  });
});
