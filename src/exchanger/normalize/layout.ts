/**
 * Layouts: what each position of a positional record means. Exchanger CMS documents its user object
 * as a JSON array of values, not a map (user-layout.ts), and a server very probably writes every
 * other object the same way with a layout only it knows (exchanger/layouts/ learns those).
 *
 * A positional record is turned into a named record at the very start of reading, so the general
 * readers (order.ts, account.ts…) do the rest by their usual rules. Secret positions are dropped right
 * there: what is not in the named record can never reach a screen, a log line, Redis or a metric.
 */
import type { RawRecord } from "./values.js";

/**
 * How a position's meaning was found, most certain first: the vendor's documentation, the operator's
 * file, the server's own answers (a list filter, the directions map's ids, the values the bot
 * submitted coming back, status words the vocabulary knows), or only the kind of its values.
 */
export const PLACED_BY = ["documented", "file", "filter", "map", "sent", "words", "type"] as const;
export type PlacedBy = (typeof PLACED_BY)[number];

export interface LayoutField {
  position: number;
  /** The name the general readers know it by ("token", "status", "send_amount"…). */
  name: string;
  by: PlacedBy;
  /** Left out of the named record: never read, never shown. */
  secret?: boolean;
  /** What placed it, in words, for the doctor ("the token filter", "a unix time"). */
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
}

/** Names whose placement moves money: only a filter (or the vendor, or the operator's file) may place them. */
export const MONEY_NAMES = ["token", "status"] as const;

/**
 * Per object, the names the bot acts on at the server (sends back in a write): a guess there would
 * act on the wrong thing, so a position placed only by its kind is left out of the named record —
 * an order's token (paying), a detail's id (deleting). The record is still shown, without the action.
 */
export const ACTED_ON: Readonly<Record<LayoutObject, readonly string[]>> = {
  user: [],
  order: ["token"],
  "referral order": [],
  detail: ["id"],
  "saved field": [],
  verification: [],
  // Details are saved under a currency id, and every screen names currencies by it.
  currency: ["id"],
  direction: [],
  "direction field": [],
};

/** A record is positional when it is a JSON array where an object is meant. */
export function isPositional(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

/** Whether a name sits where a filter, the vendor or the operator put it (not guessed from its kind). */
export function isCertain(layout: Layout, name: string): boolean {
  return layout.fields.some((f) => f.name === name && !f.secret && f.by !== "type");
}

/**
 * The named record of a positional one: each placed, non-secret position under its name; unplaced
 * positions under `field_<n>` (shown masked as the card shows any unknown field); secrets dropped.
 * A guessed name the bot acts on is dropped too (ACTED_ON): paying sends only a token the filters
 * confirmed, deleting a detail only an id they confirmed.
 */
export function nameRecord(row: readonly unknown[], layout: Layout): RawRecord {
  const out: RawRecord = {};
  const placed = new Map(layout.fields.map((f) => [f.position, f]));
  row.forEach((value, position) => {
    const field = placed.get(position);
    if (field?.secret) return;
    if (field?.by === "type" && ACTED_ON[layout.object].includes(field.name)) return;
    if (field === undefined) {
      if (value !== null && value !== "") out[`field_${position}`] = value;
      return;
    }
    out[field.name] = value;
  });
  return out;
}

/** Whether a record still fits the layout: same size, and the placed id/token/status still scalars. */
export function fitsLayout(row: readonly unknown[], layout: Layout): boolean {
  if (row.length !== layout.size) return false;
  return layout.fields.every((f) => {
    if (!["id", "token", "status"].includes(f.name)) return true;
    const value = row[f.position];
    return typeof value === "string" || typeof value === "number";
  });
}

/** "token at 3 (the token filter)": how the doctor describes one placed position. */
export function describeField(field: LayoutField): string {
  if (field.secret) return `a secret at ${field.position} (dropped)`;
  const how = field.why ?? field.by;
  return `${field.name} at ${field.position} (${how})`;
}

/** The positions nobody placed. */
export function unplacedPositions(layout: Layout): number[] {
  const placed = new Set(layout.fields.map((f) => f.position));
  return Array.from({ length: layout.size }, (_, i) => i).filter((i) => !placed.has(i));
}
