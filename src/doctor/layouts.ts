/**
 * The doctor's account of positional records: per object, the layout the bot reads it by (the
 * vendor's documented user layout, or one learned from the server's filters and value kinds, with how
 * each position was placed and which were not), and what a layout reading may get wrong — a number
 * written as text that disagrees with the same value as a plain number, a date that cannot be read.
 */
import {
  type LayoutBook,
  numericValue,
  describeField,
  unplacedPositions,
  type Layout,
  type LayoutObject,
  NUMBER_BESIDE,
  USER_LAYOUT,
  dateOf,
  nameRecord,
} from "../exchanger/index.js";

/** The methods whose records a layout may name, by the object they hold. */
export const LAYOUT_METHODS: Readonly<Record<string, LayoutObject>> = {
  "user-api-get-info": "user",
  "user-api-get-orders": "order",
  "user-api-get-referral-orders": "referral order",
  "user-api-get-details": "detail",
  "user-api-get-inputs": "saved field",
  "user-api-get-verification": "verification",
  "public-api-get-currencies": "currency",
  "public-api-get-exchange": "direction",
};

/** Objects read inside another one: a direction's input fields, printed under the direction. */
export const INNER_LAYOUTS: Readonly<Partial<Record<LayoutObject, LayoutObject>>> = {
  direction: "direction field",
};

/** Objects answered as one record rather than a list of them. */
const SINGLE: ReadonlySet<LayoutObject> = new Set(["user", "verification", "direction"]);

const rowsOf = (result: unknown): unknown[][] =>
  Array.isArray(result) ? result.filter((r): r is unknown[] => Array.isArray(r)) : [];

/** The positional records of an answer: the one record of a single object, else the list's rows. */
const recordsOf = (object: LayoutObject, result: unknown): unknown[][] =>
  SINGLE.has(object)
    ? Array.isArray(result) && result.length > 0 && !result.every(Array.isArray)
      ? [result]
      : []
    : rowsOf(result);

/** The layout a method's positional answer is read by; undefined for a named answer. */
export function layoutFor(book: LayoutBook, method: string, result: unknown): Layout | undefined {
  const object = LAYOUT_METHODS[method];
  if (object === undefined || !Array.isArray(result)) return undefined;
  if (object === "user") return result.length === USER_LAYOUT.size ? USER_LAYOUT : undefined;
  return recordsOf(object, result).length > 0 ? book.layoutOf(object) : undefined;
}

/** "positional, 16 values: learned — token at 1 (the token filter), …; positions 11, 12 unplaced". */
export function layoutLine(layout: Layout): string {
  const head = `${layout.object}: positional, ${layout.size} values`;
  if (layout.source === "documented")
    return `${head}: ${layout.object} layout from the vendor documentation`;
  const placed = layout.fields.map(describeField).join(", ");
  const unplaced = unplacedPositions(layout);
  const rest = unplaced.length === 0 ? "" : `; positions ${unplaced.join(", ")} unplaced`;
  return `${head}: ${layout.source === "file" ? "pinned by EXCHANGER_LAYOUT" : "learned"} — ${placed}${rest}`;
}

/** What a reading by this layout may get wrong in these rows, one line each (empty when nothing). */
export function layoutProblems(layout: Layout, result: unknown): string[] {
  const rows = recordsOf(layout.object, result);
  const at = (name: string) => layout.fields.find((f) => f.name === name)?.position;
  const problems: string[] = [];
  for (const [text, plain] of Object.entries(NUMBER_BESIDE)) {
    const [t, p] = [at(text), at(plain)];
    if (t === undefined || p === undefined) continue;
    const bad = rows.filter((r) => {
      const [a, b] = [numericValue(r[t]), numericValue(r[p])];
      return (
        a !== undefined && b !== undefined && Math.abs(a - b) > 1e-6 * Math.max(1, Math.abs(b))
      );
    });
    if (bad.length > 0)
      problems.push(`${text} at ${t} reads as a number that disagrees with ${plain} at ${p}`);
  }
  for (const field of layout.fields.filter((f) => /(^|_)at$/.test(f.name))) {
    const unread = rows.filter(
      (r) =>
        r[field.position] !== null && r[field.position] !== undefined && !dateOf(r[field.position]),
    );
    if (unread.length > 0)
      problems.push(
        `${field.name} at ${field.position}: ${unread.length} date(s) the bot cannot read`,
      );
  }
  return problems;
}

/** The answer as the readers see it: positional rows named by the layout (secrets dropped). */
export function namedResult(layout: Layout | undefined, result: unknown): unknown {
  if (layout === undefined) return result;
  const named = recordsOf(layout.object, result).map((row) => nameRecord(row, layout));
  return SINGLE.has(layout.object) ? named[0] : named;
}
