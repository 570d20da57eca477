/**
 * Layouts: what each position of a positional record means. Exchanger CMS documents its user object
 * as a JSON array of values, not a map (user-layout.ts), and a server very probably writes every
 * other object the same way with a layout only it knows (exchanger/layouts/ learns those).
 *
 * A layout is a hypothesis. It carries a signature — how many values a record holds, which families
 * of values each position held when it was learned, and per placed name what its values must look
 * like (a token's shape, a status's domain, a time's range, a currency id in the currency list) — and
 * a record is read by it only when it fits (`fitsLayout`). Each placed position keeps how it was
 * found (`by`, `why`): only evidence that tells positions apart makes it certain (`isCertain`).
 *
 * A positional record is turned into a named record at the very start of reading, so the general
 * readers (order.ts, account.ts…) do the rest by their usual rules. Secret positions, values that
 * look like secrets wherever they sit, and money facts no evidence proves are dropped right there:
 * what is not in the named record can never reach a screen, a log line, Redis or a spend.
 */
import { createHash } from "node:crypto";
import { familyOf, type KindFamily, numericValue } from "../layouts/value-types.js";
import { isKeyLike } from "./secrets.js";
import { dateOf, type RawRecord } from "./values.js";

/**
 * How a position's meaning was found, most certain first: the vendor's documentation, the operator's
 * file, the server's own answers (a list filter that told this column apart from every other, the
 * directions map's ids, the values the bot submitted coming back, status words the vocabulary knows,
 * send × rate = receive with the rate the direction quotes), or only the kind of its values.
 */
export const PLACED_BY = [
  "documented",
  "file",
  "filter",
  "map",
  "sent",
  "words",
  "relation",
  "type",
] as const;
export type PlacedBy = (typeof PLACED_BY)[number];

/** Most values one positional record may hold: the learner, the doctor's file and the bot's reader of it share it. */
export const MAX_POSITIONS = 200;

export interface LayoutField {
  position: number;
  /** The name the general readers know it by ("token", "status", "send_amount"…). */
  name: string;
  by: PlacedBy;
  /** Left out of the named record: never read, never shown. */
  secret?: boolean;
  /** What placed it, in words, for the doctor ("the token filter: 1 row for its value, none for another"). */
  why?: string;
}

/** The objects a layout may describe: one per record kind of the User and Public APIs. */
export const LAYOUT_OBJECTS = [
  "user",
  "order",
  "referral order",
  "detail",
  "saved field",
  "verification",
  "currency",
  "direction",
  "direction field",
] as const;
export type LayoutObject = (typeof LAYOUT_OBJECTS)[number];

export interface Layout {
  object: LayoutObject;
  /** How many values a record of this layout holds. */
  size: number;
  source: "documented" | "learned" | "file";
  fields: LayoutField[];
  /**
   * The families of values each position held when the layout was learned (the signature's columns):
   * a record whose value at a position falls in another family does not fit. Absent in layouts
   * written before signatures existed: then the size and the placed names' rules are the signature.
   */
  families?: KindFamily[][];
}

/**
 * The facts money depends on, per object: a token to pay by, the status that allows it, what is
 * sent and received. Only a certain position may give them; otherwise they are left out of the named
 * record and the object says it could not read them (`unprovenNames`).
 */
export const MONEY_NAMES: Readonly<Partial<Record<LayoutObject, readonly string[]>>> = {
  order: [
    "token",
    "status",
    "send_amount",
    "send_currency_id",
    "receive_amount",
    "receive_currency_id",
  ],
  "referral order": [
    "status",
    "send_amount",
    "send_currency_id",
    "receive_amount",
    "receive_currency_id",
  ],
};

/**
 * Per object, the names the bot acts on at the server (sends back in a write) beside the money names:
 * a guess there would act on the wrong thing, so a position placed only by its kind is left out of
 * the named record — a detail's id (deleting). The record is still shown, without the action.
 */
const ACTED_ON: Readonly<Partial<Record<LayoutObject, readonly string[]>>> = {
  // An order is addressed by its id (its buttons, its card, the lookup before paying).
  order: ["id"],
  "referral order": ["id"],
  detail: ["id"],
  // Details are saved under a currency id, and every screen names currencies by it.
  currency: ["id"],
  // A saved value prefills the field of this id when an order is created from the chat.
  "saved field": ["id"],
};

/** Names whose guess must never be read: the money names and the acted-on ones. */
export function mustBeCertain(object: LayoutObject): readonly string[] {
  return [...(MONEY_NAMES[object] ?? []), ...(ACTED_ON[object] ?? [])];
}

const CERTAIN_BY: ReadonlySet<PlacedBy> = new Set(PLACED_BY.filter((by) => by !== "type"));

/** Whether a name sits where the vendor, the operator or the server's own answers put it (not guessed from its kind). */
export function isCertain(layout: Layout, name: string): boolean {
  return layout.fields.some((f) => f.name === name && !f.secret && CERTAIN_BY.has(f.by));
}

/** The money names of the object that this layout does not place with certainty. */
export function unprovenNames(layout: Layout): string[] {
  return (MONEY_NAMES[layout.object] ?? []).filter((name) => !isCertain(layout, name));
}

/**
 * What a named record read from a positional row carries beside its fields (under a symbol, so no
 * reader lists it as a field): which money facts its layout leaves unproven, and a fingerprint of the
 * row as the server wrote it — what the money proofs compare the server's filtered answers with,
 * independently of any layout (exchanger/orders/payable-proof.ts).
 */
