/**
 * Learning the layout of a positional list (orders, referral orders, saved details) from the server
 * itself. The User API's own filters say where a field sits: a list asked with `status=4` returns rows
 * whose status position holds 4 in every row; asked with `token=<a value of one row>` it returns that
 * row alone. A position so confirmed is certain (`by: "filter"`). Value kinds place the rest
 * (`by: "type"`): unix times and date texts, amounts (the rate is the one that turns the send amount
 * into the receive amount), a status-like small number, a hex token. Money never rests on a guess:
 * a token placed by type is never sent (normalize/layout.ts), a status placed by type offers no Pay.
 *
 * Telegram-free; a handful of read calls (MAX_CALLS at most) per learning.
 */
import type { Layout, LayoutField, LayoutObject } from "../normalize/layout.js";
import { columnKind, kindOf, numericValue, type ValueKind } from "./value-types.js";

export type Row = readonly unknown[];
/** One filtered read of the same list: its rows, or undefined when the server refused the filter or its value. */
export type Ask = (params: Record<string, string>) => Promise<Row[] | undefined>;

interface FilterSpec {
  /** The field the filter names, and the parameter it is sent as (the same in the User API). */
  name: string;
  /** Whether one value names one row (token, id, value) or a group (status, currency…). */
  unique: boolean;
  kinds: readonly ValueKind[];
  /**
   * Whether the server takes only values it knows (statuses: the documented ids and names), refusing
   * others: a refusal may then be of the value alone — another column's value asked as a status.
   */
  known?: true;
}

const NUMBERS: readonly ValueKind[] = ["integer", "small-number"];
const ORDER_FILTERS: readonly FilterSpec[] = [
  { name: "token", unique: true, kinds: ["hex-token", "text"] },
  { name: "id", unique: true, kinds: NUMBERS },
  { name: "status", unique: false, kinds: ["small-number", "text"], known: true },
  { name: "exchange_id", unique: false, kinds: NUMBERS },
  { name: "send_currency_id", unique: false, kinds: NUMBERS },
  { name: "receive_currency_id", unique: false, kinds: NUMBERS },
];

/** The filters each object's list method accepts (the User API: get-orders, get-details; docs/exchanger-api.md). */
export const FILTERS: Readonly<Record<LayoutObject, readonly FilterSpec[]>> = {
  user: [],
  // No filters: read by what else the server says (objects.ts).
  "saved field": [],
  verification: [],
  currency: [],
  direction: [],
  "direction field": [],
  order: ORDER_FILTERS,
  "referral order": ORDER_FILTERS,
  detail: [
    { name: "value", unique: true, kinds: ["text", "hex-token", "email", "url", "integer"] },
    { name: "currency_id", unique: false, kinds: NUMBERS },
    // Not in the User API's documented filters (currency_id, value): tried once, since a detail is
    // deleted by its id and only a filter can confirm where it sits. A server that ignores the
    // parameter answers every row and confirms nothing (leavesOut); the id then stays a guess, never sent.
    { name: "id", unique: true, kinds: NUMBERS },
  ],
};

/** Most filtered reads one learning makes, whatever the server answers. */
export const MAX_CALLS = 14;
/** Candidate positions tried per filter before it is given up. */
const TRIES_PER_FILTER = 3;

export interface Learned {
  layout: Layout;
  /** Filtered reads made. */
  calls: number;
}

export async function learnLayout(object: LayoutObject, rows: Row[], ask: Ask): Promise<Learned> {
  // A broad sample first: the rows that led here may be one filtered row, which no group filter can read.
  const budget = { left: MAX_CALLS - 1 };
  const sample = (await ask({})) ?? [];
  const learnFrom = sample.length >= rows.length ? sample : rows;
  const size = learnFrom[0]?.length ?? 0;
  const same = learnFrom.filter((r) => r.length === size);
  const placed = new Map<number, LayoutField>();
  for (const spec of FILTERS[object]) await placeByFilter(same, spec, placed, ask, budget);
  placeByType(object, same, placed);
  const fields = [...placed.values()].sort((a, b) => a.position - b.position);
  return { layout: { object, size, source: "learned", fields }, calls: MAX_CALLS - budget.left };
}

