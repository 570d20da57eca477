/**
 * Newest-first paging, as a property: for generated servers (0–60 orders, a page cap of 1–20 or
 * none, 1–20 asked per page, either list order, `pagination` counted in pages or offsets or absent,
 * offsets counted in the size served or asked, pages keyed by id with ids growing with creation or
 * not), walking ▶ from the first page to the last shows
 * every order exactly once, newest first — as the orders screen pages (bot/ui/pager.ts).
 *
 * A few hundred servers per run; PAGING_SEED=<n> replays a run; a failure prints the seed, the
 * server and what was shown.
 */
import { describe, expect, it } from "vitest";
import { ListOrder } from "../../src/exchanger/list-order.js";
import { newestFirstPage } from "../../src/exchanger/newest-first.js";
import { ServedPageSize } from "../../src/exchanger/served-page-size.js";
import { hasNextPage } from "../../src/bot/ui/pager.js";
import { seededRandom } from "../../src/sandbox/random.js";
import {
  idOf,
  numberedOrders,
  randomServer,
  serve,
  serverOrders,
  type PagingServer,
} from "./paging-server.js";

const SEED = Number(process.env.PAGING_SEED ?? Date.now() % 1_000_000);
const SERVERS = 300;

/** The ids shown walking ▶ from page 1 with one process's learning, and the pages walked. */
async function walk(server: PagingServer, asked: number) {
  const { fetch } = serve(server, serverOrders(server));
  const order = new ListOrder();
  const served = new ServedPageSize();
  const shown: number[] = [];
  for (let page = 1; page <= 200; page++) {
    const read = await newestFirstPage(order, "own", { page, limit: asked }, fetch, served);
    shown.push(...read.items.map((o) => Number(o.id)));
    const info = {
      page,
      pageSize: read.servedSize,
      itemsOnPage: read.items.length,
      ...(read.pagination && { pagination: read.pagination }),
    };
    if (!hasNextPage(info)) return { shown, pages: page };
  }
  return { shown, pages: Infinity };
}

describe("walking the orders newest first", () => {
  it(`shows every order once, newest first, on ${SERVERS} generated servers (seed ${SEED})`, async () => {
    const rand = seededRandom(SEED);
    for (let i = 0; i < SERVERS; i++) {
      const server = randomServer(rand);
      const drawn = 1 + Math.floor(rand() * 20);
      const asked = server.keyed === "random-ids" ? Math.max(2, drawn) : drawn;
      const { shown, pages } = await walk(server, asked);
      const expected = Array.from({ length: server.size }, (_, k) => idOf(server, server.size - k));
      expect(
        { shown, pages: Number.isFinite(pages) },
        `seed ${SEED}, server ${i}: ${JSON.stringify({ ...server, asked })}`,
      ).toEqual({ shown: expected, pages: true });
    }
  });

  it("the held-out case: oldest first, offsets, capped at 10, 15 asked: 34 orders on pages of 10/10/10/4", async () => {
    const server: PagingServer = {
      size: 34,
      cap: 10,
      order: "oldest-first",
      pagination: true,
      position: "offset",
      offsetBy: "asked",
    };
    const { fetch } = serve(server, numberedOrders(34));
    const order = new ListOrder();
    const served = new ServedPageSize();
    const sizes: number[] = [];
    const first: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const read = await newestFirstPage(order, "own", { page, limit: 15 }, fetch, served);
      sizes.push(read.items.length);
      if (page === 1) first.push(...read.items.map((o) => Number(o.id)));
    }
    expect(sizes).toEqual([10, 10, 10, 4]);
    expect(first.slice(0, 4)).toEqual([34, 33, 32, 31]);
  });
});
