/**
 * Money on a screen: "250.00 Tether TRC20 (USDTTRC20)". The ONE way an amount and its currency are
 * written, for the order list and card, the pay card and notifications. The currency's name comes from
 * the exchanger's cached list (by id) when it has it, else from what the order itself said (name,
 * code), else "#id".
 */
import type { CurrencyRef, Money } from "../../exchanger/normalize/money.js";
import { clip } from "./html.js";

/** Currency id (as text) → display name, from the cached public list (CurrencyCache.labels). */
export type CurrencyNames = ReadonlyMap<string, string>;

/** The currency in words, plain text; undefined when the server said nothing about it. */
export function currencyText(
  names: CurrencyNames,
  currency: CurrencyRef | undefined,
): string | undefined {
  if (currency === undefined) return undefined;
  const listed = currency.id !== undefined ? names.get(currency.id) : undefined;
  if (listed !== undefined) return listed;
  if (currency.name !== undefined && currency.code !== undefined && currency.name !== currency.code)
    return `${currency.name} (${currency.code})`;
  return (
    currency.name ?? currency.code ?? (currency.id !== undefined ? `#${currency.id}` : undefined)
  );
}

/** "250.00 Tether TRC20 (USDTTRC20)", either half alone when the other is missing. Plain text, clipped. */
export function moneyText(
  names: CurrencyNames,
  money: Money | undefined,
  limits: { amount: number; name: number } = { amount: 40, name: 60 },
): string | undefined {
  if (money === undefined) return undefined;
  const currency = currencyText(names, money.currency);
  const parts = [
    money.amount && clip(money.amount, limits.amount),
    currency && clip(currency, limits.name),
  ].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(" ") : undefined;
}