const column = (rows: readonly Row[], p: number) => rows.map((r) => r[p]);
const same = (a: Row, b: Row) => JSON.stringify(a) === JSON.stringify(b);
const distinct = (values: readonly unknown[]) => new Set(values.map(String)).size === values.length;

/** Positions the filter may name, likeliest first: the filter's first kind, then columns whose values vary. */
function candidatesFor(rows: readonly Row[], spec: FilterSpec, placed: Map<number, LayoutField>) {
  const size = rows[0]?.length ?? 0;
  const rank = (p: number) =>
    spec.kinds.indexOf(columnKind(column(rows, p)) as ValueKind) * 2 +
    (new Set(column(rows, p).map(String)).size > 1 ? 0 : 1);
  return Array.from({ length: size }, (_, p) => p)
    .filter((p) => {
      if (placed.has(p)) return false;
      const kind = columnKind(column(rows, p));
      if (kind === "mixed" || !spec.kinds.includes(kind)) return false;
      return !spec.unique || distinct(column(rows, p));
    })
    .sort((a, b) => rank(a) - rank(b) || a - b);
}

/** The row whose value is filtered by: for a group, one with the commonest value (the answer then has most rows to agree). */
function pivotOf(rows: readonly Row[], p: number, unique: boolean): number {
  if (unique) return 0;
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(String(r[p]), (counts.get(String(r[p])) ?? 0) + 1);
  const best = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return rows.findIndex((r) => String(r[p]) === best[0]);
}

/**
 * When every row sampled holds the value, an answer holding it proves nothing (a server ignoring the
 * filter answers the same): a value no row holds must then leave the pivot row out.
 */
async function leavesOut(
  rows: readonly Row[],
  p: number,
  pivot: Row,
  ask: (value: string) => Promise<Row[] | undefined>,
): Promise<boolean> {
  const held = new Set(rows.map((r) => String(r[p])));
  const numeric = rows.every((r) => /^\d+$/.test(String(r[p])));
  const other = numeric
    ? [...Array(held.size + 1).keys()].map(String).find((v) => !held.has(v))!
    : "\u2060no such value";
  const answer = await ask(other);
  return answer !== undefined && !answer.some((a) => same(a, pivot));
}

async function placeByFilter(
  rows: readonly Row[],
  spec: FilterSpec,
  placed: Map<number, LayoutField>,
  ask: Ask,
  budget: { left: number },
): Promise<void> {
  const candidates = candidatesFor(rows, spec, placed);
  const askBy = (value: string) => {
    budget.left--;
    return ask({ [spec.name]: value });
  };
  const refused = new Set<string>();
  for (const p of candidates.slice(0, TRIES_PER_FILTER)) {
    if (budget.left <= 0) return;
    const pivot = rows[pivotOf(rows, p, spec.unique)]!;
    const value = String(pivot[p]);
    if (refused.has(value)) continue;
    const answer = await askBy(value);
    // A refused filter confirms nothing, whichever position it is asked about; a filter of known
    // values is given up only when a second value is refused too (the first may be no status at all).
    if (answer === undefined) refused.add(value);
    if (refused.size >= (spec.known ? 2 : 1)) return;
    if (answer === undefined || !answer.some((a) => same(a, pivot))) continue;
    if (spec.unique && answer.length !== 1) continue;
    // Only one candidate may hold the value in every row answered: else the filter did not say which.
    const holding = candidates.filter((q) => answer.every((a) => String(a[q]) === value));
    if (holding.length !== 1 || holding[0] !== p) continue;
    const everyRow = rows.every((r) => String(r[p]) === value);
    if (everyRow && (budget.left <= 0 || !(await leavesOut(rows, p, pivot, askBy)))) continue;
    placed.set(p, { position: p, name: spec.name, by: "filter", why: `the ${spec.name} filter` });
    return;
  }
}

