/**
 * Money and numbers on a screen: the ONE way an amount, a rate or a limit is written, and an amount
 * with its currency ("250.00 Tether TRC20"), on every screen and in notifications.
 *
 * Numbers follow the reader's language (the locale the translations name in `date-locale`, core.ftl,
 * as dates do): a decimal comma and a narrow no-break space between thousands in ru/uk
 * ("1 500,25"), the point and no grouping in English, as the bot always wrote it (and as people
 * type amounts back; the calculator reads either). Intl.NumberFormat formats the decimal TEXT
 * (Node ≥ 19 takes a string exactly, no float in between), so no digit is lost or invented.
 *
 * An amount is shown at its currency's precision when that is known (rounded to `decimals`), never
 * padded past two decimals: "0.05000000 BTC" reads "0.05 BTC", "1500" reads "1500.00".
 * The currency's name comes from the exchanger's cached list (by id) when it has it, else from what
 * the order itself said (name, else code), else "#id".
 */
import type { CurrencyRef, Money, Translator } from "../../exchanger/index.js";
import { clip } from "./html.js";
import { Memo } from "../../runtime/memo.js";

/** Currency id (as text) → display name, from the cached public list (CurrencyCache.labels). */
export type CurrencyNames = ReadonlyMap<string, string>;

/** A plain decimal as servers and the calculator write it: "1500", "-0.05000000", ".5". */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
/** Node 20's Intl limit on fraction digits (beyond what any currency uses: the calculator stops at 18). */
const MAX_FRACTION = 20;
/** Between thousands in ru/uk: the narrow no-break space typography asks for (Intl gives U+00A0). */
const NARROW_NBSP = "\u202f";

/** One formatter per locale and precision, built once (building costs far more than formatting). */
const formatters = new Memo<string, Intl.NumberFormat>(256);

function formatterFor(locale: string, min: number, max: number): Intl.NumberFormat {
  return formatters.get(
    `${locale}\u0000${min}\u0000${max}`,
    () =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: min,
        maximumFractionDigits: max,
        // English as the bot always wrote it (and as a customer types it back): no thousands commas.
        useGrouping: !locale.startsWith("en"),
      }),
  );
}

/** `date-locale` text → the locale Intl knows for it (supportedLocalesOf costs more than formatting). */
const locales = new Memo<string, string>(64);

/** The locale the translations name; "en" when Intl does not know it (a typo in a .ftl must not throw). */
function localeOf(tr: Translator): string {
  return locales.get(tr.t("date-locale"), (tag) => {
    try {
      return Intl.NumberFormat.supportedLocalesOf([tag.trim()])[0] ?? "en";
    } catch {
      return "en";
    }
  });
}

/** Whitespace in a formatted plain number: only ever the group separator. */
const GROUP_SPACE = /\s/g;

function format(tr: Translator, value: string, min: number, max: number): string {
  const text = value.trim();
  if (!DECIMAL.test(text)) return value;
  // Intl.NumberFormat formats a numeric string exactly (the typing of lib.es2023 only knows numbers).
  const exact = text as unknown as number;
  // A plain decimal formats to digits, a sign, the decimal separator and group separators: a space
  // among them is a group separator (formatToParts would say so at several times the cost).
  const locale = localeOf(tr);
  return formatted.get(`${locale}\u0000${min}\u0000${max}\u0000${text}`, () =>
    formatterFor(locale, min, max).format(exact).replace(GROUP_SPACE, NARROW_NBSP),
  );
}

/** What each locale and precision made of an amount lately (a list shows the same orders page after page). */
const formatted = new Memo<string, string>(2000);

/**
 * An amount in the reader's language: rounded to the currency's `decimals` when known, at least two
 * decimals (fewer only for a currency that has fewer), trailing zeros past those dropped. Text that is
 * not a plain decimal is shown as written.
 */
export function formatAmount(tr: Translator, amount: string, decimals?: number): string {
  const max =
    decimals !== undefined && Number.isInteger(decimals) && decimals >= 0
      ? Math.min(decimals, MAX_FRACTION)
      : MAX_FRACTION;
  return format(tr, amount, Math.min(2, max), max);
}

/** A number that is no amount (a rate, a percentage): every digit given, in the reader's language. */
export function formatNumber(tr: Translator, value: string): string {
  return format(tr, value, 0, MAX_FRACTION);
}

/** The currency in words, plain text; undefined when the server said nothing about it. */
export function currencyText(
  names: CurrencyNames,
  currency: CurrencyRef | undefined,
): string | undefined {
  if (currency === undefined) return undefined;
  const listed = currency.id !== undefined ? names.get(currency.id) : undefined;
  if (listed !== undefined) return listed;
  return (
    currency.name ?? currency.code ?? (currency.id !== undefined ? `#${currency.id}` : undefined)
  );
}

/** "250.00 Tether TRC20", either half alone when the other is missing. Plain text, clipped. */
export function moneyText(
  tr: Translator,
  names: CurrencyNames,
  money: Money | undefined,
  limits: { amount: number; name: number } = { amount: 40, name: 60 },
): string | undefined {
  if (money === undefined) return undefined;
  const currency = currencyText(names, money.currency);
  const amount =
    money.amount === undefined
      ? undefined
      : formatAmount(tr, money.amount, money.currency.decimals);
  const parts = [
    amount && clip(amount, limits.amount),
    currency && clip(currency, limits.name),
  ].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(" ") : undefined;
}

/** "1 500,00 USD, 0,01 BTC": the balance, one amount per currency, in the reader's language. */
export function balancesText(
  tr: Translator,
  balances: readonly { amount: string; currency?: string }[],
): string {
  return balances
    .map((b) => {
      const amount = formatAmount(tr, b.amount);
      return b.currency ? `${amount} ${b.currency}` : amount;
    })
    .join(", ");
}

/**
 * "0,5 %" in ru/uk, "0.5%" in English: a percentage in the reader's language with its sign, however
 * the server wrote it ("0.5", "0.5000", "0.50 %"); zeros after the last significant decimal dropped
 * (a percentage has no currency precision). Text that is no number is shown as written.
 */
export function formatPercent(tr: Translator, value: string): string {
  const bare = value.trim().replace(/\s*%$/, "");
  if (!DECIMAL.test(bare)) return value;
  const trimmed = bare.includes(".") ? bare.replace(/\.?0+$/, "") : bare;
  return tr.t("value-percent", { value: formatNumber(tr, trimmed) });
}
