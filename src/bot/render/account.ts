/** The user object as a readable card: balance first, secrets never, unknown fields humanized. */
import type { FlowContext } from "../context.js";
import { escapeHtml, fieldLines, fitMessage, humanizeKey } from "./html.js";

const BALANCE = /balance/i;
const TWO_FACTOR = /two_factor|2fa|totp|google_auth/i;

/** Reads "is 2FA on" from a user object when the server says so; undefined when it does not. */
export function twoFactorFromUser(user: Record<string, unknown>): boolean | undefined {
  for (const [key, value] of Object.entries(user)) {
    if (!TWO_FACTOR.test(key)) continue;
    if (typeof value === "boolean") return value;
    if (typeof value === "number") return value !== 0;
    if (typeof value === "string" && /^(0|1|true|false|yes|no|on|off)$/i.test(value.trim())) return /^(1|true|yes|on)$/i.test(value.trim());
  }
  return undefined;
}

const AMOUNT = /^-?\d+([.,]\d+)?$/;

/** Amount fields named like a balance, "balance" itself first, each with its currency when given. */
function balanceLines(ctx: Pick<FlowContext, "t">, user: Record<string, unknown>): { lines: string[]; used: string[] } {
  const amounts = Object.keys(user)
    .filter((key) => BALANCE.test(key) && AMOUNT.test(String(user[key] ?? "").trim()))
    .sort((a, b) => Number(b === "balance") - Number(a === "balance"));
  const used: string[] = [];
  const lines = amounts.map((key) => {
    const currencyKey = [`${key}_currency`, key === "balance" ? "currency" : ""].find((k) => k !== "" && typeof user[k] === "string");
    used.push(key, ...(currencyKey ? [currencyKey] : []));
    const value = `${String(user[key]).trim()}${currencyKey ? ` ${String(user[currencyKey])}` : ""}`;
    const label = key === "balance" ? ctx.t("account-balance-label") : humanizeKey(key);
    return ctx.t("account-balance", { label: escapeHtml(label), value: escapeHtml(value) });
  });
  return { lines, used };
}

export function renderAccountCard(ctx: Pick<FlowContext, "t">, user: Record<string, unknown>): string {
  const balances = balanceLines(ctx, user);
  const lines = [ctx.t("account-title"), ...balances.lines];
  const twofa = twoFactorFromUser(user);
  if (twofa !== undefined) lines.push(ctx.t(twofa ? "account-2fa-on" : "account-2fa-off"));
  lines.push("");
  lines.push(...fieldLines(user, { skip: [...balances.used, ...Object.keys(user).filter((k) => TWO_FACTOR.test(k))] }));
  return fitMessage(lines);
}
