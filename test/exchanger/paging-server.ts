/**
 * Generated order lists as servers page them: any size, any page cap, either order, `pagination`
 * or none, its position counted in pages or in offsets, and page n's offset counted in the size
 * served or in the `limit` asked (a script computing it before capping), and each page sent as a list
 * or as an object keyed by id (JavaScript then orders integer-like keys ascending: the server's order
 * within the page is lost), the ids then growing with creation or not at all (only the creation
 * dates tell).
 */
import type { Random } from "../../src/sandbox/random.js";
import { orderedByAge } from "../../src/exchanger/list-order.js";
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
  /** Pages as an object keyed by id; "random-ids": keyed, and ids that do not grow with creation. */
  keyed?: "growing-ids" | "random-ids";
}

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const between = (rand: Random, low: number, high: number) =>
  low + Math.floor(rand() * (high - low + 1));

export function randomServer(rand: Random): PagingServer {
  const server: PagingServer = {
    size: between(rand, 0, 60),
    cap: rand() < 0.3 ? undefined : between(rand, 1, 20),
    order: pick(rand, ["newest-first", "oldest-first"] as const),
    pagination: rand() < 0.5,
    position: pick(rand, ["page", "offset"] as const),
    offsetBy: pick(rand, ["served", "asked"] as const),
    ...(rand() < 0.4 && { keyed: pick(rand, ["growing-ids", "random-ids"] as const) }),
  };
  // Ids that do not grow with creation are read by the dates of keyed pages, which need two orders a
  // page to be keyed at all (a page of one keeps its order, and its id is taken at its word).
  if (server.keyed === "random-ids" && server.cap !== undefined)
    server.cap = Math.max(2, server.cap);
  return server;
}

/** Order `n`'s id on `server`: n, or (random ids) a number unrelated to its age, the same for every n. */
export function idOf(server: PagingServer, n: number): number {
  return server.keyed === "random-ids" ? ((n * 7919) % 1009) * 100 + n : n;
}

/** The orders of `server` (1 = the oldest), created a minute apart, with their ids. */
export function serverOrders(server: PagingServer): Order[] {
  return Array.from({ length: server.size }, (_, i) =>
    readOrder({ id: idOf(server, i + 1), status: 0, created_at: 1_700_000_000 + i * 60 })!,
  );
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

/** A page as JSON.parse hands a keyed object's values over: integer-like keys ascending. */
function keyedOrder(server: PagingServer, items: Order[]): Order[] {
  if (server.keyed === undefined) return items;
  const parsed = JSON.parse(JSON.stringify(Object.fromEntries(items.map((o) => [o.id, o.id]))));
  const byId = new Map(items.map((o) => [o.id, o]));
  return Object.values(parsed as Record<string, string>).map((id) => byId.get(id)!);
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
    const items = keyedOrder(server, listed.slice(offset, offset + limit));
    const unordered = server.keyed !== undefined && items.length > 1;
    // What the client does with a keyed page (Page.unordered): newest first by its records.
    const read = orderedByAge({ items, ...(unordered && { unordered: true as const }) });
    if (!server.pagination) return Promise.resolve(read);
    const position = server.position === "page" ? page : offset;
    return Promise.resolve({ ...read, pagination: { total: listed.length, position } });
  };
  return { fetch, calls };
}
