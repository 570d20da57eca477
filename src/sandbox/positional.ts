/**
 * The `positional` dialect (dialect.ts): every User API object written as a JSON array, as the vendor's
 * documentation page "API Objects" shows the user object. The user object follows the documented
 * 30-position layout exactly (secrets included, as a real server sends them: the bot must drop them);
 * every other object (orders, saved details, saved exchange fields, the verification request,
 * currencies, the status and the referral program) follows this sandbox's own layouts, which the bot
 * does not know: it learns those of lists from the filters (they work as on any server: listing.ts),
 * and reads the others by what it can confirm (the directions map's ids, the values it submitted,
 * status words) or says what it could not place.
 */
import { VERIFICATION_FIELDS } from "../exchanger/index.js";
import { formatAmount } from "./format.js";
import type { SandboxAccount } from "./state.js";
import { positional, type Rec } from "./reshape.js";

/** The sandbox's own order layout: deliberately not the spec's field order. */
export const ORDER_POSITIONS = [
  "exchange_id",
  "token",
  "send_amount",
  "created_at",
  "status",
  "receive_currency_id",
  "id",
  "receive_amount",
  "send_currency_id",
  "rate",
  "updated_at",
  "receive_wallet",
  "email",
  "comment",
  "user_login",
  "partner_reward",
  // Whose order it is, by the account's id: what the exchanger's webhooks route an order by.
  "user_id",
] as const;

export const DETAIL_POSITIONS = ["value", "created_at", "id", "currency_id"] as const;

/** A saved exchange field (get-inputs): the value first, then the direction input's id. */
export const INPUT_POSITIONS = ["value", "id"] as const;

/** A currency of get-currencies: the code first, the id in the middle. */
export const CURRENCY_POSITIONS = ["code", "reserve", "type", "name", "id", "decimals"] as const;

/** Verification fields this dialect puts first, in its own order; the others follow in the client's. */
const SHUFFLED_FIELDS: readonly string[] = [
  "last_name",
  "card_number",
  "first_name",
  "middle_name",
  "id_type",
  "id_number",
];

/** The verification request: its own facts, then every field the submission may carry. */
export const VERIFICATION_POSITIONS: readonly string[] = [
  "updated_at",
  "status",
  "id",
  "comment",
  "created_at",
  "photos",
  "type",
  ...SHUFFLED_FIELDS,
  ...VERIFICATION_FIELDS.filter((name) => !SHUFFLED_FIELDS.includes(name)),
];

/** get-exchange: one direction, its input fields as rows of DIRECTION_INPUT_POSITIONS. */
export const DIRECTION_POSITIONS = [
  "rate",
  "slug",
  "inputs",
  "receive_currency_id",
  "id",
  "commission",
  "send_currency_id",
  "min_amount",
  "max_amount",
  "active",
] as const;
export const DIRECTION_INPUT_POSITIONS = ["required", "name", "id"] as const;

/** get-status: online, the time (unix and text), the zone, the version, the name, maintenance. */
export const STATUS_POSITIONS = [
  "online",
  "time",
  "datetime",
  "timezone",
  "version",
  "name",
  "maintenance",
] as const;

/** get-referral-program: every field of the object, the description last. */
export const REFERRAL_POSITIONS = [
  "enabled",
  "percent",
  "levels",
  "levels_percent",
  "min_payout",
  "payout_currency",
  "cookie_days",
  "description",
] as const;

const DATES = new Set(["created_at", "updated_at"]);

/** "YYYY-MM-DD HH:MM:SS" (UTC) as unix seconds; anything else as it is. */
function unix(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const ms = Date.parse(`${value.replace(" ", "T")}Z`);
  return Number.isNaN(ms) ? value : Math.floor(ms / 1000);
}

/** A record's values as this dialect writes them into a position: dates as unix seconds, statuses as numbers. */
export function positionalValues(record: Rec): Rec {
  const written: Rec = { ...record };
  for (const name of DATES) if (written[name] !== undefined) written[name] = unix(written[name]);
  if (/^\d+$/.test(String(record.status))) written.status = Number(record.status);
  return written;
}

/** A record as the values of `positions`, in that order (absent fields null). */
export function toPositional(record: Rec, positions: readonly string[]): unknown[] {
  return positional(positionalValues(record), positions);
}

/** "05.12.2019, 08:49", as the documented example writes the registration date. */
function dottedDate(seconds: number): string {
  const d = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** The user object exactly as documented: 30 values, secrets at 7, 8, 18, 28 and 29. */
export function positionalUser(account: SandboxAccount): unknown[] {
  if (account.userObject !== undefined) return account.userObject;
  const p = account.profile;
  const currency = typeof p.balance_currency === "string" ? p.balance_currency : "USD";
  const registered = Number(unix(p.created_at)) || 0;
  const money = (n: number) => `${formatAmount(n)} ${currency}`;
  const percent = (n: number) => `${n.toFixed(4)} %`;
  const volumes = [2450.5, 310.2, 0];
  return [
    p.id,
    "127.0.0.1",
    "UA",
    account.active ?? 1,
    p.verified === 1 ? 1 : 0,
    p.login,
    p.email,
    "c0nf1rm4t10nt0k3n",
    "r3s3tt0k3n",
    registered,
    money(account.balance),
    percent(0.05),
    percent(0.5),
    ...volumes.map(money),
    0,
    null,
    account.apiKey,
    account.balance,
    0.05,
    0.5,
    ...volumes,
    dottedDate(registered),
    p.referral_link,
    0,
    account.twoFactorSecret ?? "",
    "$2y$10$abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUVWXYZ01234",
  ];
}
