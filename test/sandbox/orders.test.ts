import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { expectError, post } from "./helpers.js";

let sb: Sandbox;
let key: string;
beforeAll(async () => {
  sb = await startSandbox();
  key = sb.accounts.main.apiKey;
});
afterAll(() => sb.close());

const orders = (fields: Record<string, string | number> = {}) =>
  post(sb, "/user-api-get-orders", key, fields);

describe("get-orders", () => {
  it("pages 10 by default, newest first, with [total, position]", async () => {
    const { body } = await orders();
    const total = sb.state.accounts.main!.orders.length;
    expect(total).toBeGreaterThanOrEqual(36);
    expect(body.pagination).toEqual([total, 0]);
    expect(body.result).toHaveLength(10);
    const ids = body.result.map((o: { id: string }) => Number(o.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(typeof body.result[0].id).toBe("string");
    for (const field of [
      "id",
      "token",
      "status",
      "exchange_id",
      "send_currency_id",
      "receive_currency_id",
      "send_amount",
      "receive_amount",
      "created_at",
      "receive_wallet",
    ]) {
      expect(body.result[0]).toHaveProperty(field);
    }
    expect(body.result[0].created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(body.result[0].token).toMatch(/^[0-9a-f]{32}$/);
  });

  it("pages with page and limit; position is the offset of the first item", async () => {
    const first = await orders({ page: 1, limit: 7 });
    const third = await orders({ page: 3, limit: 7 });
    expect(third.body.pagination).toEqual([first.body.pagination[0], 14]);
    expect(third.body.result).toHaveLength(7);
    expect(Number(third.body.result[0].id)).toBeLessThan(Number(first.body.result[6].id));
    const beyond = await orders({ page: 99, limit: 10 });
    expect(beyond.body.result).toEqual([]);
    expect(beyond.body.pagination).toEqual([first.body.pagination[0], 980]);
  });

  it("caps limit at 100 and refuses a non-numeric page", async () => {
    const { body } = await orders({ limit: 500 });
    expect(body.result).toHaveLength(Math.min(100, body.pagination[0]));
    expect(expectError(await orders({ page: "two" }))).toBe(
      "Parameter page must be a positive whole number",
    );
    expectError(await orders({ limit: 0 }));
  });

  it("filters by numeric status and by @name identically", async () => {
    for (const [num, name] of [
      [0, "@created"],
      [1, "@paid"],
      [2, "@suspended"],
      [3, "@canceled"],
      [4, "@completed"],
    ] as const) {
      const byNumber = await orders({ status: num, limit: 100 });
      const byName = await orders({ status: name, limit: 100 });
      expect(byNumber.body.result.length).toBeGreaterThan(0);
      expect(byName.body.result).toEqual(byNumber.body.result);
      expect(byNumber.body.pagination[0]).toBe(byNumber.body.result.length);
      expect(byNumber.body.result.every((o: { status: number }) => Number(o.status) === num)).toBe(
        true,
      );
    }
  });

  it("refuses unknown statuses", async () => {
    for (const status of ["5", "@done", "created", "-1", "1.0"]) {
      expect(expectError(await orders({ status }))).toContain("Unknown order status");
    }
  });

  it("filters by id, token, exchange_id and currency ids (number or string alike)", async () => {
    const sample = sb.state.accounts.main!.orders[12]!;
    expect((await orders({ id: Number(sample.id) })).body.result).toEqual([sample]);
    expect((await orders({ token: sample.token })).body.result).toEqual([sample]);
    const byDirection = await orders({ exchange_id: Number(sample.exchange_id), limit: 100 });
    expect(byDirection.body.result.length).toBeGreaterThan(0);
    expect(
      byDirection.body.result.every(
        (o: { exchange_id: string }) => o.exchange_id === sample.exchange_id,
      ),
    ).toBe(true);
    const combined = await orders({
      send_currency_id: sample.send_currency_id,
      receive_currency_id: sample.receive_currency_id,
      status: Number(sample.status),
      limit: 100,
    });
    expect(combined.body.result).toContainEqual(sample);
    expect((await orders({ token: "0".repeat(32) })).body).toEqual({
      success: true,
      result: [],
      pagination: [0, 0],
    });
  });

  it("returns an empty list for the empty account", async () => {
    const { body } = await post(sb, "/user-api-get-orders", sb.accounts.empty.apiKey);
    expect(body).toEqual({ success: true, result: [], pagination: [0, 0] });
  });
});

describe("get-referral-orders", () => {
  it("lists referral orders without sensitive fields and supports the same filters", async () => {
    const { body } = await post(sb, "/user-api-get-referral-orders", key, { limit: 100 });
    expect(body.result.length).toBeGreaterThanOrEqual(8);
    expect(body.pagination).toEqual([body.result.length, 0]);
    for (const order of body.result) {
      expect(order).not.toHaveProperty("token");
      expect(order).not.toHaveProperty("receive_wallet");
      expect(order).not.toHaveProperty("email");
      expect(order).toHaveProperty("exchange_id");
    }
    const completed = await post(sb, "/user-api-get-referral-orders", key, {
      status: "@completed",
    });
    expect(completed.body.result.length).toBeGreaterThan(0);
    expect(completed.body.result.every((o: { status: string }) => o.status === "4")).toBe(true);
    // The hidden token still works as a filter on the server side.
    const hidden = sb.state.accounts.main!.referralOrders[0]!;
    expect(
      (await post(sb, "/user-api-get-referral-orders", key, { token: hidden.token })).body.result,
    ).toHaveLength(1);
  });
});

describe("get-inputs", () => {
  it("maps direction field ids to saved values, including an id no direction has", async () => {
    const { body } = await post(sb, "/user-api-get-inputs", key);
    expect(body.result).toMatchObject({
      "11": expect.any(String),
      "31": "ivan.petrenko@example.com",
      "97": "legacy value",
    });
  });

  it("sends [] for no saved fields, as PHP's json_encode does", async () => {
    expect((await post(sb, "/user-api-get-inputs", sb.accounts.empty.apiKey)).body).toEqual({
      success: true,
      result: [],
    });
  });
});

describe("test controls", () => {
  it("addOrder creates the newest order, setOrderStatus moves it", async () => {
    const own = await startSandbox({ now: () => Date.UTC(2025, 5, 1, 12, 0, 0) });
    try {
      const order = own.addOrder("main", { send_amount: "42.00" });
      expect(order).toMatchObject({
        status: 0,
        exchange_id: "2",
        send_amount: "42.00",
        created_at: "2025-06-01 12:00:00",
      });
      const k = own.accounts.main.apiKey;
      const first = await post(own, "/user-api-get-orders", k, { limit: 1 });
      expect(first.body.result[0].id).toBe(order.id);
      own.setOrderStatus("main", order.id as string, 4);
      expect(
        (await post(own, "/user-api-get-orders", k, { id: order.id as string })).body.result[0]
          .status,
      ).toBe(4);
      expect(() => own.setOrderStatus("main", "nope", 1)).toThrow();
    } finally {
      await own.close();
    }
  });
});
