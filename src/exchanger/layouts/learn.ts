/**
 * Learning the layout of a positional list (orders, referral orders, saved details) from the server
 * itself, for one record size. The evidence, strongest first, each kept with the position it placed:
 * - the list's own filters, where their answers tell one position apart from every other
 *   (filter-evidence.ts: never a constant column, never a filter the server ignores or applies loosely);
 * - for orders, the amounts by send × rate = receive with the rate each direction quotes now
 *   (amounts.ts: one extra public read per direction in the sample, never "the column that varies less");
 * - the kinds of values (a unix time, an e-mail), only for what no screen acts on: a name placed so
 *   (`by: "type"`) is a guess, which the reader never uses for money (normalize/layout.ts).
 * The layout also records which families of values each position held (its signature), so that every
 * later answer is checked against it.
 *
 * Telegram-free; at most MAX_CALLS filtered reads per learning, plus the directions' public reads.
 */
import type { Layout, LayoutField, LayoutObject } from "../normalize/layout.js";
import { placeAmounts } from "./amounts.js";
import {
  placeGroup,
  placeUnique,
  rowKey,
  Sample,
  type Ask,
  type FilterSpec,
  type Placing,
  type Row,
} from "./filter-evidence.js";
import { placeByKind } from "./by-kind.js";
import { columnKind, familiesOf, numericValue, type ValueKind } from "./value-types.js";

export type { Ask, Row } from "./filter-evidence.js";

const NUMBERS: readonly ValueKind[] = ["integer", "small-number"];
const ORDER_FILTERS: readonly FilterSpec[] = [
  { name: "token", unique: true, kinds: ["hex-token", "text"] },
  { name: "id", unique: true, kinds: NUMBERS },
  {
    name: "status",
    unique: false,
    kinds: ["small-number", "text"],
    atNames: true,
    shape: /^(\d{1,2}|[A-Za-z][A-Za-z0-9_-]{0,31})$/,
  },
  { name: "send_currency_id", unique: false, kinds: NUMBERS },
  { name: "receive_currency_id", unique: false, kinds: NUMBERS },
  { name: "exchange_id", unique: false, kinds: NUMBERS },
];

/** The filters each object's list method accepts (the User API: get-orders, get-details; docs/exchanger-api.md). */
export const FILTERS: Readonly<Partial<Record<LayoutObject, readonly FilterSpec[]>>> = {
  order: ORDER_FILTERS,
  "referral order": ORDER_FILTERS,
  detail: [
    { name: "value", unique: true, kinds: ["text", "hex-token", "email", "url", "integer"] },
    { name: "currency_id", unique: false, kinds: NUMBERS },
    // Not in the User API's documented filters (currency_id, value): tried, since a detail is deleted
    // by its id and only a filter can confirm where it sits. A server that ignores it confirms nothing.
    { name: "id", unique: true, kinds: NUMBERS },
  ],
};

/** Most filtered reads one learning makes, whatever the server answers. */
export const MAX_CALLS = 20;
/** Rows a learning asks for per read: enough to see a filter leave rows out. */
export const LEARNING_LIMIT = 100;
/** Directions whose rate one learning reads, at most. */
const MAX_QUOTES = 8;

export interface LearnSources {
  /** Filtered reads of the same list (at LEARNING_LIMIT rows). */
  ask: Ask;
  /** The rate (receive per one sent) the direction between two currencies quotes now, when known. */
  quote?: (sendCurrencyId: string, receiveCurrencyId: string) => Promise<number | undefined>;
}

export interface Learned {
  layout: Layout;
  /** Filtered reads made. */
  calls: number;
}

/** The rows of `size` among the sample read now and the rows that led here, each once. */
function rowsOfSize(sample: readonly Row[], rows: readonly Row[], size: number): Row[] {
  const seen = new Set<string>();
  return [...sample, ...rows].filter((row) => {
    const key = rowKey(row);
    if (row.length !== size || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function learnLayout(
  object: LayoutObject,
  rows: readonly Row[],
  sources: LearnSources,
): Promise<Learned> {
  const size = rows[0]?.length ?? 0;
  const placing: Placing = {
    placed: new Map(),
    budget: { left: MAX_CALLS - 1 },
    limit: LEARNING_LIMIT,
  };
  const broad = (await sources.ask({})) ?? [];
  const sample = new Sample(rowsOfSize(broad, rows, size), size);
  const fields: LayoutField[] = [];
  for (const spec of FILTERS[object] ?? []) {
    const place = spec.unique ? placeUnique : placeGroup;
    await place(sample, spec, sources.ask, placing);
  }
  for (const [position, { name, why }] of placing.placed)
    fields.push({ position, name, by: "filter", why });
  if (object === "order" || object === "referral order")
    fields.push(...(await amountFields(sample, fields, sources)));
  fields.push(...placeByKind(object, sample.rows, fields));
  fields.sort((a, b) => a.position - b.position);
  const families = Array.from({ length: size }, (_, p) => familiesOf(sample.column(p)));
  return {
    layout: { object, size, source: "learned", fields, families },
    calls: MAX_CALLS - placing.budget.left,
  };
}

/** Send, receive and rate by the relation amounts.ts checks, once both currencies are placed by their filters. */
async function amountFields(
  sample: Sample,
  fields: readonly LayoutField[],
  sources: LearnSources,
): Promise<LayoutField[]> {
  const at = (name: string) => fields.find((f) => f.name === name)?.position;
  const [send, receive] = [at("send_currency_id"), at("receive_currency_id")];
  if (send === undefined || receive === undefined || sources.quote === undefined) return [];
  const pairs = [...new Set(sample.rows.map((r) => `${String(r[send])}>${String(r[receive])}`))];
  const quotes = new Map<string, number | undefined>();
  await Promise.all(
    pairs.slice(0, MAX_QUOTES).map(async (pair) => {
      const [from, to] = pair.split(">") as [string, string];
      quotes.set(pair, await sources.quote!(from, to).catch(() => undefined));
    }),
  );
  const quoted = sample.rows.map((r) => quotes.get(`${String(r[send])}>${String(r[receive])}`));
  const taken = new Set(fields.map((f) => f.position));
  const columns = Array.from({ length: sample.size }, (_, p) => p).filter((p) => {
    const kind = columnKind(sample.column(p));
    return (
      !taken.has(p) &&
      ["decimal", "integer", "small-number", "display-amount"].includes(kind) &&
      sample.column(p).every((v) => numericValue(v) !== undefined)
    );
  });
  const placed = placeAmounts(sample.rows, columns, quoted);
  if (placed === undefined) return [];
  const field = (position: number, name: string): LayoutField => ({
    position,
    name,
    by: "relation",
    why: placed.why,
  });
  return [
    field(placed.send, "send_amount"),
    field(placed.receive, "receive_amount"),
    ...(placed.rate === undefined ? [] : [field(placed.rate, "rate")]),
  ];
}
