import { Secret, TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import type { SandboxOrder } from "../../src/sandbox/state.js";
import { expectError, post } from "./helpers.js";

/** A pinned clock in the middle of a 30 s step, so ±1 step is unambiguous. */
const NOW = Date.UTC(2025, 3, 1, 10, 0, 15);

let sb: Sandbox;
beforeEach(async () => {
  sb = await startSandbox({ now: () => NOW });
});
afterEach(() => sb.close());

function code(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: NOW + offsetSteps * 30_000,
  });
}

/** Six digits that are not valid in the accepted window. */
function wrongCode(secret: string): string {
  const valid = [-1, 0, 1].map((step) => code(secret, step));
  return ["000000", "111111", "222222", "333333"].find((c) => !valid.includes(c))!;
}

function createdOrder(account: string, predicate: (amount: number) => boolean): SandboxOrder {
  const found = sb.state.accounts[account]!.orders.find(
    (o) => Number(o.status) === 0 && predicate(Number(o.send_amount)),
  );
  if (!found) throw new Error("seed has no such order");
  return found;
}

describe("spend-balance", () => {
  it("pays a created order: status → paid, balance debited", async () => {
    const order = createdOrder("main", (a) => a <= 1500 && a > 100);
    const answer = await post(sb, "/user-api-spend-balance", sb.accounts.main.apiKey, {
      token: order.token,
    });
    const expected = (1500 - Number(order.send_amount)).toFixed(2);
    expect(answer.body).toEqual({
      success: true,
      result: { order_id: order.id, status: 1, balance: expected },
    });
    expect(order.status).toBe(1);
    const listed = await post(sb, "/user-api-get-orders", sb.accounts.main.apiKey, {
      token: order.token,
    });
    expect(listed.body.result[0].status).toBe(1);
    const info = await post(sb, "/user-api-get-info", sb.accounts.main.apiKey);
    expect(info.body.result.balance).toBe(expected);
  });

  it("refuses an order above the balance, a paid order and an unknown token", async () => {
    const key = sb.accounts.main.apiKey;
    const big = createdOrder("main", (a) => a > 1500);
    expect(expectError(await post(sb, "/user-api-spend-balance", key, { token: big.token }))).toBe(
      "Insufficient balance",
    );
    expect(big.status).toBe(0);
    const paid = sb.state.accounts.main!.orders.find((o) => o.status === 1)!;
    expect(
      expectError(
        await post(sb, "/user-api-spend-balance", key, { token: paid.token, language: "ru" }),
      ),
    ).toContain("нельзя оплатить");
    expect(
      expectError(await post(sb, "/user-api-spend-balance", key, { token: "f".repeat(32) })),
    ).toBe("Order not found");
    expect(expectError(await post(sb, "/user-api-spend-balance", key))).toBe(
      "Parameter token is required",
    );
    // Another account's token is as unknown as a made-up one.
    const foreign = createdOrder("twofa", () => true);
    expectError(await post(sb, "/user-api-spend-balance", key, { token: foreign.token }));
    expect(sb.state.accounts.main!.balance).toBe(1500);
  });

  it("needs a valid TOTP code on a 2FA account; ±1 step accepted", async () => {
    const key = sb.accounts.twofa.apiKey;
    const secret = sb.accounts.twofa.twoFactorSecret!;
    const [small, second] = sb.state.accounts.twofa!.orders.filter((o) => o.status === 0);
    expect(
      expectError(await post(sb, "/user-api-spend-balance", key, { token: small!.token })),
    ).toBe("Two-factor authentication code is required");
    expect(
      expectError(
        await post(sb, "/user-api-spend-balance", key, {
          token: small!.token,
          two_factor_authentication_password: wrongCode(secret),
        }),
      ),
    ).toBe("Invalid two-factor authentication code");
    expectError(
      await post(sb, "/user-api-spend-balance", key, {
        token: small!.token,
        two_factor_authentication_password: code(secret, 2),
      }),
    );
    expectError(
      await post(sb, "/user-api-spend-balance", key, {
        token: small!.token,
        two_factor_authentication_password: code(secret, -2),
      }),
    );
    expect(small!.status).toBe(0);
    const ok = await post(sb, "/user-api-spend-balance", key, {
      token: small!.token,
      two_factor_authentication_password: code(secret, -1),
    });
    expect(ok.body.success).toBe(true);
    const ok2 = await post(sb, "/user-api-spend-balance", key, {
      token: second!.token,
      two_factor_authentication_password: code(secret, 1),
    });
    expect(ok2.body.success).toBe(true);
  });
});

