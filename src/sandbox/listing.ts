/**
 * Filtering and paging shared by the list methods (orders, referral orders, payment details).
 * Paging: `page` is 1-based (default 1), `limit` defaults to 10 and is capped at 100.
 * `pagination` is [total matching, 0-based offset of the first item returned].
 */
import { SandboxError } from "./errors.js";
import type { Params } from "./params.js";
import type { SandboxOrder } from "./state.js";

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export const STATUS_NAMES: Record<string, number> = {
  "@created": 0,
  "@paid": 1,
  "@suspended": 2,
  "@canceled": 3,
  "@completed": 4,
};

export interface Paged<T> {
  result: T[];
  pagination: [number, number];
}

function positiveInteger(params: Params, name: string, fallback: number): number {
  const raw = params.get(name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw new SandboxError("invalidInteger", { name });
  return Number(raw);
}

export function paginate<T>(items: readonly T[], params: Params): Paged<T> {
  const page = positiveInteger(params, "page", 1);
  // Over-large limits are clamped rather than refused, as list endpoints of this kind usually do.
  const limit = Math.min(positiveInteger(params, "limit", DEFAULT_LIMIT), MAX_LIMIT);
  const offset = (page - 1) * limit;
  return { result: items.slice(offset, offset + limit), pagination: [items.length, offset] };
}

/** Numeric id 0-4 or `@name`; anything else is an error, not "no filter". */
export function parseStatus(raw: string): number {
  const trimmed = raw.trim();
  if (/^[0-4]$/.test(trimmed)) return Number(trimmed);
  const byName = STATUS_NAMES[trimmed.toLowerCase()];
  if (byName === undefined) throw new SandboxError("invalidStatus", { value: raw });
  return byName;
}

const ORDER_ID_FILTERS = ["id", "token", "exchange_id", "send_currency_id", "receive_currency_id"] as const;

/** Ids compare as strings so "7" and 7 match, whichever form the client sends. */
export function filterOrders(orders: readonly SandboxOrder[], params: Params): SandboxOrder[] {
  const rawStatus = params.get("status");
  const status = rawStatus === undefined ? undefined : parseStatus(rawStatus);
  return orders.filter((order) => {
    if (status !== undefined && Number(order.status) !== status) return false;
    return ORDER_ID_FILTERS.every((name) => {
      const wanted = params.get(name);
      return wanted === undefined || String(order[name]) === wanted.trim();
    });
  });
}

/** Newest first. "Newest" is the highest id: ids grow with creation, timestamps may be edited by tests. */
export function newestFirst<T extends { id: string | number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Number(b.id) - Number(a.id));
}
