/**
 * Generated order lists as servers page them: any size, any page cap, either order, `pagination`
 * or none, its position counted in pages or in offsets, and page n's offset counted in the size
 * served or in the `limit` asked (a script computing it before capping).
 */
import type { Random } from "../../src/sandbox/random.js";
import { readOrder } from "../../src/exchanger/normalize/order.js";
import type { ListParams, Order, OrderFilters, Page } from "../../src/exchanger/types.js";

export interface PagingServer {
  size: number;
  /** The most orders one page holds; undefined: whatever is asked. */
  cap: number | undefined;
  order: "newest-first" | "oldest-first";
  pagination: boolean;
  /** What `pagination`'s position counts. */
  position: "page" | "offset";
  /** What page n's offset is counted in when `limit` is capped. */
  offsetBy: "served" | "asked";
}

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const between = (rand: Random, low: number, high: number) =>
  low + Math.floor(rand() * (high - low + 1));

export function randomServer(rand: Random): PagingServer {
  return {
    size: between(rand, 0, 60),
    cap: rand() < 0.3 ? undefined : between(rand, 1, 20),
    order: pick(rand, ["newest-first", "oldest-first"] as const),
    pagination: rand() < 0.5,
    position: pick(rand, ["page", "offset"] as const),
    offsetBy: pick(rand, ["served", "asked"] as const),
  };
}

/** Order `n` (1 = the oldest), numbered from `firstId` upwards. */
export function numberedOrders(
  size: number,
  extra: (n: number) => Record<string, unknown> = () => ({}),
): Order[] {
  return Array.from({ length: size }, (_, i) =>
    readOrder({ id: i + 1, status: 0, ...extra(i + 1) })!,
  );
}

/** The server's get-orders over `orders` (oldest first), recording each call's page and limit. */
export function serve(server: PagingServer, orders: readonly Order[]) {
  const listed = server.order === "newest-first" ? [...orders].reverse() : [...orders];
  const calls: Array<{ page: number; limit: number }> = [];
  const fetch = (params: OrderFilters & ListParams): Promise<Page<Order>> => {
    const page = params.page ?? 1;
    const asked = params.limit ?? 10;
    calls.push({ page, limit: asked });
    const limit = Math.min(asked, server.cap ?? asked);
    const offset = (page - 1) * (server.offsetBy === "asked" ? asked : limit);
    const items = listed.slice(offset, offset + limit);
    if (!server.pagination) return Promise.resolve({ items });
    const position = server.position === "page" ? page : offset;
    return Promise.resolve({ items, pagination: { total: listed.length, position } });
  };
  return { fetch, calls };
}
