/** The page size a server without `pagination` honours: when it is probed, what it learns, what it asks. */
import { describe, expect, it } from "vitest";
import { ServedPageSize } from "../../src/exchanger/served-page-size.js";
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

async function view(sizes: ServedPageSize, fetch: ReturnType<typeof server>["fetch"], page = 1) {
  const asked = sizes.ask("own", { page, limit: 15 });
  return sizes.read("own", asked, await fetch(asked), fetch);
}

describe("the served page size", () => {
  it("a capped first page is found out with one more call, and every later page is asked at the cap", async () => {
    const sizes = new ServedPageSize();
    const { fetch, calls } = server(34, 10);
    const first = await view(sizes, fetch);
    expect(first.items).toHaveLength(10);
    expect(first.servedSize).toBe(10);
    expect(calls).toEqual([
      { page: 1, limit: 15 },
      { page: 2, limit: 10 },
    ]);
    expect(sizes.cap("own")).toBe(10);
    expect(sizes.cap("referral")).toBeUndefined();
    const second = await view(sizes, fetch, 2);
    expect(second.servedSize).toBe(10);
    expect(calls.at(-1)).toEqual({ page: 2, limit: 10 });
  });

  it("a short list is its end: one look past it, then shorter ones cost nothing", async () => {
    const sizes = new ServedPageSize();
    const four = server(4, 10);
    expect((await view(sizes, four.fetch)).servedSize).toBeUndefined();
    expect(four.calls).toHaveLength(2);
    const three = server(3, 10);
    await view(sizes, three.fetch);
    expect(three.calls).toHaveLength(1);
    expect(sizes.cap("own")).toBeUndefined();
  });

  it("a full page proves no cap below a page; pagination and later pages are never probed", async () => {
    const sizes = new ServedPageSize();
    const full = server(40, 100);
    await view(sizes, full.fetch);
    const short = server(14, 100);
    await view(sizes, short.fetch);
    expect(short.calls).toHaveLength(1);

    const paged = server(34, 10, true);
    const fresh = new ServedPageSize();
    expect((await view(fresh, paged.fetch)).servedSize).toBeUndefined();
    const unpaged = server(34, 10);
    await view(fresh, unpaged.fetch, 3);
    expect(paged.calls.length + unpaged.calls.length).toBe(2);
  });
});
