/**
 * Methods that spend money or change security settings; each takes
 * `two_factor_authentication_password` (a current TOTP code) when 2FA is on — setup always does.
 * The code is checked before anything else is revealed (e.g. whether a token exists).
 */
import { PAYABLE_STATUS_IDS, writeStatus } from "../order-status.js";
import { emitOrderChanged } from "../webhooks.js";
import { SandboxError } from "../errors.js";
import { formatAmount, formatDateTime, parseAmount } from "../format.js";
import type { SandboxAccount } from "../state.js";
import { isValidSecret, verifyCode } from "../totp.js";
import type { UserContext, UserMethod } from "./types.js";

export const MIN_PASSWORD_LENGTH = 8;

function requireSecondFactor({ account, params, now }: UserContext): void {
  if (!account.twoFactorSecret) return;
  checkCode(account.twoFactorSecret, params.get("two_factor_authentication_password"), now);
}

function checkCode(secret: string, code: string | undefined, now: number): void {
  if (code === undefined) throw new SandboxError("twoFactorRequired", {}, 200, CODE_FIELD);
  if (!verifyCode(secret, code, now))
    throw new SandboxError("twoFactorInvalid", {}, 200, CODE_FIELD);
}

function required(ctx: UserContext, name: string): string {
  const value = ctx.params.get(name);
  if (value === undefined) throw new SandboxError("required", { name }, 200, name);
  return value;
}

/** The parameter that carries the 2FA code. */
const CODE_FIELD = "two_factor_authentication_password";

export const spendBalance: UserMethod = (ctx) => {
  const token = required(ctx, "token").trim();
  requireSecondFactor(ctx);
  const { account, now } = ctx;
  const order = account.orders.find((o) => o.token === token);
  if (!order) throw new SandboxError("orderNotFound");
  if (!PAYABLE_STATUS_IDS.includes(Number(order.status))) throw new SandboxError("orderNotPayable");
  // The sandbox compares numbers only; a real exchanger converts between currencies first.
  const amount = parseAmount(order.send_amount);
  if (!Number.isFinite(amount) || amount > account.balance)
    throw new SandboxError("insufficientBalance");
  account.balance = Math.round((account.balance - amount) * 100) / 100;
  order.status = typeof order.status === "string" ? "1" : 1;
  order.updated_at = formatDateTime(now);
  order.paid_at = formatDateTime(now);
  emitOrderChanged(ctx.state, account, order);
  return {
    result: {
      order_id: order.id,
      status: writeStatus(ctx.dialect, 1),
      balance: formatAmount(account.balance),
    },
  };
};

export const changePassword: UserMethod = (ctx) => {
  const password = required(ctx, "password");
  const newPassword = required(ctx, "new_password");
  requireSecondFactor(ctx);
  if (password !== ctx.account.password) throw new SandboxError("wrongPassword");
  if ([...newPassword].length < MIN_PASSWORD_LENGTH)
    throw new SandboxError("passwordTooShort", { min: MIN_PASSWORD_LENGTH });
  ctx.account.password = newPassword;
  return { result: true };
};

export const setupTwoFactor: UserMethod = (ctx) => {
  const flag = required(ctx, "two_factor_authentication_enable").trim();
  if (flag !== "1" && flag !== "0") throw new SandboxError("invalidEnableFlag");
  const code = ctx.params.get("two_factor_authentication_password");
  if (code === undefined) throw new SandboxError("twoFactorRequired", {}, 200, CODE_FIELD);
  return flag === "1" ? enable(ctx.account, ctx, code) : disable(ctx.account, code, ctx.now);
};

/** The client generates the secret and proves it was stored by sending a code made from it. */
function enable(account: SandboxAccount, ctx: UserContext, code: string) {
  if (account.twoFactorSecret) throw new SandboxError("twoFactorAlreadyEnabled");
  const secret = required(ctx, "two_factor_authentication_token").replace(/\s+/g, "").toUpperCase();
  if (!isValidSecret(secret)) throw new SandboxError("twoFactorSecretInvalid");
  checkCode(secret, code, ctx.now);
  account.twoFactorSecret = secret;
  return { result: true };
}

function disable(account: SandboxAccount, code: string, now: number) {
  if (!account.twoFactorSecret) throw new SandboxError("twoFactorNotEnabled");
  checkCode(account.twoFactorSecret, code, now);
  account.twoFactorSecret = null;
  return { result: true };
}
