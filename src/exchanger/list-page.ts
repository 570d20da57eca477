/**
 * A list method's answer as a page: the list out of a paginator object with its totals
 * (envelope.ts unwrapList), cut to the size asked (a server that ignores `limit` — one sent 10,000
 * orders for a page of 10 — must not decide how much the bot renders, keeps or walks), and marked
 * `unordered` when it came as an object keyed by id (types.ts Page.unordered). Order pages are then
 * read into the bot's orders, an unordered one put newest first by its records before it is cut.
 */
import { isPlainObject, toObjectList, toPagination, unwrapList } from "./envelope.js";
import { orderedByAge } from "./list-order.js";
import { readOrders } from "./normalize/order.js";
import type { Order, Page } from "./types.js";

type Raw = Record<string, unknown>;

/** The page of a list `result` (and the envelope's `pagination`); undefined when it is no list. */
export function listPage(
  result: unknown,
  pagination: unknown,
  limit?: number,
): Page<Raw> | undefined {
  const { list, totals } = unwrapList(result);
  const all = toObjectList(list);
  if (all === undefined) return undefined;
  // A list keyed by id lost the server's order: it is ordered (orderPage) before it is cut.
  const unordered = isPlainObject(list) && all.length > 1;
  const cut = !unordered && limit !== undefined && limit > 0 && all.length > limit;
  const items = cut ? all.slice(0, limit) : all;
  const counted = toPagination(pagination) ?? totals;
  return {
    items,
    ...(counted && { pagination: counted }),
    ...(unordered && { unordered: true as const }),
  };
}

/**
 * A page of raw order records read once into the bot's orders (normalize/order.ts); `unread`: rows of
 * a positional answer no layout fitted (counted on the page, never read); an unordered page is put
 * newest first by its records, then cut to `limit`.
 */
export function orderPage(raw: Page<unknown>, unread = 0, limit?: number): Page<Order> {
  const read = readOrders(raw.items);
  // A record without an id (none, or none proved on a positional server) cannot be addressed: unread.
  const missing = unread + raw.items.length - read.length;
  const page = orderedByAge({ ...raw, items: read, ...(missing > 0 && { unread: missing }) });
  const cut = limit !== undefined && limit > 0 && page.items.length > limit;
  return cut ? { ...page, items: page.items.slice(0, limit) } : page;
}
