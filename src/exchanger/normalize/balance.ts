/**
 * The balance on the user object (`user-api-get-info`). Servers write it as a number, a numeric string,
 * or one value per currency: an object keyed by currency code, or a list of `{currency, amount}`
 * entries. Every form becomes a list of amounts with their currency where one is known; a single
 * amount takes the currency from `balance_currency`/`currency` beside it.
 */
import { isPlainObject } from "../envelope.js";
import type { Balance } from "../records.js";
import { amountOf, CODE_NAMES, NAME_NAMES, textOf } from "./values.js";

const CURRENCY_KEYS = ["currency", "code", "currency_code", "xml_code", "symbol"];
const AMOUNT_KEYS = ["amount", "balance", "value", "sum"];
/** A currency written as a code or as an object carrying one (`{"code": "USD"}`). */
const currencyText = (value: unknown): string | undefined =>
  textOf(value, [...CODE_NAMES, ...NAME_NAMES]);

/** The user's balances (empty when the user object carries none it can read). */
export function readBalances(user: Record<string, unknown> | undefined): Balance[] {
  if (!user) return [];
  const raw = user.balance;
  const single = amountText(raw);
  if (single !== undefined) {
    const currency = [user.balance_currency, user.currency]
      .map(currencyText)
      .find((c) => c !== undefined);
    return [currency ? { amount: single, currency } : { amount: single }];
  }
  if (isPlainObject(raw)) {
    // One balance written as an object (`{"amount": "1500", "currency": {"code": "USD"}}`), else one per currency.
    const one = balanceEntry(raw);
    if (one !== undefined) return [one];
    return Object.entries(raw).flatMap(([code, value]) => {
      const entry = isPlainObject(value) ? balanceEntry(value) : undefined;
      const amount = entry?.amount ?? amountText(value);
      return amount === undefined ? [] : [{ amount, currency: entry?.currency ?? code }];
    });
  }
  if (Array.isArray(raw))
    return raw.flatMap((value) => (isPlainObject(value) ? (balanceEntry(value) ?? []) : []));
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
  const currency = CURRENCY_KEYS.map((k) => currencyText(record[k])).find((c) => c !== undefined);
  return currency ? { amount, currency } : { amount };
}

/** An amount as the server wrote it when it is one ("1500.00" keeps its zeros), else the normalized form ("1 500,50"). */
function amountText(value: unknown): string | undefined {
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  return typeof value === "string" || typeof value === "number" ? amountOf(value) : undefined;
}
