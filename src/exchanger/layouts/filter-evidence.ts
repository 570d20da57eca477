/**
 * What a list filter proves about where a field sits, and only what it proves. The User API's lists
 * take filters named after fields (`token`, `id`, `status`, `exchange_id`, `send_currency_id`,
 * `receive_currency_id`; a detail's `value`, `currency_id`). Asked with a value, a server that honours
 * the filter exactly answers the rows holding that value in that field and no other. A position is
 * placed by a filter only when the answers could not have come from any other position, nor from a
 * server that ignores the filter or applies it loosely (`>=`, LIKE):
 *
 * - a value that names one row (token, id, value): asked with the pivot row's value, the server
 *   answers exactly that row, and asked with values no row holds but a loose filter would still take
 *   (a larger and a smaller number, a changed and a shortened text), it leaves the row out; the value
 *   sits at one position of the row only;
 * - a value that names a group (status, currencies, direction): the column holds at least two
 *   values in the rows seen (a constant column proves nothing: every loose filter answers it alike),
 *   and for each of its two commonest values the server answers exactly the rows holding it there —
 *   none holding another value, none holding it left out — while no other position splits the rows
 *   the same way for both.
 *
 * Pure apart from `ask`; each filtered read counts against the learning's budget.
 */
import { columnKind, type ValueKind } from "./value-types.js";

export type Row = readonly unknown[];
/** One filtered read of the same list: its rows, or undefined when the server refused the filter or its value. */
export type Ask = (params: Record<string, string>) => Promise<Row[] | undefined>;

export interface FilterSpec {
  /** The field the filter names, and the parameter it is sent as (the same in the User API). */
  name: string;
  /** Whether one value names one row (token, id, value) or a group (status, currency…). */
  unique: boolean;
  kinds: readonly ValueKind[];
  /** Names are sent in the documented `@name` form (statuses). */
  atNames?: true;
  /** What every value of a candidate column must look like (a status name is a word, not a card number). */
  shape?: RegExp;
}

/** The rows a learning reads, with what makes two rows the same row. */
export class Sample {
  readonly keys: Set<string>;
  constructor(
    readonly rows: readonly Row[],
    readonly size: number,
  ) {
    this.keys = new Set(rows.map(rowKey));
  }
  column(p: number): unknown[] {
    return this.rows.map((r) => r[p]);
  }
}

export const rowKey = (row: Row): string => JSON.stringify(row);

/** Where a learning stands: the positions placed so far (position → name) and the reads left. */
export interface Placing {
  placed: Map<number, { name: string; why: string }>;
  budget: { left: number };
  /** Rows a filtered read may return at most: an answer this long may be cut, so it is not checked whole. */
  limit: number;
}

const text = (value: unknown) => String(value);
const positions = (sample: Sample) => Array.from({ length: sample.size }, (_, p) => p);

/** Positions the filter may name, likeliest first: columns of the filter's first kind before the others. */
function candidates(sample: Sample, spec: FilterSpec, placing: Placing): number[] {
  const rank = (p: number) => spec.kinds.indexOf(columnKind(sample.column(p)) as ValueKind);
  return positions(sample)
    .filter((p) => isCandidate(sample, spec, placing, p))
    .sort((a, b) => rank(a) - rank(b) || a - b);
}

function isCandidate(sample: Sample, spec: FilterSpec, placing: Placing, p: number): boolean {
  if (placing.placed.has(p)) return false;
  const values = sample.column(p);
  const kind = columnKind(values);
  if (kind === "mixed" || !spec.kinds.includes(kind)) return false;
  if (spec.shape && !values.every((v) => spec.shape!.test(text(v)))) return false;
  const distinct = new Set(values.map(text)).size;
  return spec.unique ? distinct === values.length : distinct >= 2;
}

async function askOnce(
  spec: FilterSpec,
  value: unknown,
  ask: Ask,
  placing: Placing,
): Promise<Row[] | undefined> {
  if (placing.budget.left <= 0) return undefined;
  placing.budget.left--;
  const sent = spec.atNames && !/^\d+$/.test(text(value)) ? `@${text(value)}` : text(value);
  return ask({ [spec.name]: sent });
}

/**
 * Values no row holds at `p` that a loosely applied filter would still answer with the pivot: for
 * numbers one past the largest and 0 (`>=`, `<=`), for text the pivot changed at its end and cut
 * short (a substring match). An exact filter leaves the pivot out of both.
 */
