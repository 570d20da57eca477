/**
 * Finding one order by its id or its token: the ONE lookup the order card (/order, buttons) and
 * paying (/pay <token>, the Pay button) share, and the ONE shape of an order token.
 *
 * The match is checked here, not left to the server: a server that ignores the id or token filter
 * answers with some other orders, and the bot must never show, let alone pay, the wrong one.
 */
import type { ListParams, Order, OrderFilters, Page } from "./types.js";

/** What to look an order up by: its id (from a button or "/order 1234") or its token. */
export type OrderLookup = { id: string } | { token: string };

/**
 * Exchanger CMS order tokens are long random codes (hex in practice): no spaces, nothing exotic, at
 * least 8 characters, so that typos and stray words never become a lookup.
 */
export const ORDER_TOKEN = /^[A-Za-z0-9_-]{8,128}$/;
/**
 * Order numbers as users type them: digits only, however long (ids are opaque text; a 21-digit id is
 * an id, not a token). A token is hex in practice, so an all-digit token is not a case worth guessing.
 */
const ORDER_NUMBER = /^\d{1,40}$/;

/** "1039" or "#1039" → by id, "3f9a…" → by token; undefined when it is neither. */
export function parseOrderQuery(text: string): OrderLookup | undefined {
  const query = text.trim().replace(/^#/, "");
  if (ORDER_NUMBER.test(query)) return { id: query };
  if (ORDER_TOKEN.test(query)) return { token: query };
  return undefined;
}

export function matchesLookup(order: Order, lookup: OrderLookup): boolean {
  if ("id" in lookup) return order.id === lookup.id;
  return order.token === lookup.token;
}

/** At most this many orders are asked for: an exact filter matches one; a server ignoring it gains nothing from more. */
const LOOKUP_LIMIT = 5;

/** The order with exactly this id or token, read through `list` (own or referral orders); undefined when none matches. */
export async function findOrder(
  list: (params: OrderFilters & ListParams) => Promise<Page<Order>>,
  lookup: OrderLookup,
): Promise<Order | undefined> {
  const page = await list({ ...lookup, limit: LOOKUP_LIMIT });
  return page.items.find((order) => matchesLookup(order, lookup));
}
