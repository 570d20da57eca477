/**
 * Dialects: the ways real Exchanger CMS servers differ where the spec says "not shown"
 * (docs/exchanger-api.md). The sandbox keeps ONE canonical state (numeric statuses, ids,
 * plain objects) and each dialect only changes how that state is written out and how parameters are
 * read, so every dialect serves the same accounts, orders and keys.
 *
 * - `spec` (default): the documented shapes — the directions map with `pair`, numeric statuses that
 *   accept a numeric or `@name` filter, `pagination`, objects for object results, 401 for a bad key.
 * - `names`: a newer script: string status names with statuses beyond the five, newest-first lists
 *   without `pagination`, currencies keyed by id under `title`/`xml_code`, a balance per currency,
 *   a scalar status, the referral program as a list, and every error (a revoked key too) as the
 *   error envelope with HTTP 200.
 * - `legacy`: an older script: statuses as numeric strings with a numeric-only filter, oldest-first
 *   lists, balance as a bare number, status as a boolean, referral text as a string, "nothing" as
 *   `false`, and error envelopes without `message`.
 * - `shapes`: a script that writes the same facts in other PHP shapes (reshape.ts): statuses as
 *   objects `{"id", "name", "title"}`, order sides nested (`"send": {"amount", "currency": {…}}`),
 *   dates as unix seconds, rates as pairs `[1, x]`, text HTML-encoded, saved fields as a list of
 *   `{id, name, value}`, verification data nested under `data` with a status object, and lists
 *   wrapped in paginator objects as PHP frameworks serialize them: orders and referral orders as
 *   Laravel's `{data, current_page, per_page, total, …}`, saved details as Yii's `{items, _meta}`.
 *
 * - `positional`: the spec's shapes, but every object (the user object, orders, referral orders,
 *   saved details, saved exchange fields, the verification request, currencies, the status, the
 *   referral program) written as a JSON array: the user object exactly as the vendor documents it,
 *   the others in this sandbox's own layouts (positional.ts), which the bot learns from the filters
 *   and whatever else the server confirms. A direction (get-exchange) too with `positionalDirections`
 *   (a variant: its rate and limits cannot be placed with certainty, so the exchange from the chat is
 *   refused on it, and the dialect's other screens keep their exchange).
 *
 * Choose one with SANDBOX_DIALECT (npm run sandbox) or `startSandbox({ dialect })` (tests).
 */

import type { HostileServer } from "./hostile.js";
import type { ListForm } from "./reshape.js";

export const DIALECT_NAMES = ["spec", "names", "legacy", "shapes", "positional"] as const;
export type DialectName = (typeof DIALECT_NAMES)[number];

export interface Dialect {
  name: DialectName;
  /** How an order's `status` is written: the spec's number, a numeric string, or the server's own name. */
  orderStatus: "number" | "numeric-string" | "name" | "object";
  /** How the rest of an order is written: as stored, or reshaped (nested sides, unix dates, rate pairs, encoded text). */
  orderShape: "flat" | "reshaped";
  /** get-inputs: a map of field id → value, or a list of `{id, name, value}`. */
  inputs: "map" | "list";
  /** get-verification: the submitted fields on top with a word status, or nested under `data` with a status object. */
  verification: "flat" | "nested";
  /** Which `status` filter forms the server accepts; any other form is refused with the error envelope. */
  statusFilter: "number-or-name" | "name-only" | "number-only";
  /** Order of list results. */
  listOrder: "newest-first" | "oldest-first";
  /** Whether list answers carry `pagination`. */
  pagination: boolean;
  /**
   * How a list method's `result` is written (reshape.ts writeList): a plain list (default), or a
   * framework's paginator object carrying the list and its totals (then without `pagination` beside it):
   * orders and referral orders, saved details.
   */
  lists?: { orders: ListForm; details: ListForm };
  /** get-currencies: a list or an object keyed by id; where the name and the code are. */
  currencies: { shape: "list" | "keyed"; nameKey: "name" | "title"; codeKey: "code" | "xml_code" };
  /** get-info's balance: a formatted string, a bare number, or one value per currency code. */
  balance: "string" | "number" | "per-currency";
  /** get-status's result. */
  status: "object" | "string" | "boolean";
  /** get-referral-program's result. */
  referralProgram: "object" | "array" | "string";
  /** How "nothing" is written (no verification request, no saved fields). */
  nothing: "null" | "false" | "empty-array";
  /** HTTP status of the error envelope for a rejected or revoked key. */
  rejectedKeyStatus: 401 | 200;
  /** HTTP status of every other error envelope (validation, not found…). */
  errorStatus: "as-documented" | 200;
  /** Whether error envelopes carry `message` (an older vendor page shows them without). */
  errorMessage: boolean;
  /** Objects as JSON arrays (positional.ts). */
  positional?: boolean;
  /** With `positional`: get-exchange's direction as an array too (positional.ts DIRECTION_POSITIONS). */
  positionalDirections?: boolean;
  /** With `positional`: orders in a hostile server's own layout and filters (hostile.ts). */
  hostile?: HostileServer;
  /** Most list items one page holds, whatever `limit` asks (a server capping at 10); default 100. */
  pageCap?: number;
  /** With `pageCap`: page n's offset counted in the size served (default) or in the `limit` asked (listing.ts). */
  capOffset?: "served" | "asked";
}