function placeByType(object: LayoutObject, rows: readonly Row[], placed: Map<number, LayoutField>) {
  const free = (kinds: readonly ValueKind[]) =>
    Array.from({ length: rows[0]?.length ?? 0 }, (_, p) => p).filter(
      (p) => !placed.has(p) && kinds.includes(columnKind(column(rows, p)) as ValueKind),
    );
  const put = (p: number | undefined, name: string, why: string) => {
    if (p !== undefined && ![...placed.values()].some((f) => f.name === name))
      placed.set(p, { position: p, name, by: "type", why });
  };
  placeDates(rows, free(["unix-time", "date-text"]), put);
  if (object === "detail") {
    put(
      free(NUMBERS).find((p) => distinct(column(rows, p))),
      "id",
      "distinct whole numbers",
    );
    put(free(NUMBERS)[0], "currency_id", "a small whole number");
    put(free(["text", "hex-token", "email"])[0], "value", "text");
    return;
  }
  placeAmounts(rows, free(["decimal", "display-amount", "integer"]), put);
  put(free(["hex-token"])[0], "token", "a hex token");
  // A guess only when one column could be it: a wrong status would misread every order.
  const statusLike = free(["small-number"]).filter((p) =>
    column(rows, p).every((v) => Number(v) <= 9),
  );
  if (statusLike.length === 1) put(statusLike[0], "status", "the one small-number column");
  put(
    free(NUMBERS).find((p) => distinct(column(rows, p))),
    "id",
    "distinct whole numbers",
  );
  put(free(["email"])[0], "email", "an e-mail address");
}

type Put = (p: number | undefined, name: string, why: string) => void;

/** Created before updated: the earlier of two time columns in every row is the creation time. */
export function placeDates(rows: readonly Row[], times: number[], put: Put) {
  const at = (row: Row, p: number) => {
    const v = row[p];
    return typeof v === "number" || /^\d+$/.test(String(v)) ? Number(v) : Date.parse(String(v));
  };
  const [a, b] = times;
  if (a !== undefined && b !== undefined && rows.every((r) => at(r, b) <= at(r, a)) === true) {
    const someLater = rows.some((r) => at(r, b) < at(r, a));
    if (someLater)
      return void (
        put(b, "created_at", kindName(rows, b)),
        put(a, "updated_at", kindName(rows, a))
      );
  }
  put(a, "created_at", a === undefined ? "" : kindName(rows, a));
  put(b, "updated_at", b === undefined ? "" : kindName(rows, b));
}

const kindName = (rows: readonly Row[], p: number) =>
  columnKind(column(rows, p)) === "unix-time" ? "a unix time" : "a date text";

/** Send × rate = receive in every row places all three; two amounts alone go send, then receive. */
function placeAmounts(rows: readonly Row[], amounts: number[], put: Put) {
  const n = (row: Row, p: number) => numericValue(row[p]) ?? NaN;
  const close = (x: number, y: number) => Math.abs(x - y) <= Math.max(1e-8, Math.abs(y) * 0.01);
  for (const s of amounts)
    for (const r of amounts)
      for (const k of amounts) {
        if (new Set([s, r, k]).size < 3) continue;
        if (!rows.every((row) => close(n(row, s) * n(row, k), n(row, r)))) continue;
        if (!rows.some((row) => n(row, k) !== 1)) continue;
        // send × rate reads the same both ways: the rate is the one that varies less (one direction's).
        const varies = (p: number) => new Set(column(rows, p).map(String)).size;
        const [send, rate] = varies(k) > varies(s) ? [k, s] : [s, k];
        put(send, "send_amount", "send × rate = receive");
        put(r, "receive_amount", "send × rate = receive");
        put(rate, "rate", "send × rate = receive");
        return;
      }
  const decimals = amounts.filter((p) => column(rows, p).some((v) => kindOf(v) !== "integer"));
  put(decimals[0], "send_amount", "an amount");
  put(decimals[1], "receive_amount", "an amount");
}
