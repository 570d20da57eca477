import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { expectError, get, post } from "./helpers.js";

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

describe("envelope and protocol", () => {
  it("listens on a random loopback port with a base URL without trailing slash", () => {
    expect(sb.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sb.baseUrl.endsWith("/")).toBe(false);
  });

  it("answers get-info with the success envelope, balance as string, no secrets", async () => {
    const { status, body } = await post(sb, "/user-api-get-info", sb.accounts.main.apiKey, {
      language: "en",
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.result).toMatchObject({
      login: "ivan_p",
      email: "ivan.petrenko@example.com",
      balance: "1500.00",
    });
    expect(body.result.two_factor_authentication).toBe(0);
    const text = JSON.stringify(body.result);
    expect(text).not.toContain(sb.accounts.main.password);
    expect(text).not.toContain(sb.accounts.main.apiKey);
    expect(Object.keys(body.result)).not.toContain("password");
    expect(body).not.toHaveProperty("pagination");
  });

  it("shows the 2FA flag on the 2FA account without its secret", async () => {
    const { body } = await post(sb, "/user-api-get-info", sb.accounts.twofa.apiKey);
    expect(body.result.two_factor_authentication).toBe(1);
    expect(JSON.stringify(body)).not.toContain(sb.accounts.twofa.twoFactorSecret!);
  });

  it("answers 401 with the error envelope for a missing or unknown key", async () => {
    const missing = await post(sb, "/user-api-get-info", undefined);
    expect(missing.status).toBe(401);
    expect(expectError(missing)).toBe("Invalid API key");
    const unknown = await post(sb, "/user-api-get-orders", "not-a-key", { language: "ru" });
    expect(unknown.status).toBe(401);
    expect(expectError(unknown)).toBe("Неверный API ключ");
  });

  it("answers 401 once a key is revoked", async () => {
    const own = await startSandbox();
    try {
      expect((await post(own, "/user-api-get-info", own.accounts.main.apiKey)).status).toBe(200);
      own.revokeKey("main");
      const after = await post(own, "/user-api-get-info", own.accounts.main.apiKey);
      expect(after.status).toBe(401);
      expectError(after);
      expect((await post(own, "/user-api-get-info", own.accounts.twofa.apiKey)).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it("refuses GET on user methods with 405 and POST on public methods", async () => {
    const res = await fetch(`${sb.baseUrl}/user-api-get-info?language=uk`, {
      headers: { "X-Authorization": sb.accounts.main.apiKey },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(expectError({ status: 405, body: await res.json() })).toContain("GET");
    const pub = await post(sb, "/public-api-get-status", undefined);
    expect(pub.status).toBe(405);
  });

  it("answers 404 with the error envelope for an unknown path", async () => {
    const answer = await post(sb, "/user-api-nope", sb.accounts.main.apiKey);
    expect(answer.status).toBe(404);
    expectError(answer);
  });

  it("treats a JSON body like PHP does: no form fields", async () => {
    const res = await fetch(`${sb.baseUrl}/user-api-create-details`, {
      method: "POST",
      headers: { "X-Authorization": sb.accounts.main.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ currency_id: 1, value: "x" }),
    });
    expect(res.status).toBe(200);
    expect(expectError({ status: 200, body: await res.json() })).toBe(
      "Parameter currency_id is required",
    );
  });

  it("answers 400 with the error envelope for a malformed multipart body", async () => {
    const res = await fetch(`${sb.baseUrl}/user-api-submit-verification?language=uk`, {
      method: "POST",
      headers: {
        "X-Authorization": sb.accounts.main.apiKey,
        "content-type": "multipart/form-data; boundary=xyz",
      },
      body: "this is not multipart",
    });
    expect(res.status).toBe(400);
    expect(expectError({ status: 400, body: await res.json() })).toBe("Некоректне тіло запиту");
  });

  it("localizes error messages in en, ru and uk, defaulting to en", async () => {
    const key = sb.accounts.main.apiKey;
    const messages = await Promise.all(
      ["en", "ru", "uk", "de"].map(async (language) =>
        expectError(await post(sb, "/user-api-get-orders", key, { language, status: "@lost" })),
      ),
    );
    expect(messages).toEqual([
      "Unknown order status: @lost",
      "Неизвестный статус заявки: @lost",
      "Невідомий статус заявки: @lost",
      "Unknown order status: @lost",
    ]);
  });

  it("records every request with account name, fields and status, never the key", async () => {
    const own = await startSandbox();
    try {
      await post(own, "/user-api-delete-details", own.accounts.main.apiKey, {
        language: "en",
        "ids[]": [501, 502],
      });
      await post(own, "/user-api-get-info", "bad");
      await get(own, "/public-api-get-exchange?id=2&language=ru");
      expect(own.requests).toHaveLength(3);
      expect(own.requests[0]).toMatchObject({
        method: "POST",
        path: "/user-api-delete-details",
        account: "main",
        contentType: expect.stringContaining("application/x-www-form-urlencoded"),
        fields: { language: "en", "ids[]": ["501", "502"] },
        files: [],
        status: 200,
      });
      expect(own.requests[1]).toMatchObject({ status: 401 });
      expect(own.requests[1]!.account).toBeUndefined();
      expect(own.requests[2]).toMatchObject({
        method: "GET",
        query: { id: "2", language: "ru" },
        status: 200,
      });
      expect(JSON.stringify(own.requests)).not.toContain(own.accounts.main.apiKey);
    } finally {
      await own.close();
    }
  });

  it("seeds the same keys and data on every start", async () => {
    const other = await startSandbox();
    try {
      expect(other.accounts.main.apiKey).toBe(sb.accounts.main.apiKey);
      expect(other.accounts.twofa.twoFactorSecret).toBe(sb.accounts.twofa.twoFactorSecret);
      expect(other.state.accounts.main!.orders.map((o) => o.token)).toEqual(
        sb.state.accounts.main!.orders.map((o) => o.token),
      );
    } finally {
      await other.close();
    }
  });
});
