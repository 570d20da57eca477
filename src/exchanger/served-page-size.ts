/**
 * The page size a server without `pagination` honours, learned per process and list.
 *
 * A server may cap `limit` (asked for 15, sends 10). With `pagination` the pager reads the size off
 * the answer (bot/ui/pager.ts servedPageSize). Without it, a page of 10 when 15 were asked looks
 * like the last page, and the orders after it would never be shown. Nothing in that answer tells a
 * capped page from a short last one, so the first such page is followed by one more call: the
 * server's page 2 of exactly as many orders as came back. Orders there that were not on page 1 mean
 * the server caps at that size; from then on every page is asked for at that size, so page n starts
 * at (n - 1) × size however the server counts its offset (by the size it serves, or by the `limit`
 * asked, which would skip orders between pages), and a full page of that size offers ▶.
 *
 * What costs the extra call, and what spares it: only a first page, only without `pagination`, only
 * while shorter than asked, only while the cap is unknown, and only when it is not shorter than the
 * longest page this process already saw end a list or come back full (the cap is at least that, so
 * a shorter page is the list's end). A full page proves the cap is at least the page size: no server
 * page is then ever probed again. One instance per process (app.ts), never module state.
 */
import type { OrderList } from "./list-order.js";
import type { ListParams, Order, OrderFilters, Page } from "./types.js";

type Params = OrderFilters & ListParams & { page: number; limit: number };
type FetchPage = (params: OrderFilters & ListParams) => Promise<Page<Order>>;

interface Learned {
  /** The most items one page holds, once proven. */
  cap?: number;
  /** The cap is at least this many (a page this long ended a list, or was full). */
  atLeast: number;
}

export class ServedPageSize {
  readonly #learned = new Map<OrderList, Learned>();

  #of(list: OrderList): Learned {
    let learned = this.#learned.get(list);
    if (!learned) this.#learned.set(list, (learned = { atLeast: 0 }));
    return learned;
  }

  /** The cap learned for `list`, if any. */
  cap(list: OrderList): number | undefined {
    return this.#learned.get(list)?.cap;
  }

  /** What to ask the server for: at most the learned cap per page. */
  ask(list: OrderList, params: Params): Params {
    const cap = this.cap(list);
    return cap !== undefined && cap < params.limit ? { ...params, limit: cap } : params;
  }

  /**
   * The page as the screen should count it: `servedSize` when the server is known (or now found) to
   * cap without `pagination`. `asked`: the params `page` answered (from `ask`).
   */
  async read(
    list: OrderList,
    asked: Params,
    page: Page<Order>,
    fetch: FetchPage,
  ): Promise<Page<Order> & { servedSize?: number }> {
    if (page.pagination) return page;
    const learned = this.#of(list);
    const count = page.items.length;
    if (learned.cap !== undefined) return { ...page, servedSize: asked.limit };
    if (count >= asked.limit) learned.atLeast = Math.max(learned.atLeast, count);
    if (asked.page !== 1 || count === 0 || count >= asked.limit || count < learned.atLeast)
      return page;
    const next = await fetch({ ...asked, page: 2, limit: count });
    const onFirst = new Set(page.items.map((order) => order.id));
    if (next.items.some((order) => !onFirst.has(order.id))) {
      learned.cap = count;
      return { ...page, servedSize: count };
    }
    learned.atLeast = Math.max(learned.atLeast, count);
    return page;
  }
}
