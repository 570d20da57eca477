/** The order-related dialect flags: how statuses are written, which filters are read, list order, pagination. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECT_NAMES, DIALECTS, type DialectName } from "../../src/sandbox/dialect.js";
import { parseStatusFilter, writeStatus } from "../../src/sandbox/order-status.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { namedOrders, post } from "./helpers.js";

describe("status writing and filter reading per dialect", () => {
  it("writes one canonical status three ways; odd values a test put there stay as they are", () => {
    expect([0, "4", 7].map((s) => writeStatus(DIALECTS.spec, s))).toEqual([0, "4", 7]);
    expect([0, "4", 7].map((s) => writeStatus(DIALECTS.legacy, s))).toEqual(["0", "4", "7"]);
    expect([0, 1, 2, 3, "4", 5, 6, 7, 8].map((s) => writeStatus(DIALECTS.names, s))).toEqual([
      "awaiting_payment",
      "paid",
      "hold",
      "cancelled",
      "success",
      "refund",
      "processing",
      "error",
      "new",
    ]);
    for (const dialect of Object.values(DIALECTS))
      expect(writeStatus(dialect, "custom-state")).toBe("custom-state");
  });

  it("reads a filter only in the forms the dialect accepts", () => {
    expect(parseStatusFilter(DIALECTS.spec, "4")).toBe(4);
    expect(parseStatusFilter(DIALECTS.spec, "@Completed")).toBe(4);
    expect(() => parseStatusFilter(DIALECTS.spec, "@success")).toThrow();
    expect(() => parseStatusFilter(DIALECTS.spec, "7")).toThrow();
    expect(parseStatusFilter(DIALECTS.names, "@success")).toBe(4);
    expect(parseStatusFilter(DIALECTS.names, "@new")).toBe(8);
    expect(() => parseStatusFilter(DIALECTS.names, "4")).toThrow();
    expect(() => parseStatusFilter(DIALECTS.names, "@completed")).toThrow();
    expect(parseStatusFilter(DIALECTS.legacy, "5")).toBe(5);
    expect(() => parseStatusFilter(DIALECTS.legacy, "@completed")).toThrow();
    expect(() => parseStatusFilter(DIALECTS.legacy, "99")).toThrow();
  });
});

/** A status as a filter would name it: a status object by its id, anything else as written. */
const statusValue = (status: unknown): string | number =>
  typeof status === "object" && status !== null
    ? String((status as { id?: unknown }).id)
    : (status as string | number);

describe.each(DIALECT_NAMES)("get-orders in the %s dialect", (name: DialectName) => {
  let sb: Sandbox;
  let key: string;
  beforeAll(async () => {
    sb = await startSandbox({ dialect: name });
    key = sb.accounts.main.apiKey;
  });
  afterAll(() => sb.close());
  const dialect = DIALECTS[name];

  it("writes statuses in the dialect's form, in its list order, with pagination only where it has it", async () => {
    const { body } = await post(sb, "/user-api-get-orders", key, { limit: 100 });
    const orders = namedOrders<{ id: string; status: unknown }>(dialect, body.result);
    expect(orders.length).toBeGreaterThan(1);
    const statuses: unknown[] = orders.map((o) => o.status);
    const ids: number[] = orders.map((o) => Number(o.id));
    expect(ids).toEqual(
      [...ids].sort((a, b) => (dialect.listOrder === "newest-first" ? b - a : a - b)),
    );
    // A paginator object carries the totals itself: no `pagination` beside it.
    expect("pagination" in body).toBe(dialect.pagination && dialect.lists === undefined);
    if (dialect.orderStatus === "number")
      expect(statuses.every((s) => typeof s === "number")).toBe(true);
    if (dialect.orderStatus === "numeric-string")
      expect(statuses.every((s) => typeof s === "string" && /^\d+$/.test(s))).toBe(true);
    if (dialect.orderStatus === "object")
      expect(statuses.every((s) => /^\d+$/.test(String((s as { id?: unknown }).id)))).toBe(true);
    if (dialect.orderStatus === "name") {
      expect(new Set(statuses)).toEqual(
        new Set([
          "awaiting_payment",
          "new",
          "paid",
          "processing",
          "hold",
          "error",
          "success",
          "cancelled",
          "refund",
        ]),
      );
    }
    // Referral orders speak the same dialect.
    const referral = await post(sb, "/user-api-get-referral-orders", key, {});
    const referralStatus = namedOrders<{ status: unknown }>(dialect, referral.body.result)[0]!
      .status;
    // The seed's referral orders hold PHP-style numeric strings, which the spec dialect sends as
    // stored; the positional dialect writes every status as a number.
    if (dialect.positional) expect(typeof referralStatus).toBe("number");
    else if (dialect.orderStatus === "name") expect(referralStatus).toMatch(/^[a-z_]+$/);
    else if (dialect.orderStatus === "object")
      expect(referralStatus).toMatchObject({ id: expect.stringMatching(/^\d+$/) });
    else expect(referralStatus).toMatch(/^\d+$/);
  });

  it("filters by each status it writes, in the dialect's filter form; refuses the other forms with the error envelope", async () => {
    const answer = await post(sb, "/user-api-get-orders", key, { limit: 100 });
    const all = namedOrders<{ id: string; status: unknown }>(dialect, answer.body.result);
    expect(all.length).toBeGreaterThan(1);
    // A status object is filtered by its id (the spec's number form).
    for (const status of new Set(all.map((o) => statusValue(o.status)))) {
      const filter = dialect.statusFilter === "name-only" ? `@${status}` : String(status);
      const { body } = await post(sb, "/user-api-get-orders", key, { status: filter, limit: 100 });
      // The spec's filter knows its table's five ids only: the seed's old status 5 cannot be asked for.
      const filterable = dialect.statusFilter !== "number-or-name" || /^[0-4]$/.test(filter);
      expect(body.success, filter).toBe(filterable);
      if (!filterable) continue;
      expect(
        namedOrders<{ id: string }>(dialect, body.result)
          .map((o) => o.id)
          .sort(),
      ).toEqual(
        all
          .filter((o) => statusValue(o.status) === status)
          .map((o) => o.id)
          .sort(),
      );
    }
    const foreign =
      dialect.statusFilter === "name-only"
        ? "4"
        : dialect.statusFilter === "number-only"
          ? "@completed"
          : "@success";
    const refused = await post(sb, "/user-api-get-orders", key, { status: foreign });
    expect(refused.body).toMatchObject({ success: false, result: false });
  });

  it("spend-balance pays an order waiting for payment and answers the new status in the dialect's form", async () => {
    const answer = await post(sb, "/user-api-get-orders", key, { limit: 100 });
    const all = namedOrders<{
      id: string;
      token: string;
      status: unknown;
      send_amount?: string;
      send?: { amount: string };
    }>(dialect, answer.body.result);
    const waiting = all.find(
      (o) =>
        ["0", "8", "awaiting_payment", "new"].includes(String(statusValue(o.status))) &&
        Number(o.send_amount ?? o.send?.amount) < 1500,
    )!;
    const { body } = await post(sb, "/user-api-spend-balance", key, { token: waiting.token });
    expect(body.success).toBe(true);
    expect(body.result.status).toEqual(
      name === "names"
        ? "paid"
        : name === "legacy"
          ? "1"
          : name === "shapes"
            ? { id: "1", name: "paid", title: "Paid" }
            : 1,
    );
  });
});
