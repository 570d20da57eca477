/**
 * The currency list (`public-api-get-currencies`). The vendor documents only that each currency has an
 * id; servers send a list or an object keyed by id, and put the name and the code under different keys.
 * This reader gives every currency the same face: `id` (from the object, else its key), `name` and
 * `code`, with the alias keys it took them from removed so a screen does not show them twice.
 */
import { isPlainObject } from "../envelope.js";
import type { Currency } from "../records.js";
import { amountOf, DECIMALS_NAMES, firstOf, numberOf, textOf } from "./values.js";
import { RESERVE } from "./direction.js";

/** Keys a currency's display name is found under, most specific first. */
export const CURRENCY_NAME_KEYS = ["name", "title", "currency_name", "label"] as const;
/** Keys a currency's code is found under (`xml_code` is the BestChange-style code many scripts use). */
export const CURRENCY_CODE_KEYS = [
  "code",
  "xml_code",
  "currency_code",
  "xml",
  "symbol",
  "ticker",
] as const;

/** The currencies, or undefined when the result cannot be a currency list. */
export function readCurrencies(result: unknown): Currency[] | undefined {
  if (result === null || result === undefined || result === false || result === "") return [];
  // A list carries the ids inside; an object keyed by id may leave them out of the values.
  let entries: Array<[string | undefined, unknown]>;
  if (Array.isArray(result)) entries = result.map((value) => [undefined, value]);
  else if (isPlainObject(result)) entries = Object.entries(result);
  else return undefined;
  const currencies: Currency[] = [];
  for (const [key, value] of entries) {
    const currency = readCurrency(value, key);
    if (currency) currencies.push(currency);
  }
  return currencies;
}

function readCurrency(value: unknown, key: string | undefined): Currency | undefined {
  if (!isPlainObject(value)) return undefined;
  const id = idOf(value.id) ?? (key !== undefined ? idOf(key) : undefined);
  if (id === undefined) return undefined;
  const name = firstText(value, CURRENCY_NAME_KEYS);
  const code = firstText(value, CURRENCY_CODE_KEYS);
  const rest = Object.fromEntries(
    Object.entries(value).filter(([k]) => k !== name?.key && k !== code?.key && k !== "id"),
  );
  // Digits after the point, as a number the calculator can use (a server may write "8" or {"value": 8}).
  const decimals = numberOf(firstOf(value, DECIMALS_NAMES));
  const usable =
    decimals !== undefined && Number.isInteger(decimals) && decimals >= 0 && decimals <= 30;
  // What the exchanger can pay out in this currency, as a decimal string when it reads as an amount (the
  // calculator's limit beside the direction's own); anything else stays as sent, shown but never calculated with.
  const reserve = amountOf(firstOf(value, RESERVE));
  return {
    ...rest,
    id,
    ...(name && { name: name.text }),
    ...(code && { code: code.text }),
    ...(usable && { decimals }),
    ...(reserve !== undefined && { reserve }),
  };
}

/** The first of `keys` holding text (a scalar, or an object carrying one), HTML entities decoded once. */
function firstText(
  record: Record<string, unknown>,
  keys: readonly string[],
): { key: string; text: string } | undefined {
  for (const key of keys) {
    const text = textOf(record[key]);
    if (text !== undefined) return { key, text };
  }
  return undefined;
}

function idOf(value: unknown): string | number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  return undefined;
}
