import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { expectError, post } from "./helpers.js";

let sb: Sandbox;
let key: string;
beforeEach(async () => {
  sb = await startSandbox({ now: () => Date.UTC(2025, 2, 3, 4, 5, 6) });
  key = sb.accounts.main.apiKey;
});
afterEach(() => sb.close());

describe("payment details", () => {
  it("lists at least six details with id, currency_id, value, created_at and pagination", async () => {
    const { body } = await post(sb, "/user-api-get-details", key);
    expect(body.pagination[0]).toBeGreaterThanOrEqual(6);
    expect(body.result[0]).toEqual({
      id: expect.any(Number),
      currency_id: expect.any(Number),
      value: expect.any(String),
      created_at: expect.any(String),
    });
  });

  it("filters by currency_id and value, and pages", async () => {
    const byCurrency = await post(sb, "/user-api-get-details", key, { currency_id: "8" });
    expect(byCurrency.body.result.length).toBe(2);
    expect(byCurrency.body.result.every((d: { currency_id: number }) => d.currency_id === 8)).toBe(
      true,
    );
    const byValue = await post(sb, "/user-api-get-details", key, { value: "P1000123456" });
    expect(byValue.body.result).toHaveLength(1);
    const paged = await post(sb, "/user-api-get-details", key, { page: 2, limit: 3 });
    expect(paged.body.pagination).toEqual([sb.state.accounts.main!.details.length, 3]);
    expect(paged.body.result).toHaveLength(3);
  });

  it("creates a detail for an existing currency and lists it first", async () => {
    const created = await post(sb, "/user-api-create-details", key, {
      currency_id: 3,
      value: "  TXyzNewWallet  ",
    });
    expect(created.body).toMatchObject({
      success: true,
      result: { currency_id: 3, value: "TXyzNewWallet", created_at: "2025-03-03 04:05:06" },
    });
    const list = await post(sb, "/user-api-get-details", key, { limit: 1 });
    expect(list.body.result[0].id).toBe(created.body.result.id);
  });

  it("refuses unknown currency, empty and over-long values", async () => {
    expect(
      expectError(
        await post(sb, "/user-api-create-details", key, { currency_id: 999, value: "x" }),
      ),
    ).toBe("Currency 999 does not exist");
    expect(
      expectError(
        await post(sb, "/user-api-create-details", key, { currency_id: 1, value: "   " }),
      ),
    ).toBe("Parameter value is required");
    expect(expectError(await post(sb, "/user-api-create-details", key, { value: "x" }))).toBe(
      "Parameter currency_id is required",
    );
    expectError(
      await post(sb, "/user-api-create-details", key, { currency_id: 1, value: "x".repeat(256) }),
    );
    expect(
      (await post(sb, "/user-api-create-details", key, { currency_id: 1, value: "я".repeat(255) }))
        .body.success,
    ).toBe(true);
  });

  it("deletes several details with repeated ids[] and returns the count", async () => {
    const [a, b] = sb.state.accounts.main!.details;
    const answer = await post(sb, "/user-api-delete-details", key, {
      "ids[]": [a!.id, b!.id],
      language: "en",
    });
    expect(answer.body).toEqual({ success: true, result: 2 });
    const ids = sb.state.accounts.main!.details.map((d) => d.id);
    expect(ids).not.toContain(a!.id);
    expect(ids).not.toContain(b!.id);
  });

  it("deletes nothing when one id is unknown or belongs to someone else", async () => {
    const own = sb.state.accounts.main!.details[0]!;
    const before = sb.state.accounts.main!.details.length;
    expect(
      expectError(await post(sb, "/user-api-delete-details", key, { "ids[]": [own.id, 99999] })),
    ).toBe("Payment detail 99999 not found");
    const theirs = await post(sb, "/user-api-create-details", sb.accounts.twofa.apiKey, {
      currency_id: 1,
      value: "bc1qtheirs",
    });
    expectError(
      await post(sb, "/user-api-delete-details", key, { "ids[]": [theirs.body.result.id] }),
    );
    expect(sb.state.accounts.main!.details.length).toBe(before);
  });

  it("requires ids[]; a bare scalar ids is not a list", async () => {
    expect(expectError(await post(sb, "/user-api-delete-details", key))).toBe(
      "Parameter ids[] is required",
    );
    expectError(
      await post(sb, "/user-api-delete-details", key, {
        ids: sb.state.accounts.main!.details[0]!.id,
      }),
    );
  });
});