const SPEC: Dialect = {
  name: "spec",
  orderStatus: "number",
  orderShape: "flat",
  inputs: "map",
  verification: "flat",
  statusFilter: "number-or-name",
  listOrder: "newest-first",
  pagination: true,
  currencies: { shape: "list", nameKey: "name", codeKey: "code" },
  balance: "string",
  status: "object",
  referralProgram: "object",
  nothing: "null",
  rejectedKeyStatus: 401,
  errorStatus: "as-documented",
  errorMessage: true,
};

export const DIALECTS: Readonly<Record<DialectName, Dialect>> = {
  spec: SPEC,
  names: {
    name: "names",
    orderStatus: "name",
    orderShape: "flat",
    inputs: "map",
    verification: "flat",
    statusFilter: "name-only",
    listOrder: "newest-first",
    pagination: false,
    currencies: { shape: "keyed", nameKey: "title", codeKey: "xml_code" },
    balance: "per-currency",
    status: "string",
    referralProgram: "array",
    nothing: "empty-array",
    rejectedKeyStatus: 200,
    errorStatus: 200,
    errorMessage: true,
  },
  legacy: {
    name: "legacy",
    orderStatus: "numeric-string",
    orderShape: "flat",
    inputs: "map",
    verification: "flat",
    statusFilter: "number-only",
    listOrder: "oldest-first",
    pagination: true,
    currencies: { shape: "list", nameKey: "name", codeKey: "code" },
    balance: "number",
    status: "boolean",
    referralProgram: "string",
    nothing: "false",
    rejectedKeyStatus: 200,
    errorStatus: 200,
    errorMessage: false,
  },
  shapes: {
    name: "shapes",
    orderStatus: "object",
    orderShape: "reshaped",
    inputs: "list",
    verification: "nested",
    statusFilter: "number-or-name",
    listOrder: "newest-first",
    pagination: true,
    lists: { orders: "laravel", details: "yii" },
    currencies: { shape: "list", nameKey: "name", codeKey: "code" },
    balance: "string",
    status: "object",
    referralProgram: "object",
    nothing: "null",
    rejectedKeyStatus: 401,
    errorStatus: "as-documented",
    errorMessage: true,
  },
  // The spec dialect's answers, every object written as an array (reshape.ts, user-layout).
  positional: { ...SPEC, name: "positional", positional: true },
};

/** The dialect by name; undefined (no name) is `spec`. Throws with the list of names on a typo. */
export function dialectByName(name: string | undefined): Dialect {
  const key = (name ?? "").trim() || "spec";
  if (!(DIALECT_NAMES as readonly string[]).includes(key)) {
    throw new Error(`SANDBOX_DIALECT must be one of ${DIALECT_NAMES.join(", ")}; got "${name}"`);
  }
  return DIALECTS[key as DialectName];
}
