/**
 * The balance on the user object (`user-api-get-info`). Servers write it as a number, a numeric string,
 * or one value per currency: an object keyed by currency code, or a list of `{currency, amount}`
 * entries. Every form becomes a list of amounts with their currency where one is known; a single
 * amount takes the currency from `balance_currency`/`currency` beside it.
 */
import { isPlainObject } from "../envelope.js";
import type { Balance } from "../types.js";

const AMOUNT = /^-?\d+([.,]\d+)?$/;
const CURRENCY_KEYS = ["currency", "code", "currency_code", "xml_code", "symbol"];
const AMOUNT_KEYS = ["amount", "balance", "value", "sum"];

/** The user's balances (empty when the user object carries none it can read). */
export function readBalances(user: Record<string, unknown> | undefined): Balance[] {
  if (!user) return [];
  const raw = user.balance;
  const single = amountText(raw);
  if (single !== undefined) {
    const currency = [user.balance_currency, user.currency].find((c): c is string => typeof c === "string" && c.trim() !== "");
    return [currency ? { amount: single, currency: currency.trim() } : { amount: single }];
  }
  if (isPlainObject(raw)) {
    return Object.entries(raw).flatMap(([code, value]) => {
      const entry = isPlainObject(value) ? balanceEntry(value) : undefined;
      const amount = entry?.amount ?? amountText(value);
      return amount === undefined ? [] : [{ amount, currency: entry?.currency ?? code }];
    });
  }
  if (Array.isArray(raw)) return raw.flatMap((value) => (isPlainObject(value) ? (balanceEntry(value) ?? []) : []));
  return [];
}

/** "1500.00 USD, 0.01 BTC": every balance in one line. */
export function formatBalances(balances: readonly Balance[]): string | undefined {
  if (balances.length === 0) return undefined;
  return balances.map((b) => (b.currency ? `${b.amount} ${b.currency}` : b.amount)).join(", ");
}

function balanceEntry(record: Record<string, unknown>): Balance | undefined {
  const amount = AMOUNT_KEYS.map((k) => amountText(record[k])).find((a) => a !== undefined);
  if (amount === undefined) return undefined;
  const currency = CURRENCY_KEYS.map((k) => record[k]).find((c): c is string => typeof c === "string" && c.trim() !== "");
  return currency ? { amount, currency: currency.trim() } : { amount };
}

function amountText(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && AMOUNT.test(value.trim())) return value.trim();
  return undefined;
}
