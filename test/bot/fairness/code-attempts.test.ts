/**
 * Wrong 2FA codes are counted per account, across flows: a script opening pay card after pay card
 * gets at most CODE_ALLOWANCE.codes wrong codes to spend-balance per window; then paying, the
 * password and 2FA changes are refused with "wait N minutes"; a right code resets the count.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CODE_ALLOWANCE } from "../../../src/bot/core/code-attempts.js";
import type { SandboxOrder } from "../../../src/sandbox/server.js";
import { Harness } from "../../harness/harness.js";
import type { SimUser } from "../../harness/user.js";
import { totp, wrongTotp } from "../../harness/two-factor.js";

const SPEND = "/user-api-spend-balance";
const LOCKED = /Too many wrong 2FA codes for this account.*try again in \d+ min/s;

describe("2FA codes counted per account", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  const secret = () => h.sandbox.accounts.twofa.twoFactorSecret!;
  const spendsWithCode = () =>
    h
      .exchangerCalls(SPEND)
      .filter((r) => r.fields.two_factor_authentication_password !== undefined);
  function payableOrder(): SandboxOrder {
    const order = h.sandbox.state.accounts.twofa!.orders.find((o) => Number(o.status) === 0);
    if (!order) throw new Error("the seed has no created order for twofa");
    return order;
  }
  /** A fresh card and a press on Pay: the code prompt (or the refusal). */
  async function pressPay(user: SimUser) {
    await user.send(`/pay ${payableOrder().token}`);
    await user.press(/^✅ Pay/);
  }

  it("new pay cards do not reset the count: a handful of wrong codes reach spend-balance, then everything waits", async () => {
    const user = await h.linkedUser("twofa");
    const wrong = wrongTotp(secret());
    // A script: card after card, wrong codes until the bot stops asking.
    for (let card = 0; card < 6; card++) {
      await pressPay(user);
      if (LOCKED.test(user.lastText())) break;
      for (
        let i = 0;
        i < 3 && /send the current 6-digit code|not accepted/.test(user.lastText());
        i++
      )
        await user.send(wrong);
    }
    expect(spendsWithCode()).toHaveLength(CODE_ALLOWANCE.codes);
    expect(user.transcript()).toMatch(LOCKED);

    // Even the right code is not sent now, and money and security actions are refused at once.
    await pressPay(user);
    expect(user.lastText()).toMatch(LOCKED);
    await user.send(totp(secret()));
    await user.send("/password");
    expect(user.lastText()).toMatch(LOCKED);
    await user.send("/2fa");
    await user.press(/turn off|Turn off|Disable/i);
    expect(user.lastText()).toMatch(LOCKED);
    expect(spendsWithCode()).toHaveLength(CODE_ALLOWANCE.codes);
    expect(payableOrder().status).toBe(0);
  });

  it("is shared by two chats of one account and by two bot instances", async () => {
    const second = await Harness.start({ sandbox: h.sandbox, prefix: h.prefix });
    try {
      const a = await h.linkedUser("twofa");
      const b = await second.linkedUser("twofa", { id: 990_001 }); // another chat, on the other instance
      const wrong = wrongTotp(secret());
      await pressPay(a);
      for (let i = 0; i < 3; i++) await a.send(wrong);
      await pressPay(b);
      for (let i = 0; i < 3; i++) await b.send(wrong);
      expect(spendsWithCode()).toHaveLength(CODE_ALLOWANCE.codes);
      expect(b.transcript()).toMatch(LOCKED);
    } finally {
      await second.close();
    }
  });

  it("a right code resets the count", async () => {
    const user = await h.linkedUser("twofa");
    const wrong = wrongTotp(secret());
    await pressPay(user);
    for (let i = 0; i < CODE_ALLOWANCE.codes - 2; i++) await user.send(wrong);
    await pressPay(user);
    await user.send(totp(secret()));
    expect(user.lastText()).toMatch(/is paid/);
    // Without the reset these would pass the allowance.
    const before = spendsWithCode().length;
    const next = h.sandbox.state.accounts.twofa!.orders.find((o) => Number(o.status) === 0);
    expect(next).toBeDefined();
    await user.send(`/pay ${next!.token}`);
    await user.press(/^✅ Pay/);
    for (let i = 0; i < 3; i++) await user.send(wrong);
    expect(spendsWithCode().length - before).toBe(3);
    expect(user.transcript()).not.toMatch(LOCKED);
  });
});
