/**
 * The page size a server honours, learned per process and list, and the server's pages read once per
 * screen (`ServerPages`).
 *
 * A server may cap `limit` (asked for 15, sends 10) and then count page n's offset either in the
 * size it serves or in the `limit` asked (which skips the orders between capped pages). Asked at a
 * size it honours, both count alike: page n starts at (n - 1) × size. So the bot finds the size
 * before it asks for any page but the first, and from then on asks at most that size.
 *
 * How: page 1 at the size wanted. A full page proves the size is honoured. A shorter page is the
 * cap when `pagination` says more orders exist; without `pagination` nothing in that answer tells a
 * capped page from a short list, so the server's page 2 of exactly as many orders follows: orders
 * there that were not on page 1 mean the server caps at that size. A short page that is shorter than
 * a size already honoured is the list's end (no probe). One instance per process (app.ts), never
 * module state.
 */
import type { ListDirection, OrderList } from "./list-order.js";
import type { ListParams, Order, OrderFilters, Page } from "./types.js";

export type FetchPage = (params: OrderFilters & ListParams) => Promise<Page<Order>>;

/**
 * The server's pages as one screen reads them: each (page, size) fetched at most once, and every
 * order kept at its place in the server's list (page n of size s starts at (n - 1) × s, true for the
 * first page and for any size the server honours, the only sizes asked beyond page 1).
 */
export class ServerPages {
  readonly #pages = new Map<string, Promise<Page<Order>>>();
  readonly #at = new Map<number, Order>();
  /** Pages keyed by id (Page.unordered), put newest first by the client: placed by `direction`. */
  readonly #unordered: Array<{ start: number; items: Order[] }> = [];
  /**
   * The server's list order, once known (newest-first.ts sets it): an unordered page's orders sit in
   * the server's list newest first or oldest first within the page accordingly.
   */
  direction: ListDirection = "newest-first";

  constructor(
    readonly fetch: FetchPage,
    readonly filters: OrderFilters & ListParams,
  ) {}

  page(no: number, size: number): Promise<Page<Order>> {
    const key = `${no}:${size}`;
    let page = this.#pages.get(key);
    if (!page) {
      page = this.fetch({ ...this.filters, page: no, limit: size }).then((read) => {
        if (read.unordered) this.#unordered.push({ start: (no - 1) * size, items: read.items });
        else read.items.forEach((order, i) => this.#at.set((no - 1) * size + i, order));
        return read;
      });
      this.#pages.set(key, page);
    }
    return page;
  }

  /** `page`, read as page `no` at a larger size, is also page `no` at `size` (a capped first page). */
  same(no: number, size: number, page: Page<Order>): void {
    this.#pages.set(`${no}:${size}`, Promise.resolve(page));
  }

  /** The order at `index` of the server's list, when a page read so far held it. */
  at(index: number): Order | undefined {
    const placed = this.#at.get(index);
    if (placed !== undefined) return placed;
    for (const { start, items } of this.#unordered) {
      const i = index - start;
      if (i < 0 || i >= items.length) continue;
      return this.direction === "newest-first" ? items[i] : items[items.length - 1 - i];
    }
    return undefined;
  }
}

interface Learned {
  /** The most items one page holds, once proven. */
  cap?: number;
  /** The cap is at least this many (a page this long came back full or was proven not capped). */
  atLeast: number;
}

export class ServedPageSize {
  readonly #learned = new Map<OrderList, Learned>();

  #of(list: OrderList): Learned {
    let learned = this.#learned.get(list);
    if (!learned) this.#learned.set(list, (learned = { atLeast: 0 }));
    return learned;
  }

  /** What was learned, as plain JSON for the server profile's store record. */
  snapshot(): Partial<Record<OrderList, Learned>> {
    return Object.fromEntries(this.#learned);
  }

  /** Takes back what another instance (or an earlier run) learned, where this one knows nothing yet. */
  restore(saved: Record<string, unknown>): void {
    for (const list of ["own", "referral"] as const) {
      const learned = saved[list] as Partial<Learned> | undefined;
      if (learned === undefined || this.#learned.has(list)) continue;
      const size = (n: unknown) =>
        Number.isInteger(n) && (n as number) > 0 ? (n as number) : undefined;
      const cap = size(learned.cap);
      this.#learned.set(list, { atLeast: size(learned.atLeast) ?? 0, ...(cap && { cap }) });
    }
  }

  /** The cap learned for `list`, if any. */
  cap(list: OrderList): number | undefined {
    return this.#learned.get(list)?.cap;
  }

  /**
   * The size the server honours when `wanted` is asked: `wanted`, or the cap below it. Costs page 1
   * (kept in `pages`) while unknown, and page 2 at the short page's size without `pagination`.
   */
  async size(list: OrderList, wanted: number, pages: ServerPages): Promise<number> {
    const learned = this.#of(list);
    if (learned.cap !== undefined) return Math.min(wanted, learned.cap);
    if (wanted <= learned.atLeast) return wanted;
    const first = await pages.page(1, wanted);
    const count = first.items.length;
    if (count >= wanted) {
      learned.atLeast = wanted;
      return wanted;
    }
    // Empty, or shorter than a size already honoured: the list's end.
    if (count === 0 || count < learned.atLeast) return wanted;
    if (first.pagination ? first.pagination.total > count : await morePast(first, pages)) {
      learned.cap = count;
      pages.same(1, count, first);
      return count;
    }
    learned.atLeast = count;
    return wanted;
  }
}

/** Whether the server's page 2 at the size of the short page 1 holds orders page 1 did not. */
async function morePast(first: Page<Order>, pages: ServerPages): Promise<boolean> {
  const next = await pages.page(2, first.items.length);
  const onFirst = new Set(first.items.map((order) => order.id));
  return next.items.some((order) => !onFirst.has(order.id));
}
