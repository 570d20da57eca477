/**
 * A page of orders, newest first, whatever order the exchanger lists them in (list-order.ts learns
 * which per process), whatever page size it honours (served-page-size.ts) and however it counts its
 * `pagination` position (never read here: only the total is). Used by the /orders screens, the
 * order-status watcher and the lookup of a created order, so all see the newest orders alike.
 *
 * The user's page p of size s (the size the server honours, at most the size asked) holds the
 * orders p·s − s … p·s − 1 counted from the newest: walking ▶ from page 1 shows every order once.
 * Newest-first servers: the user's page p is the server's page p at size s (one call).
 * Oldest-first servers: the newest order is the server's last, so the list's length N is found
 * first — `pagination`'s total, else the end searched for (`listEnd`) — and the user's page is the
 * server's orders N − p·s … N − (p − 1)·s − 1, reversed (at most two server pages, fewer when the
 * pages read to find the end already hold them).
 * Nothing is cached between screens but what the process learned of the server (order, size): a
 * screen shows the orders as they are now.
 */
import type { ListOrder, OrderList } from "./list-order.js";
import { directionOf, newerFirst } from "./list-order.js";
import { ServedPageSize, ServerPages, type FetchPage } from "./served-page-size.js";
import type { ListParams, Order, OrderFilters, Page } from "./types.js";

export type { FetchPage } from "./served-page-size.js";

/** The size asked for while searching an oldest-first list's end (capped by what the server honours). */
export const WALK_PAGE_SIZE = 50;
/** At most this many doublings look for the end of a list without `pagination` (2^30 pages: never reached). */
const MAX_DOUBLINGS = 30;

/** A page for the list screen; `servedSize`: the page size the user's pages are counted in. */
export type OrdersPage = Page<Order> & { servedSize: number };

type Params = OrderFilters & ListParams & { page: number; limit: number };

/**
 * The user's page `params.page` (1 = newest) of `params.limit` orders or the fewer the server honours.
 * `served`: what the process learned of the server's page size (a fresh one learns it again).
 */
export async function newestFirstPage(
  order: ListOrder,
  list: OrderList,
  params: Params,
  fetch: FetchPage,
  served: ServedPageSize = new ServedPageSize(),
): Promise<OrdersPage> {
  const { page: _page, limit: _limit, ...filters } = params;
  const pages = new ServerPages(fetch, filters);
  const size = await served.size(list, params.limit, pages);
  if (order.known(list) !== "oldest-first") {
    const page = await pages.page(params.page, size);
    if ((await learnOrder(order, list, pages, page, size)) !== "oldest-first")
      return { ...page, ...counted(page.pagination?.total, params.page, size), servedSize: size };
    // Learnt just now (once per list and process): from here on as every later screen does.
  }
  pages.direction = "oldest-first";
  const total = await listLength(list, pages, size, served);
  return { ...(await oldestFirstPage(pages, params.page, size, total)), servedSize: size };
}

/** The pagination the screen counts with: the total, and where this page starts in it. */
function counted(
  total: number | undefined,
  page: number,
  size: number,
): Pick<Page<Order>, "pagination"> {
  return total === undefined ? {} : { pagination: { total, position: (page - 1) * size } };
}

/**
 * The list's order, learnt from this page; a page of one order (a server serving one per page)
 * teaches nothing alone, so the server's first two pages are compared.
 */
async function learnOrder(
  order: ListOrder,
  list: OrderList,
  pages: ServerPages,
  page: Page<Order>,
  size: number,
) {
  if (page.unordered) return learnUnordered(order, list, pages, size);
  const seen = order.observe(list, page.items);
  if (seen !== undefined || page.items.length !== 1 || size !== 1) return seen;
  const [first, second] = await Promise.all([pages.page(1, 1), pages.page(2, 1)]);
  if (directionOf([...first.items, ...second.items]) === undefined) return undefined;
  return order.observe(list, [...first.items, ...second.items]);
}