function controlValues(sample: Sample, p: number, pivot: string): string[] {
  const values = sample.column(p).map(text);
  if (values.every((v) => /^\d{1,15}$/.test(v)))
    return [String(Math.max(...values.map(Number)) + 7919), "0"];
  const last = pivot.at(-1);
  return [`${pivot.slice(0, -1)}${last === "0" ? "1" : "0"}`, pivot.slice(0, -1)];
}

/** Places a filter whose value names one row; true when it placed one. */
export async function placeUnique(
  sample: Sample,
  spec: FilterSpec,
  ask: Ask,
  placing: Placing,
  tries = 3,
): Promise<boolean> {
  for (const p of candidates(sample, spec, placing).slice(0, tries)) {
    // A pivot whose value sits at this position only: an answer naming it then names this position.
    const pivot = sample.rows.find((r) => r.filter((v) => text(v) === text(r[p])).length === 1);
    if (pivot === undefined) continue;
    const answer = await askOnce(spec, pivot[p], ask, placing);
    if (answer?.length !== 1 || rowKey(answer[0]!) !== rowKey(pivot)) continue;
    let leftOut = true;
    for (const value of controlValues(sample, p, text(pivot[p]))) {
      const control = await askOnce(spec, value, ask, placing);
      leftOut &&= control !== undefined && !control.some((r) => rowKey(r) === rowKey(pivot));
      if (!leftOut) break;
    }
    if (!leftOut) continue;
    placing.placed.set(p, {
      name: spec.name,
      why: `the ${spec.name} filter: the one row for its value, none for others`,
    });
    return true;
  }
  return false;
}

/** Whether an answer to `value` is exactly the rows holding it at `p` (all of them, when not cut). */
function splitsAt(sample: Sample, answer: Row[], p: number, value: string, limit: number): boolean {
  if (answer.length === 0) return false;
  if (!answer.every((r) => r.length === sample.size && text(r[p]) === value)) return false;
  if (answer.length >= limit) return true;
  const keys = new Set(answer.map(rowKey));
  return sample.rows.every((r) => text(r[p]) !== value || keys.has(rowKey(r)));
}

/** The values of a column, commonest first. */
function byCount(values: readonly unknown[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(text(v), (counts.get(text(v)) ?? 0) + 1);
  return [...counts].sort((x, y) => y[1] - x[1]).map(([value]) => value);
}

/**
 * Places a filter whose value names a group of rows; true when it placed one. A first read with the
 * commonest value of a likely column shows every column that splits the rows as that answer did;
 * a second read, with another value of such a column, must split them the same way there and at no
 * other position.
 */
export async function placeGroup(
  sample: Sample,
  spec: FilterSpec,
  ask: Ask,
  placing: Placing,
  tries = 4,
): Promise<boolean> {
  const asked = new Set<string>();
  for (const p of candidates(sample, spec, placing).slice(0, tries)) {
    const [first] = byCount(sample.column(p));
    if (first === undefined || asked.has(first)) continue;
    asked.add(first);
    const answer = await askOnce(spec, first, ask, placing);
    if (answer === undefined) continue;
    const splitting = candidates(sample, spec, placing).filter((q) =>
      splitsAt(sample, answer, q, first, placing.limit),
    );
    for (const q of splitting) {
      if (await confirmGroup(sample, spec, ask, placing, { position: q, first, answer }))
        return true;
    }
  }
  return false;
}

/** The second read: another value of column `q` splits the rows there, and no other column splits both answers alike. */
async function confirmGroup(
  sample: Sample,
  spec: FilterSpec,
  ask: Ask,
  placing: Placing,
  seen: { position: number; first: string; answer: Row[] },
): Promise<boolean> {
  const q = seen.position;
  const second = byCount(sample.column(q)).find((v) => v !== seen.first);
  if (second === undefined) return false;
  const answer = await askOnce(spec, second, ask, placing);
  if (answer === undefined || !splitsAt(sample, answer, q, second, placing.limit)) return false;
  const alike = positions(sample).filter(
    (r) =>
      r !== q &&
      splitsAt(sample, seen.answer, r, seen.first, placing.limit) &&
      splitsAt(sample, answer, r, second, placing.limit),
  );
  if (alike.length > 0) return false;
  placing.placed.set(q, {
    name: spec.name,
    why: `the ${spec.name} filter: exactly the rows holding ${seen.first} and ${second} there, each`,
  });
  return true;
}
