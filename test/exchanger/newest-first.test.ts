/** How the server's list order is read off a page, and which server page holds the user's page. */
import { describe, expect, it } from "vitest";
import { directionOf, ListOrder } from "../../src/exchanger/list-order.js";
import { newestFirstPage, WALK_PAGE_SIZE } from "../../src/exchanger/newest-first.js";
import type { Order, Page } from "../../src/exchanger/types.js";
import { readOrder } from "../../src/exchanger/normalize/order.js";

/** Server records read as the client reads them. */
const read = (items: Array<Record<string, unknown>>): Order[] =>
  items.map((raw) => readOrder(raw)!);

describe("the server's list order", () => {
  it("is read from numeric ids, else from creation dates; one item or equal ends teach nothing", () => {
    expect(
      directionOf(
        read([
          { id: 9, status: 0 },
          { id: 3, status: 0 },
        ]),
      ),
    ).toBe("newest-first");
    expect(
      directionOf(
        read([
          { id: "3", status: 0 },
          { id: "9", status: 0 },
        ]),
      ),
    ).toBe("oldest-first");
    const at = (id: string, created_at: string) => ({ id, status: 0, created_at });
    expect(
      directionOf(read([at("a", "2025-01-01 10:00:00"), at("b", "2025-02-01 09:00:00")])),
    ).toBe("oldest-first");
    expect(
      directionOf(read([at("a", "2025-02-01 09:00:00"), at("b", "2025-01-01 10:00:00")])),
    ).toBe("newest-first");
    expect(directionOf(read([{ id: 1, status: 0 }]))).toBeUndefined();
    expect(directionOf(read([at("a", "soon"), at("b", "later")]))).toBeUndefined();
  });

  it("is remembered per list, and an undecidable page does not forget it", () => {
    const order = new ListOrder();
    expect(order.known("own")).toBeUndefined();
    order.observe(
      "own",
      read([
        { id: 1, status: 0 },
        { id: 2, status: 0 },
      ]),
    );
    expect(order.observe("own", read([{ id: 7, status: 0 }]))).toBe("oldest-first");
    expect(order.known("referral")).toBeUndefined();
  });
});

describe("walking an oldest-first list without pagination", () => {
  /** A server listing `count` orders oldest first, no pagination, capping `limit` and maybe clamping `page` to its last. */
  function server(count: number, cap: number, clampPage: boolean) {
    const orders: Order[] = read(
      Array.from({ length: count }, (_, i) => ({ id: i + 1, status: 0 })),
    );
    const calls: Array<{ page?: number; limit?: number }> = [];
    const fetch = (params: { page?: number; limit?: number }): Promise<Page<Order>> => {
      calls.push(params);
      const limit = Math.min(params.limit ?? 10, cap);
      const pages = Math.max(1, Math.ceil(count / limit));
      const page = clampPage ? Math.min(params.page ?? 1, pages) : (params.page ?? 1);
      return Promise.resolve({ items: orders.slice((page - 1) * limit, page * limit) });
    };
    return { fetch, calls };
  }
  const ctx = () => new ListOrder();
  const ids = (page: Page<Order>) => page.items.map((o) => Number(o.id));

  it.each([
    ["a server capping limit below what is asked", 30, 20, false],
    ["a server repeating its last page past the end", 40, 20, true],
    ["a list that fits one call", 12, 100, false],
  ] as const)(
    "finds the end of %s and shows the newest first with the real count",
    async (_name, count, cap, clamp) => {
      const { fetch, calls } = server(count, cap, clamp);
      const page = await newestFirstPage(ctx(), "own", { page: 1, limit: 5 }, fetch);
      expect(ids(page)).toEqual([count, count - 1, count - 2, count - 3, count - 4]);
      expect(page.pagination?.total).toBe(count);
      expect(calls.length).toBeLessThanOrEqual(5);
      const second = await newestFirstPage(ctx(), "own", { page: 2, limit: 5 }, fetch);
      expect(ids(second)).toEqual([count - 5, count - 6, count - 7, count - 8, count - 9]);
    },
  );

  it("finds the end of a long list in a few calls, halving between pages, even when the last page repeats", async () => {
    for (const clamp of [false, true]) {
      const count = WALK_PAGE_SIZE * 40; // 40 full pages: the last one repeats past the end when clamped
      const { fetch, calls } = server(count, 1000, clamp);
      const known = ctx();
      await newestFirstPage(known, "own", { page: 1, limit: 5 }, fetch);
      calls.length = 0;
      const page = await newestFirstPage(known, "own", { page: 1, limit: 5 }, fetch);
      expect(ids(page)).toEqual([count, count - 1, count - 2, count - 3, count - 4]);
      expect(page.pagination?.total).toBe(count);
      // Doubling to page 64, halving back to 41: about 2·log2(40) calls, not 40.
      expect(calls.length).toBeLessThanOrEqual(16);
    }
  });
});
