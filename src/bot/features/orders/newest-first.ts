/**
 * A page of orders, newest first, whatever order the exchanger lists them in (exchanger/list-order.ts
 * learns which per process).
 *
 * Newest-first servers: the user's page p is the server's page p.
 * Oldest-first servers with `pagination`: the newest orders are on the server's LAST page, so the
 * user's page p is the server's page ceil(total/limit) - p + 1, reversed. The pages stay the server's
 * pages (the user's first page may hold fewer than `limit` orders): realigning them would cost two
 * calls per view. When the order is known, learning the total costs one call (page 1, which is also
 * the page shown when the list fits on it) before the page itself; when it is not known yet, the
 * page asked for is fetched as if newest first and, if it turns out oldest first, fetched again.
 * Oldest-first servers WITHOUT `pagination`: there is no total to find the end with, and walking
 * every page to find it would cost a call per page, so each page is shown reversed (newest first
 * within it) in the server's page order; ▶ leads towards the newest. The order screens say nothing
 * false: the count line only appears with a total.
 */
import type { ListParams, Order, OrderFilters, Page } from "../../../exchanger/types.js";
import type { BotContext } from "../../context.js";

export type FetchPage = (params: OrderFilters & ListParams) => Promise<Page<Order>>;

/** The server's page holding the user's page `page` on an oldest-first server with `total` items. */
export function serverPageFor(page: number, total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit)) - page + 1;
}

function reversed(page: Page<Order>): Page<Order> {
  return { ...page, items: [...page.items].reverse() };
}

type Params = OrderFilters & ListParams & { page: number; limit: number };

/** The user's page `params.page` (1 = newest), from a list the exchanger may sort either way. */
export async function newestFirstPage(ctx: BotContext, list: string, params: Params, fetch: FetchPage): Promise<Page<Order>> {
  const order = ctx.deps.listOrder;
  if (order.known(list) === "oldest-first") {
    const first = await fetch({ ...params, page: 1 });
    order.observe(list, first.items);
    return fromOldestFirst(params, first, 1, fetch);
  }
  const page = await fetch(params);
  if (order.observe(list, page.items) !== "oldest-first") return page;
  return fromOldestFirst(params, page, params.page, fetch);
}

/** `have` is the server's page `haveNo` (any page carries the total); `params.page` the user's page. */
async function fromOldestFirst(params: Params, have: Page<Order>, haveNo: number, fetch: FetchPage): Promise<Page<Order>> {
  if (!have.pagination) {
    // No total: the user's page p is the server's page p, newest first within it (see above).
    return reversed(haveNo === params.page ? have : await fetch(params));
  }
  const wanted = serverPageFor(params.page, have.pagination.total, params.limit);
  // Past the oldest order (the list shrank): an empty page, which the screen explains.
  if (wanted < 1) return { items: [], pagination: have.pagination };
  const page = wanted === haveNo ? have : await fetch({ ...params, page: wanted });
  return reversed({ ...page, pagination: page.pagination ?? have.pagination });
}
