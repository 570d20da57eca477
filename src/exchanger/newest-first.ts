/**
 * A page of orders, newest first, whatever order the exchanger lists them in (list-order.ts learns which
 * per process). Used by the /orders screens and by the order-status watcher, so both see the newest orders.
 *
 * Newest-first servers: the user's page p is the server's page p.
 * Oldest-first servers with `pagination`: the newest orders are on the server's LAST page, so the
 * user's page p is the server's page ceil(total/limit) - p + 1, reversed. One call of WALK_PAGE_SIZE
 * orders (page 1) learns the total and, for a list that fits in it, is the whole list (sliced here,
 * every page full); a longer list costs a second call for the page itself, and its pages stay the
 * server's pages (the user's first page may hold fewer than `limit` orders: realigning them would
 * cost another call per view).
 * Oldest-first servers WITHOUT `pagination`: there is no total to find the end with, so the list is
 * walked forward in pages of WALK_PAGE_SIZE, at most WALK_MAX_CALLS calls per screen, until it ends
 * (an empty page, a page shorter than the one before, or a page repeating orders: a server that
 * caps `limit` below what was asked still returns full pages of its own size until the end, and one
 * that clamps `page` repeats its last page). A list that ends within the walk is shown newest first
 * with its real count. A longer one cannot be ordered honestly without more calls: each server page
 * is shown reversed in the server's page order and the screen says that ▶ leads to newer orders.
 * Calls per screen: newest first 1; oldest first with `pagination` at most 2, without at most
 * WALK_MAX_CALLS + 1; the first screen of a list in a process one more (it finds out the order).
 * Nothing is cached: a screen shows the orders as they are now (a status changed by paying shows at once).
 */
import type { ListOrder, OrderList } from "./list-order.js";
import type { ServedPageSize } from "./served-page-size.js";
import type { ListParams, Order, OrderFilters, Page } from "./types.js";

export type FetchPage = (params: OrderFilters & ListParams) => Promise<Page<Order>>;

/** Orders asked for per call when the whole list is wanted (a server may send fewer: see above). */
export const WALK_PAGE_SIZE = 50;
/** At most this many calls per screen walk an oldest-first list without `pagination`. */
export const WALK_MAX_CALLS = 4;

/**
 * A page for the list screen; `oldestFirst`: the server's order could not be turned (see above), the
 * screen says so; `servedSize`: the page size a server without `pagination` honours (served-page-size.ts).
 */
export type OrdersPage = Page<Order> & { oldestFirst?: { walked: number }; servedSize?: number };

/** The server's page holding the user's page `page` on an oldest-first server with `total` items. */
export function serverPageFor(page: number, total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit)) - page + 1;
}

function reversed(page: Page<Order>): Page<Order> {
  return { ...page, items: [...page.items].reverse() };
}

type Params = OrderFilters & ListParams & { page: number; limit: number };

/**
 * The user's page `params.page` (1 = newest), from a list the exchanger may sort either way.
 * `served`: pages follow the size a server without `pagination` honours (served-page-size.ts) —
 * for the screens, which page through the list; the watcher reads only the first page.
 */
export async function newestFirstPage(
  order: ListOrder,
  list: OrderList,
  params: Params,
  fetch: FetchPage,
  served?: ServedPageSize,
): Promise<OrdersPage> {
  if (order.known(list) !== "oldest-first") {
    const asked = served ? served.ask(list, params) : params;
    const page = await fetch(asked);
    if (order.observe(list, page.items) !== "oldest-first")
      return served ? served.read(list, asked, page, fetch) : page;
    // Learnt just now (once per list and process): from here on as every later screen does.
  }
  const first = await fetch({ ...params, page: 1, limit: WALK_PAGE_SIZE });
  order.observe(list, first.items);
  return fromOldestFirst(params, first, fetch);
}

/** `first`: the server's page 1 of WALK_PAGE_SIZE orders (the oldest). */
async function fromOldestFirst(
  params: Params,
  first: Page<Order>,
  fetch: FetchPage,
): Promise<OrdersPage> {
  const pagination = first.pagination;
  if (!pagination) return walkToNewest(params, first, fetch);
  // The whole list in hand: sliced here, so every page is full.
  if (pagination.total <= first.items.length) return userPage([...first.items].reverse(), params);
  const wanted = serverPageFor(params.page, pagination.total, params.limit);
  // Past the oldest order (the list shrank): an empty page, which the screen explains.
  if (wanted < 1) return { items: [], pagination };
  const page = await fetch({ ...params, page: wanted });
  return reversed({ ...page, pagination: page.pagination ?? pagination });
}

/** The user's page of a list held whole, newest first, with its real count. */
function userPage(newestFirst: readonly Order[], params: Params): Page<Order> {
  const start = (params.page - 1) * params.limit;
  return {
    items: newestFirst.slice(start, start + params.limit),
    pagination: { total: newestFirst.length, position: start },
  };
}

/** See the header: the whole list in at most WALK_MAX_CALLS calls (`first` was one), or the server's page reversed and marked. */
async function walkToNewest(
  params: Params,
  first: Page<Order>,
  fetch: FetchPage,
): Promise<OrdersPage> {
  const all: Order[] = [];
  const seen = new Set<string>();
  let previousSize: number | undefined;
  let calls = 1;
  for (let no = 1; ; no++) {
    let page = no === 1 ? first : undefined;
    if (page === undefined) {
      if (calls === WALK_MAX_CALLS) break;
      page = await fetch({ ...params, page: no, limit: WALK_PAGE_SIZE });
      calls++;
    }
    const fresh = page.items.filter((order) => !seen.has(String(order.id)));
    for (const order of fresh) seen.add(String(order.id));
    all.push(...fresh);
    const ended =
      page.items.length === 0 ||
      fresh.length < page.items.length ||
      (previousSize !== undefined && page.items.length < previousSize);
    if (ended) return userPage(all.reverse(), params);
    previousSize = page.items.length;
  }
  // Longer than the walk: the server's own page, newest first within it (▶ leads to newer orders).
  return { ...reversed(await fetch(params)), oldestFirst: { walked: all.length } };
}