describe("change-password", () => {
  it("changes the password with the current one and a long enough new one", async () => {
    const key = sb.accounts.main.apiKey;
    expect(
      expectError(
        await post(sb, "/user-api-change-password", key, {
          password: "wrong-pass",
          new_password: "another-pass",
        }),
      ),
    ).toBe("Current password is incorrect");
    expect(
      expectError(
        await post(sb, "/user-api-change-password", key, {
          password: sb.accounts.main.password,
          new_password: "short",
        }),
      ),
    ).toBe("New password must be at least 8 characters");
    expect(
      expectError(
        await post(sb, "/user-api-change-password", key, { password: sb.accounts.main.password }),
      ),
    ).toBe("Parameter new_password is required");
    const ok = await post(sb, "/user-api-change-password", key, {
      password: "main-demo-pass",
      new_password: "brand-new-pass",
    });
    expect(ok.body).toEqual({ success: true, result: true });
    expect(sb.accounts.main.password).toBe("brand-new-pass");
  });

  it("needs the 2FA code when 2FA is on", async () => {
    const key = sb.accounts.twofa.apiKey;
    const fields = { password: sb.accounts.twofa.password, new_password: "brand-new-pass" };
    expectError(await post(sb, "/user-api-change-password", key, fields));
    const ok = await post(sb, "/user-api-change-password", key, {
      ...fields,
      two_factor_authentication_password: code(sb.accounts.twofa.twoFactorSecret!),
    });
    expect(ok.body.success).toBe(true);
  });
});

describe("setup-two-factor-authentication", () => {
  it("enables 2FA with a client-made secret and disables it with a current code", async () => {
    const key = sb.accounts.main.apiKey;
    const secret = new Secret({ size: 20 }).base32;
    const enable = { two_factor_authentication_enable: 1, two_factor_authentication_token: secret };
    expect(
      expectError(await post(sb, "/user-api-setup-two-factor-authentication", key, enable)),
    ).toBe("Two-factor authentication code is required");
    expectError(
      await post(sb, "/user-api-setup-two-factor-authentication", key, {
        ...enable,
        two_factor_authentication_password: code(secret, 3),
      }),
    );
    expect(
      expectError(
        await post(sb, "/user-api-setup-two-factor-authentication", key, {
          ...enable,
          two_factor_authentication_token: "not base32!",
          two_factor_authentication_password: "123456",
        }),
      ),
    ).toContain("secret key");
    expect(sb.accounts.main.twoFactorSecret).toBeUndefined();

    const on = await post(sb, "/user-api-setup-two-factor-authentication", key, {
      ...enable,
      two_factor_authentication_password: code(secret),
    });
    expect(on.body).toEqual({ success: true, result: true });
    expect(sb.accounts.main.twoFactorSecret).toBe(secret);
    expect((await post(sb, "/user-api-get-info", key)).body.result.two_factor_authentication).toBe(
      1,
    );
    expect(
      expectError(
        await post(sb, "/user-api-setup-two-factor-authentication", key, {
          ...enable,
          two_factor_authentication_password: code(secret),
        }),
      ),
    ).toContain("already enabled");
    // Now spending needs the code too.
    const order = createdOrder("main", (a) => a < 1500);
    expectError(await post(sb, "/user-api-spend-balance", key, { token: order.token }));

    const off = { two_factor_authentication_enable: 0 };
    expectError(
      await post(sb, "/user-api-setup-two-factor-authentication", key, {
        ...off,
        two_factor_authentication_password: code(secret, 2),
      }),
    );
    expect(
      (
        await post(sb, "/user-api-setup-two-factor-authentication", key, {
          ...off,
          two_factor_authentication_password: code(secret, 1),
        })
      ).body.success,
    ).toBe(true);
    expect(sb.accounts.main.twoFactorSecret).toBeUndefined();
    expect(
      expectError(
        await post(sb, "/user-api-setup-two-factor-authentication", key, {
          ...off,
          two_factor_authentication_password: "123456",
        }),
      ),
    ).toContain("not enabled");
  });

  it("refuses an enable flag other than 0 or 1", async () => {
    const answer = await post(
      sb,
      "/user-api-setup-two-factor-authentication",
      sb.accounts.main.apiKey,
      {
        two_factor_authentication_enable: "yes",
        two_factor_authentication_password: "123456",
        language: "uk",
      },
    );
    expect(expectError(answer)).toBe("Параметр two_factor_authentication_enable має бути 1 або 0");
  });
});
