/**
 * The doctor's account of positional records: per object, the layout the bot reads it by (the
 * vendor's documented user layout, or one learned from the server's answers), what of it is certain
 * and by which evidence, what is only guessed from the kind of its values, and what the object's
 * screens need that nothing proves (`uncertainties`: the doctor then does not say "understood") —
 * and what a layout reading may get wrong: a number written as text that disagrees with the same
 * value as a plain number, a date that cannot be read.
 */
import { type ServerProfile, USER_LAYOUT, dateOf } from "../exchanger/index.js";
import {
  numericValue,
  describeField,
  isCertain,
  isDocumentedUser,
  unplacedPositions,
  type Layout,
  type LayoutObject,
  NUMBER_BESIDE,
  nameRecord,
  CERTAIN_NEEDS,
  METHOD_SPECS,
  methodOf,
} from "../exchanger/inspect.js";

/** The object a method's positional records are (read/methods.ts). */
export const layoutObjectOf = (method: string): LayoutObject | undefined =>
  methodOf(method)?.object;

/** Objects read inside another one: a direction's input fields, printed under the direction. */
export const innerObjectOf = (object: LayoutObject): LayoutObject | undefined =>
  METHOD_SPECS.find((m) => m.object === object)?.inner;

/** Objects answered as one record rather than a list of them. */
const SINGLE: ReadonlySet<LayoutObject> = new Set(
  METHOD_SPECS.flatMap((m) => (m.single && m.object ? [m.object] : [])),
);

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
export function layoutFor(
  book: ServerProfile,
  method: string,
  result: unknown,
): Layout | undefined {
  const object = layoutObjectOf(method);
  if (object === undefined || !Array.isArray(result)) return undefined;
  if (object === "user") return isDocumentedUser(result) ? USER_LAYOUT : undefined;
  const [first] = recordsOf(object, result);
  return first === undefined ? undefined : book.layoutOf(object, first.length);
}

/** The names the object's screens need that this layout does not place with certainty. */
export function uncertainties(layout: Layout): string[] {
  return CERTAIN_NEEDS[layout.object].names.filter((name) => !isCertain(layout, name));
}

/**
 * "order: positional, 16 values, learned — certain: token at 1 (the token filter: …), …; guessed:
 * created_at at 3 (a unix time, a guess); NOT certain: send_amount (order cards say …); positions
 * 11, 12 unplaced".
 */
export function layoutLine(layout: Layout): string {
  const head = `${layout.object}: positional, ${layout.size} values`;
  if (layout.source === "documented")
    return `${head}: ${layout.object} layout from the vendor documentation`;
  const source = layout.source === "file" ? "pinned by EXCHANGER_LAYOUT" : "learned";
  const certain = layout.fields.filter((f) => isCertain(layout, f.name));
  const guessed = layout.fields.filter((f) => !isCertain(layout, f.name));
  const missing = uncertainties(layout);
  const unplaced = unplacedPositions(layout);
  const parts = [
    `certain: ${certain.length === 0 ? "nothing" : certain.map(describeField).join(", ")}`,
    ...(guessed.length === 0 ? [] : [`guessed: ${guessed.map(describeField).join(", ")}`]),
    ...(missing.length === 0
      ? []
      : [`NOT certain: ${missing.join(", ")} (${CERTAIN_NEEDS[layout.object].otherwise})`]),
    ...(unplaced.length === 0 ? [] : [`positions ${unplaced.join(", ")} unplaced`]),
  ];
  return `${head}, ${source} — ${parts.join("; ")}`;
}

/** What is wrong with a user object the server answered as an array, or undefined when it is the documented one. */
export function userObjectProblem(result: unknown): string | undefined {
  if (!Array.isArray(result) || isDocumentedUser(result)) return undefined;
  return `does not match the documented user layout: ${result.length} values (nothing of it is read or shown)`;
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
