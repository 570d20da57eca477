/** The page size a server honours: when it is probed, what it learns, what it asks. */
import { describe, expect, it } from "vitest";
import { ServedPageSize, ServerPages } from "../../src/exchanger/served-page-size.js";
import type { ListParams, Order, OrderFilters, Page } from "../../src/exchanger/types.js";
import { readOrder } from "../../src/exchanger/normalize/order.js";

/** A newest-first server of `total` orders, capping pages at `cap`, offsets in the size it serves. */
function server(total: number, cap: number, pagination = false) {
  const all = Array.from({ length: total }, (_, i) => readOrder({ id: total - i, status: 0 })!);
  const calls: Array<{ page: number; limit: number }> = [];
  const fetch = (params: OrderFilters & ListParams): Promise<Page<Order>> => {
    const page = params.page ?? 1;
    const limit = Math.min(params.limit ?? 10, cap);
    calls.push({ page, limit: params.limit ?? 10 });
    const items = all.slice((page - 1) * limit, page * limit);
    return Promise.resolve(
      pagination ? { items, pagination: { total, position: (page - 1) * limit } } : { items },
    );
  };
  return { fetch, calls };
}

/** The size the screen would page in, asking for 15 (its reading of page 1 kept in `pages`). */
async function sizeFor(sizes: ServedPageSize, fetch: ReturnType<typeof server>["fetch"]) {
  return sizes.size("own", 15, new ServerPages(fetch, {}));
}

describe("the served page size", () => {
  it("a capped first page is found out with one more call, and then never asked again", async () => {
    const sizes = new ServedPageSize();
    const { fetch, calls } = server(34, 10);
    expect(await sizeFor(sizes, fetch)).toBe(10);
    expect(calls).toEqual([
      { page: 1, limit: 15 },
      { page: 2, limit: 10 },
    ]);
    expect(sizes.cap("own")).toBe(10);
    expect(sizes.cap("referral")).toBeUndefined();
    expect(await sizeFor(sizes, fetch)).toBe(10);
    expect(calls).toHaveLength(2);
  });

  it("with pagination the total tells a capped page at once", async () => {
    const sizes = new ServedPageSize();
    const paged = server(34, 10, true);
    expect(await sizeFor(sizes, paged.fetch)).toBe(10);
    expect(paged.calls).toHaveLength(1);
  });

  it("a short list is its end: one look past it, then shorter ones cost nothing", async () => {
    const sizes = new ServedPageSize();
    const four = server(4, 10);
    expect(await sizeFor(sizes, four.fetch)).toBe(15);
    expect(four.calls).toHaveLength(2);
    const three = server(3, 10);
    await sizeFor(sizes, three.fetch);
    expect(three.calls).toHaveLength(1);
    expect(sizes.cap("own")).toBeUndefined();
  });

  it("a full page proves the size: later screens ask nothing to learn it", async () => {
    const sizes = new ServedPageSize();
    const full = server(40, 100);
    expect(await sizeFor(sizes, full.fetch)).toBe(15);
    const again = server(14, 100);
    expect(await sizeFor(sizes, again.fetch)).toBe(15);
    expect(again.calls).toHaveLength(0);
  });
});
