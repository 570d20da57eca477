/**
 * The balance on the user object (`user-api-get-info`). Servers write it as a number, a numeric string,
 * or one value per currency: an object keyed by currency code, or a list of `{currency, amount}`
 * entries. Every form becomes a list of amounts with their currency where one is known; a single
 * amount takes the currency from `balance_currency`/`currency` beside it.
 */
import BigConstructor, { type Big } from "big.js";
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

/** How the balance stands against an amount to pay, when the bot can tell at all. */
export type Coverage =
  /** A balance in the amount's currency, at least the amount. */
  | { kind: "covers"; balance: Balance }
  /** A balance in the amount's currency, less than the amount: the exchanger would refuse to pay. */
  | { kind: "short"; balance: Balance }
  /** No balance names that currency (or none names any): the exchanger decides. */
  | { kind: "unknown" };

const Decimal = BigConstructor();
Decimal.strict = true;

const sameCurrency = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether the balance kept in the amount's currency covers it. `currency`: every way the order names
 * its currency (its code, its name, the exchanger's list's label); a balance counts only when its own
 * currency is one of them — a balance in another currency, or in none said, is never compared (no
 * conversion is guessed). Amounts are compared as decimals (big.js), never as floats.
 */
export function coverage(
  balances: readonly Balance[],
  amount: string | undefined,
  currency: readonly (string | undefined)[],
): Coverage {
  const names = currency.filter((c): c is string => c !== undefined && c.trim() !== "");
  const balance = balances.find(
    (b) => b.currency !== undefined && names.some((n) => sameCurrency(n, b.currency!)),
  );
  const need = amount === undefined ? undefined : decimal(amount);
  const have = balance === undefined ? undefined : decimal(balance.amount);
  if (balance === undefined || need === undefined || have === undefined) return { kind: "unknown" };
  return have.gte(need) ? { kind: "covers", balance } : { kind: "short", balance };
}

function decimal(text: string): Big | undefined {
  const plain = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(plain)) return undefined;
  return new Decimal(plain);
}