/**
 * The list's order when pages come keyed by id (Page.unordered): a page's own order is the client's,
 * so the newest orders of the server's pages 1 and 2 are compared. A list on one page teaches nothing
 * and needs nothing: that page is already newest first.
 */
async function learnUnordered(order: ListOrder, list: OrderList, pages: ServerPages, size: number) {
  const known = order.known(list);
  if (known !== undefined) return known;
  const first = await pages.page(1, size);
  if (first.items.length < size || (first.pagination && first.pagination.total <= size))
    return undefined;
  const second = await pages.page(2, size);
  const [a, b] = [first.items[0], second.items[0]];
  if (a === undefined || b === undefined || newerFirst(a, b) === 0) return undefined;
  return order.learn(list, newerFirst(a, b) < 0 ? "newest-first" : "oldest-first");
}

/** How many orders an oldest-first list holds: its `pagination` total, else its end searched for. */
async function listLength(
  list: OrderList,
  pages: ServerPages,
  size: number,
  served: ServedPageSize,
): Promise<number> {
  // Read at the walk's size: a short list is then whole in one call, and a long one ends sooner.
  const walk = await served.size(list, Math.max(size, WALK_PAGE_SIZE), pages);
  const first = await pages.page(1, walk);
  if (first.pagination) return first.pagination.total;
  return listEnd(pages, walk);
}

/**
 * The length of a list without `pagination`, read at a size `size` the server honours: pages 1, 2,
 * 4, 8 … until one is at or past the end, then halving between the last before it and it. A page is
 * at or past the end when it is empty, short, or repeats another page's orders (a server that clamps
 * `page` to its last page answers every later page with it); the first such page is the last, and
 * the list holds the full pages before it plus what it holds.
 */
export async function listEnd(pages: ServerPages, size: number): Promise<number> {
  const read = new Map<number, string>();
  const lengths = new Map<number, number>();
  const fetch = async (no: number) => {
    const items = (await pages.page(no, size)).items;
    read.set(no, items.map((order) => order.id).join("\n"));
    lengths.set(no, items.length);
  };
  const atOrPast = (no: number): boolean =>
    lengths.get(no)! < size ||
    [...read].some(([other, ids]) => other !== no && ids === read.get(no));
  const firstAtOrPast = () => Math.min(...[...read.keys()].filter(atOrPast));
  for (let no = 1, doubling = 0; doubling <= MAX_DOUBLINGS; no *= 2, doubling++) {
    await fetch(no);
    if (atOrPast(no)) break;
  }
  if (![...read.keys()].some(atOrPast)) return Math.max(...read.keys()) * size;
  // Halving: a repeat seen late may mark an earlier page as past, so the bounds are read afresh.
  for (;;) {
    const after = firstAtOrPast();
    const before = Math.max(0, ...[...read.keys()].filter((no) => no < after));
    if (after - before <= 1) return (after - 1) * size + lengths.get(after)!;
    await fetch(Math.floor((before + after) / 2));
  }
}

/** The user's page `page` of an oldest-first list of `total` orders, from the server's pages. */
async function oldestFirstPage(
  pages: ServerPages,
  page: number,
  size: number,
  total: number,
): Promise<Page<Order>> {
  const end = total - (page - 1) * size;
  // Past the oldest order (the list shrank): an empty page, which the screen explains.
  if (end <= 0) return { items: [], ...counted(total, page, size) };
  const items = await collect(pages, Math.max(0, end - size), end, size);
  return { items: items.reverse(), ...counted(total, page, size) };
}

/** The server's orders `start` … `end` − 1, reading only the pages of `size` not read yet. */
async function collect(
  pages: ServerPages,
  start: number,
  end: number,
  size: number,
): Promise<Order[]> {
  const missing = new Set<number>();
  for (let i = start; i < end; i++) if (!pages.at(i)) missing.add(Math.floor(i / size) + 1);
  await Promise.all([...missing].map((no) => pages.page(no, size)));
  const items: Order[] = [];
  for (let i = start; i < end; i++) {
    const order = pages.at(i);
    if (order) items.push(order);
  }
  return items;
}
