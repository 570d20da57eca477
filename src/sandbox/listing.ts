/**
 * Filtering and paging shared by the list methods (orders, referral orders, payment details).
 * Paging: `page` is 1-based (default 1), `limit` defaults to 10 and is capped at 100.
 * `pagination` is [total matching, 0-based offset of the first item returned]; a dialect without it
 * leaves it out, and a dialect's list order (newest or oldest first) decides what page 1 holds.
 */
import type { Dialect } from "./dialect.js";
import { SandboxError } from "./errors.js";
import { parseStatusFilter } from "./order-status.js";
import { passesFilter } from "./hostile.js";
import type { Params } from "./params.js";
import { writeList, type Rec } from "./reshape.js";
import type { SandboxOrder } from "./state.js";

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export interface Paged<T> {
  result: T[];
  pagination: [number, number];
}

function positiveInteger(params: Params, name: string, fallback: number): number {
  const raw = params.get(name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1)
    throw new SandboxError("invalidInteger", { name });
  return Number(raw);
}

/**
 * `offsetBy`: what page n's offset is counted in when `limit` is capped — the size served (page n
 * starts where page n - 1 ended) or the `limit` asked (a script computing the offset before capping:
 * the orders between the capped pages are never returned unless the client asks for the served size).
 */
export function paginate<T>(
  items: readonly T[],
  params: Params,
  cap = MAX_LIMIT,
  offsetBy: "served" | "asked" = "served",
): Paged<T> {
  const page = positiveInteger(params, "page", 1);
  const asked = positiveInteger(params, "limit", DEFAULT_LIMIT);
  // Over-large limits are clamped rather than refused, as list endpoints of this kind usually do.
  const limit = Math.min(asked, cap);
  const offset = (page - 1) * (offsetBy === "asked" ? Math.min(asked, MAX_LIMIT) : limit);
  return { result: items.slice(offset, offset + limit), pagination: [items.length, offset] };
}

const ORDER_ID_FILTERS = [
  "id",
  "token",
  "exchange_id",
  "send_currency_id",
  "receive_currency_id",
] as const;

/** Ids compare as strings so "7" and 7 match, whichever form the client sends. */
export function filterOrders(
  orders: readonly SandboxOrder[],
  params: Params,
  dialect: Dialect,
): SandboxOrder[] {
  const rules = dialect.hostile?.filters ?? {};
  const rawStatus = params.get("status");
  const status =
    rawStatus === undefined || rules.status === "ignored"
      ? undefined
      : parseStatusFilter(dialect, rawStatus);
  return orders.filter((order) => {
    if (
      status !== undefined &&
      !passesFilter(rules.status ?? "exact", "status", order.status, rawStatus!, status)
    )
      return false;
    return ORDER_ID_FILTERS.every((name) => {
      const wanted = params.get(name);
      return (
        wanted === undefined || passesFilter(rules[name] ?? "exact", name, order[name], wanted)
      );
    });
  });
}

/** Newest first. "Newest" is the highest id: ids grow with creation, timestamps may be edited by tests. */
export function newestFirst<T extends { id: string | number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareIds(b.id, a.id));
}

/** Ids of digits compare exactly however long (a 21-digit id is beyond a double's precision). */
function compareIds(a: string | number, b: string | number): number {
  const digits = /^\d+$/;
  if (digits.test(String(a)) && digits.test(String(b))) {
    const [x, y] = [BigInt(a), BigInt(b)];
    return x === y ? 0 : x > y ? 1 : -1;
  }
  return Number(a) - Number(b);
}

/**
 * A page of records as the dialect writes a list method's answer (`kind`: which list): each item
 * through `view`, then a plain list with `pagination` where the dialect sends it, or (dialect.lists) a
 * framework's paginator object carrying the items and their totals instead, or a map keyed by id
 * (JSON puts integer-like keys ascending, whatever order the page was in).
 */
export function writtenList<T extends { id: string | number }>(
  dialect: Dialect,
  kind: "orders" | "details",
  items: readonly T[],
  params: Params,
  view: (item: T) => unknown,
): { result: unknown; pagination?: [number, number] } {
  const page = listAnswer(dialect, items, params);
  const result = page.result.map(view);
  const form = dialect.lists?.[kind] ?? "list";
  if (form === "list") return { ...page, result };
  const asked = Math.min(
    positiveInteger(params, "limit", DEFAULT_LIMIT),
    dialect.pageCap ?? MAX_LIMIT,
  );
  const at = { total: items.length, page: positiveInteger(params, "page", 1), perPage: asked };
  const written = writeList(result as Rec[], form, at);
  // A paginator object carries its totals; a map keyed by id or JSON text keeps `pagination` beside.
  return form === "laravel" || form === "yii" ? { result: written } : { ...page, result: written };
}

/** A list answer in the dialect's order, paged, with `pagination` only where the dialect sends it. */
export function listAnswer<T extends { id: string | number }>(
  dialect: Dialect,
  items: readonly T[],
  params: Params,
): { result: T[]; pagination?: [number, number] } {
  const sorted = newestFirst(items);
  if (dialect.listOrder === "oldest-first") sorted.reverse();
  const page = paginate(sorted, params, dialect.pageCap, dialect.capOffset);
  return dialect.pagination ? page : { result: page.result };
}
