/**
 * The user object (`user-api-get-info`) as the vendor documents it: the Exchanger CMS documentation
 * page "API Objects" (Ukrainian version) shows it as a JSON array of 30 positional values. This is that
 * layout, position by position, and the named record the account reader (account.ts) reads.
 *
 * Positions 7, 8 (confirmation and password-reset tokens), 18 (the API token), 28 (undescribed; may
 * hold a 2FA secret) and 29 (the password hash) are secrets: dropped here, before anything reads them.
 */
import { fitsLayout, nameRecord, type Layout, type LayoutField } from "./layout.js";
import { splitDisplayAmount, type KindFamily } from "../layouts/value-types.js";
import { isRecord, type RawRecord } from "./values.js";

const doc = (position: number, name: string, secret = false): LayoutField => ({
  position,
  name,
  by: "documented",
  why: "the vendor documentation",
  ...(secret && { secret }),
});

/**
 * What each documented position may hold (the signature an array must fit to be read as the user
 * object): ids, states and the plain numbers are numbers, the registration a time, the display texts
 * text or a bare number, secrets and undescribed positions text or nothing.
 */
const NUM: KindFamily[] = ["number"];
const TEXT: KindFamily[] = ["text", "empty"];
const SHOWN: KindFamily[] = ["text", "number", "empty"];
const ANY_SCALAR: KindFamily[] = ["text", "number", "time", "empty"];
// prettier-ignore
const USER_FAMILIES: KindFamily[][] = [
  NUM, TEXT, TEXT, NUM, NUM, ["text", "number"], TEXT, ANY_SCALAR, ANY_SCALAR, ["time"], // 0–9
  SHOWN, SHOWN, SHOWN, SHOWN, SHOWN, SHOWN, NUM, TEXT, ANY_SCALAR, NUM, // 10–19
  NUM, NUM, NUM, NUM, NUM, ["time", "text"], TEXT, ANY_SCALAR, ANY_SCALAR, ANY_SCALAR, // 20–29
];

export const USER_LAYOUT: Layout = {
  object: "user",
  size: 30,
  source: "documented",
  families: USER_FAMILIES,
  fields: [
    doc(0, "id"),
    doc(1, "ip"),
    doc(2, "country"),
    doc(3, "account_state"),
    doc(4, "verified"),
    doc(5, "login"),
    doc(6, "email"),
    doc(7, "confirmation_token", true),
    doc(8, "password_reset_token", true),
    doc(9, "created_at"),
    doc(10, "balance_text"),
    doc(11, "bonus_percent"),
    doc(12, "referral_percent"),
    doc(13, "orders_volume"),
    doc(14, "referrals_volume"),
    doc(15, "investments_volume"),
    doc(16, "referrer_id"),
    doc(17, "referrer"),
    doc(18, "api_token", true),
    doc(19, "balance_number"),
    doc(20, "bonus_percent_number"),
    doc(21, "referral_percent_number"),
    doc(22, "orders_volume_number"),
    doc(23, "referrals_volume_number"),
    doc(24, "investments_volume_number"),
    doc(25, "registered_text"),
    doc(26, "referral_link"),
    doc(27, "undescribed_27"),
    doc(28, "undescribed_secret", true),
    doc(29, "password_hash", true),
  ],
};

/** The plain numbers beside a display text: read for the doctor's cross-check, never shown twice. */
export const NUMBER_BESIDE: Readonly<Record<string, string>> = {
  balance_text: "balance_number",
  bonus_percent: "bonus_percent_number",
  referral_percent: "referral_percent_number",
  orders_volume: "orders_volume_number",
  referrals_volume: "referrals_volume_number",
  investments_volume: "investments_volume_number",
};

/**
 * The vendor's positional user object as a named record: the balance as its display text's amount
 * with the currency written beside it (the plain number when there is no text), "not described"
 * values and the duplicate numbers left out, a referrer only when there is one.
 */
export function nameUser(row: readonly unknown[]): RawRecord {
  const named = nameRecord(row, USER_LAYOUT);
  const shown = splitDisplayAmount(named.balance_text);
  const balance = shown?.amount ?? named.balance_number;
  const out: RawRecord = { ...named };
  for (const key of [
    "balance_text",
    "registered_text",
    "undescribed_27",
    "account_state",
    ...Object.values(NUMBER_BESIDE),
  ])
    delete out[key];
  if (balance !== undefined && balance !== null) out.balance = balance;
  if (shown?.code !== undefined) out.balance_currency = shown.code;
  if (!named.referrer) delete out.referrer;
  // The referrer's login says who; its id is only kept when nothing else names them.
  if (out.referrer !== undefined || !named.referrer_id || String(named.referrer_id) === "0")
    delete out.referrer_id;
  return out;
}

/**
 * Whether an array is the vendor's user object: its documented signature whole (30 values, each
 * position of its documented family, the state one of 1/0/-1 and the flag 0/1). Only such an array is
 * read by position; any other is never shown value by value (secrets could sit anywhere in it).
 */
export function isDocumentedUser(row: readonly unknown[]): boolean {
  const flag = (value: unknown, allowed: readonly number[]) => allowed.includes(Number(value));
  return fitsLayout(row, USER_LAYOUT) && flag(row[3], [1, 0, -1]) && flag(row[4], [0, 1]);
}

/**
 * The user object in named form: a positional array that fits the documented layout read by it, a
 * named record as it is; any other array (another length, shifted values) is `unreadable`.
 */
export function namedUser(result: unknown): RawRecord | "unreadable" | undefined {
  if (Array.isArray(result)) return isDocumentedUser(result) ? nameUser(result) : "unreadable";
  return isRecord(result) ? result : undefined;
}
