/**
 * A lost create-order answer (src/exchanger/created-order.ts): the sandbox writes the order and drops
 * the connection; the client reports Unavailable after one request, and the user's orders, read again,
 * show which order it was — without a second creation.
 */
import { readOrder } from "../../src/exchanger/normalize/order.js";
import { afterEach, describe, expect, it } from "vitest";
import {
  createExchangerClient,
  type ExchangerClientWithStats,
} from "../../src/exchanger/client.js";
import { findCreatedOrders, orderKeys } from "../../src/exchanger/created-order.js";
import { OrderPages } from "../../src/exchanger/orders/pages.js";
import { ServerProfile } from "../../src/exchanger/server/profile.js";
import { numberedOrders, serve } from "./paging-server.js";
import { Unavailable } from "../../src/exchanger/errors.js";
import { withKeyCheck } from "../../src/exchanger/key-check.js";
import {
  createPrivateClient,
  type CreateOrderRequest,
} from "../../src/exchanger/private-client.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { failure } from "./failure.js";

let sandbox: Sandbox | undefined;
let transport: ExchangerClientWithStats | undefined;
afterEach(async () => {
  await transport?.close();
  await sandbox?.close();
  sandbox = transport = undefined;
});

const REQUEST: CreateOrderRequest = {
  slug: "usdttrc20-carduah",
  sendAmount: "100.50",
  userLogin: "ivan_p",
  fields: [
    { name: "Card number", value: "4149 4993 0000 1234" },
    { name: "Card holder name", value: "IVAN PETRENKO" },
    { name: "E-mail", value: "ivan.petrenko@example.com" },
  ],
  language: "en",
};

describe("finding the order a lost answer created", () => {
  it("the order written before the connection dropped is found among the user's newest orders, created once", async () => {
    sandbox = await startSandbox();
    transport = withKeyCheck(createExchangerClient({ baseUrl: sandbox.baseUrl, timeoutMs: 2_000 }));
    const caller = { apiKey: sandbox.accounts.main.apiKey, language: "en" as const };
    const before = orderKeys((await transport.getOrders(caller, { page: 1, limit: 10 })).items);
    sandbox.injectFault({ path: "/private-api-create-order", kind: "lost-answer" });

    const error = await failure(
      createPrivateClient(transport, sandbox.operatorKey).createOrder(REQUEST),
    );
    expect(error).toBeInstanceOf(Unavailable);
    expect(sandbox.requests.filter((r) => r.path === "/private-api-create-order")).toHaveLength(1);

    const after = (await transport.getOrders(caller, { page: 1, limit: 10 })).items;
    const found = findCreatedOrders(before, after, {
      exchangeId: 2,
      sendAmount: REQUEST.sendAmount,
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      send: { amount: "100.50" },
      directionId: "2",
      fields: { card_holder_name: "IVAN PETRENKO" },
    });
  });

  it("matches amounts as decimals and ignores orders that were there before or differ", () => {
    const order = (token: string, send_amount: unknown, exchange_id: unknown = "2") =>
      readOrder({ id: token, token, status: 0, send_amount, exchange_id })!;
    const before = orderKeys([order("old", "100.50")]);
    const after = [
      order("old", "100.50"),
      order("new1", "100.5"),
      order("new2", 100.5),
      order("other", "100.51"),
      order("elsewhere", "100.50", "3"),
    ];
    expect(
      findCreatedOrders(before, after, { exchangeId: 2, sendAmount: "100.50" }).map((o) => o.token),
    ).toEqual(["new1", "new2"]);
    expect(
      findCreatedOrders(before, after, { exchangeId: undefined, sendAmount: "100.50" }).map(
        (o) => o.token,
      ),
    ).toEqual(["new1", "new2", "elsewhere"]);
  });

  it("leaves out an order created well before the request left, whatever its amount", () => {
    const since = new Date("2026-11-20T12:00:00Z");
    const order = (token: string, created_at: string) =>
      readOrder({
        id: token,
        token,
        status: 0,
        send_amount: "100.50",
        exchange_id: 2,
        created_at,
      })!;
    const after = [
      order("now", "2026-11-20 12:00:05"),
      // A server writing its own zone's time without saying so: still within the slack.
      order("zoned", "2026-11-20 09:00:05"),
      order("yesterday", "2026-11-19 08:00:00"),
    ];
    expect(
      findCreatedOrders(new Set(), after, { exchangeId: 2, sendAmount: "100.50", since }).map(
        (o) => o.token,
      ),
    ).toEqual(["now", "zoned"]);
  });

  it("reads the newest orders on a server listing oldest first, more than a page of them, capped", async () => {
    const orders = numberedOrders(57, (n) => ({ token: `token${String(n).padStart(4, "0")}` }));
    for (const pagination of [true, false]) {
      const { fetch } = serve(
        {
          size: 57,
          cap: 15,
          order: "oldest-first",
          pagination,
          position: "page",
          offsetBy: "asked",
        },
        orders,
      );
      // A fresh process: nothing learned of the server yet.
      const pages = new OrderPages(
        { getOrders: (_c, p) => fetch(p ?? {}), getReferralOrders: (_c, p) => fetch(p ?? {}) },
        new ServerProfile(),
      );
      const newest = await pages.newest({ apiKey: "k", language: "en" });
      expect(newest.map((o) => Number(o.id))).toEqual(Array.from({ length: 15 }, (_, i) => 57 - i));
    }
  });
});