export const PROVENANCE = Symbol("provenance of a positional record");

export interface Provenance {
  unproven: readonly string[];
  row: string;
}

/** The fingerprint of a row as the server wrote it. */
export const rowFingerprint = (row: readonly unknown[]): string =>
  createHash("sha256").update(JSON.stringify(row)).digest("base64url").slice(0, 22);

export function provenanceOf(record: object): Provenance | undefined {
  return (record as { [PROVENANCE]?: Provenance })[PROVENANCE];
}

/**
 * The named record of a positional one: each placed, non-secret position under its name; unplaced
 * positions under `field_<n>` unless their value looks like a secret (long hex, a hash, a base32 or
 * JWT-like key: dropped, whatever position it sits in); secrets dropped. A name that must be certain
 * (money, or acted on) but is only guessed is dropped too: paying sends only a token the server
 * confirmed, no screen shows a guessed status or amount, deleting a detail sends only a confirmed id.
 */
export function nameRecord(row: readonly unknown[], layout: Layout): RawRecord {
  const out: RawRecord = {};
  const placed = new Map(layout.fields.map((f) => [f.position, f]));
  const strict = mustBeCertain(layout.object);
  row.forEach((value, position) => {
    const field = placed.get(position);
    if (field?.secret) return;
    if (field === undefined || (field.by === "type" && strict.includes(field.name))) {
      if (value !== null && value !== "" && !isKeyLike(value)) out[`field_${position}`] = value;
      return;
    }
    out[field.name] = value;
  });
  const provenance: Provenance = { unproven: unprovenNames(layout), row: rowFingerprint(row) };
  Object.defineProperty(out, PROVENANCE, { value: provenance, enumerable: true });
  return out;
}

/** What a placed name's values must look like, beside their family: a token's shape, a time that reads. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{8,128}$/;
const STATUS_WORD = /^@?[\p{L}_][\p{L}\p{N}_ -]{0,39}$/u;
const ID_TEXT = /^[A-Za-z0-9_.:-]{1,64}$/;

function scalar(value: unknown): value is string | number {
  return typeof value === "string" || typeof value === "number";
}

/** Per placed name, whether a value may be it (empty values: see fitsLayout). */
function nameRuleHolds(name: string, value: unknown, currencyIds?: ReadonlySet<string>): boolean {
  if (name === "token") return typeof value === "string" && TOKEN_SHAPE.test(value);
  if (name === "status")
    return (
      (typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 100) ||
      (typeof value === "string" && (/^\d{1,2}$/.test(value) || STATUS_WORD.test(value.trim())))
    );
  if (name === "send_currency_id" || name === "receive_currency_id")
    return (
      scalar(value) &&
      ID_TEXT.test(String(value)) &&
      (currencyIds === undefined || currencyIds.size === 0 || currencyIds.has(String(value)))
    );
  if (name === "id" || name.endsWith("_id")) return scalar(value) && ID_TEXT.test(String(value));
  if (name.endsWith("_amount") || name === "rate") return numericValue(value) !== undefined;
  if (name.endsWith("_at")) return dateOf(value) !== undefined;
  return true;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

export interface FitOptions {
  /** The currency ids the exchanger lists: a placed currency id outside them does not fit. */
  currencyIds?: ReadonlySet<string>;
}

/**
 * Whether a record fits the layout's signature: the same size; at each position a value of a family
 * the position held when learned (an unplaced position may also be empty; a text column may hold
 * digits); at each placed name a value its rule allows. A record that does not fit is never read by
 * the layout.
 */
export function fitsLayout(
  row: readonly unknown[],
  layout: Layout,
  options: FitOptions = {},
): boolean {
  if (row.length !== layout.size) return false;
  const placed = new Map(layout.fields.map((f) => [f.position, f]));
  for (let p = 0; p < row.length; p++) {
    const value = row[p];
    const field = placed.get(p);
    const allowed = layout.families?.[p];
    // Only a position proved to hold a fact must hold it in every record; elsewhere a value may be missing.
    const optional = field === undefined || !CERTAIN_BY.has(field.by);
    if (allowed !== undefined && !familyFits(familyOf(value), allowed, optional)) return false;
    if (field === undefined || field.secret) continue;
    if (isEmpty(value)) {
      if (strictNames(layout).includes(field.name)) return false;
      continue;
    }
    if (!nameRuleHolds(field.name, value, options.currencyIds)) return false;
  }
  return true;
}

const strictNames = (layout: Layout) => (layout.source === "documented" ? [] : ["token"]);

function familyFits(
  family: KindFamily,
  allowed: readonly KindFamily[],
  optional: boolean,
): boolean {
  // A position seen only empty tells nothing of what it holds when it holds something.
  if (allowed.includes(family) || (allowed.length === 1 && allowed[0] === "empty")) return true;
  if (family === "empty") return optional;
  // Free text may be all digits ("comment": "12345"); a number column holding words has moved.
  return family === "number" && allowed.includes("text");
}

/** "token at 3 (the token filter: …)": how the doctor describes one placed position. */
export function describeField(field: LayoutField): string {
  if (field.secret) return `a secret at ${field.position} (dropped)`;
  const how = field.why ?? field.by;
  const guess = field.by === "type" ? ", a guess" : "";
  return `${field.name} at ${field.position} (${how}${guess})`;
}

/** The positions nobody placed. */
export function unplacedPositions(layout: Layout): number[] {
  const placed = new Set(layout.fields.map((f) => f.position));
  return Array.from({ length: layout.size }, (_, i) => i).filter((i) => !placed.has(i));
}
