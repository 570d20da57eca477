/** The user object as a readable card: balance first, secrets never, unknown fields humanized. */
import { isPlainObject } from "../../../exchanger/envelope.js";
import { readBalances } from "../../../exchanger/normalize/balance.js";
import type { FlowContext } from "../../context.js";
import { TWO_FACTOR_FIELD, twoFactorFromUser } from "../../../exchanger/normalize/two-factor.js";
import { escapeHtml, fieldLines, fitMessage } from "../../ui/html.js";
import { fieldLabel, fieldLabels } from "../../ui/field-names.js";
import { formatDate } from "../../ui/dates.js";

const BALANCE = /balance/i;
const AMOUNT = /^-?\d+([.,]\d+)?$/;

/** Fields holding a moment ("created_at", "last_login"…): shown in the one date format of every screen. */
const DATE_FIELD = /(^|_)(date|at)$|^date_|At$|^last_login$/;

/** Yes/no flags servers send as 0/1. */
const FLAGS = new Set(["verified", "is_verified"]);

function presentable(ctx: Pick<FlowContext, "t">, user: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(user)) {
    const flag = FLAGS.has(key) && /^(0|1|true|false)$/.test(String(value).trim());
    if (flag) out[key] = ctx.t(/^(1|true)$/.test(String(value).trim()) ? "account-yes" : "account-no");
    else out[key] = DATE_FIELD.test(key) ? formatDate(ctx, value) : value;
  }
  return out;
}

/**
 * The balance first — one line per currency when the server gives one value per currency — then the
 * other amount fields named like a balance (partner balance…), each with its currency when given.
 */
function balanceLines(ctx: Pick<FlowContext, "t">, user: Record<string, unknown>): { lines: string[]; used: string[] } {
  const line = (label: string, value: string) => ctx.t("account-balance", { label: escapeHtml(label), value: escapeHtml(value) });
  const balances = readBalances(user);
  const used: string[] = [];
  const lines = balances.map((b) => line(ctx.t("account-balance-label"), b.currency ? `${b.amount} ${b.currency}` : b.amount));
  // A single amount took its currency from the first of these the user object has (readBalances).
  const currencyKey = ["balance_currency", "currency"].find((k) => typeof user[k] === "string" && String(user[k]).trim() !== "");
  if (balances.length > 0)
    used.push("balance", ...(currencyKey && !isPlainObject(user.balance) && !Array.isArray(user.balance) ? [currencyKey] : []));
  const others = Object.keys(user).filter((key) => key !== "balance" && BALANCE.test(key) && AMOUNT.test(String(user[key] ?? "").trim()));
  for (const key of others) {
    const currencyKey = `${key}_currency`;
    const currency = typeof user[currencyKey] === "string" ? ` ${String(user[currencyKey])}` : "";
    used.push(key, ...(currency ? [currencyKey] : []));
    lines.push(line(fieldLabel(ctx, key, "account"), `${String(user[key]).trim()}${currency}`));
  }
  return { lines, used };
}

/** `exchanger`: the exchanger's name, HTML-escaped (ui/branding.ts exchangerName). */
export function renderAccountCard(ctx: Pick<FlowContext, "t">, user: Record<string, unknown>, exchanger: string): string {
  const balances = balanceLines(ctx, user);
  const lines = [ctx.t("account-title", { exchanger }), ...balances.lines];
  const twofa = twoFactorFromUser(user);
  if (twofa !== undefined) lines.push(ctx.t(twofa ? "account-2fa-on" : "account-2fa-off"));
  lines.push("");
  lines.push(
    ...fieldLines(presentable(ctx, user), {
      skip: [...balances.used, ...Object.keys(user).filter((k) => TWO_FACTOR_FIELD.test(k))],
      label: fieldLabels(ctx, "account"),
    }),
  );
  return fitMessage(lines);
}
