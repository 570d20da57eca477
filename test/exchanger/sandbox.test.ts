/**
 * Every client method against the sandbox exchanger (src/sandbox), over real loopback HTTP: the
 * client's encoding is what a PHP-style server parses, and its results are what such a server sends.
 */
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createExchangerClient,
  type ExchangerClientWithStats,
} from "../../src/exchanger/client.js";
import { ExchangerError, Unauthorized, Unavailable } from "../../src/exchanger/errors.js";
import type { Caller } from "../../src/exchanger/types.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { failure } from "./failure.js";

let sandbox: Sandbox;
let client: ExchangerClientWithStats;
let main: Caller;
let twofa: Caller;
let empty: Caller;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0 });
  client = createExchangerClient({
    baseUrl: sandbox.baseUrl,
    timeoutMs: 5_000,
    retry: { attempts: 3, baseDelayMs: 5 },
  });
  main = { apiKey: sandbox.accounts.main.apiKey, language: "en" };
  twofa = { apiKey: sandbox.accounts.twofa.apiKey, language: "ru" };
  empty = { apiKey: sandbox.accounts.empty.apiKey, language: "uk" };
});

afterEach(async () => {
  await client.close();
  await sandbox.close();
});

function totp(secret: string): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate();
}

describe("user methods against the sandbox", () => {
  it("getInfo returns the Account: login, the 2FA flag and the balance with its currency", async () => {
    const info = await client.getInfo(main);
    expect(info).toMatchObject({ login: "ivan_p", twoFactor: false });
    expect(info.balances).toEqual([{ amount: "1500.00", currency: "USD" }]);
    expect(sandbox.requests.at(-1)).toMatchObject({ method: "POST", account: "main", status: 200 });
  });

  it("getOrders pages and filters; string ids stay strings", async () => {
    const first = await client.getOrders(main, { limit: 5 });
    expect(first.items).toHaveLength(5);
    expect(first.pagination).toMatchObject({ position: 0 });
    expect(first.pagination!.total).toBeGreaterThan(5);
    expect(typeof first.items[0]!.id).toBe("string");

    const second = await client.getOrders(main, { limit: 5, page: 2 });
    expect(second.pagination!.position).toBe(5);
    expect(second.items.map((o) => o.id)).not.toContain(first.items[0]!.id);

    const completed = await client.getOrders(main, { status: "@completed", limit: 100 });
    expect(completed.items.length).toBeGreaterThan(0);
    expect(completed.items.every((o) => o.status.value === "4")).toBe(true);

    const created = await client.getOrders(main, { status: 0, limit: 100 });
    expect(created.items.every((o) => o.status.value === "0")).toBe(true);
    expect(sandbox.requests.at(-1)!.fields).toMatchObject({
      status: "0",
      limit: "100",
      language: "en",
    });

    const one = await client.getOrders(main, { token: first.items[1]!.token! });
    expect(one.items.map((o) => o.id)).toEqual([first.items[1]!.id]);
  });

  it("getReferralOrders hides the sensitive fields", async () => {
    const page = await client.getReferralOrders(main);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((o) => !("token" in o))).toBe(true);
  });

  it("details: create, filter, delete with repeated ids[]", async () => {
    const [currency] = await client.getCurrencies("en");
    const created = (await client.createDetails(main, {
      currency_id: currency!.id,
      value: "wallet-xyz",
    })) as { id: number };
    const another = (await client.createDetails(main, {
      currency_id: currency!.id,
      value: "wallet-abc",
    })) as { id: number };
    const filtered = await client.getDetails(main, { currency_id: currency!.id, limit: 100 });
    expect(filtered.items.map((d) => d.value)).toEqual(
      expect.arrayContaining(["wallet-xyz", "wallet-abc"]),
    );
    expect(filtered.items.every((d) => String(d.currency_id) === String(currency!.id))).toBe(true);
    const byValue = await client.getDetails(main, { value: "wallet-xyz" });
    expect(byValue.items.map((d) => d.id)).toEqual([created.id]);

    expect(await client.deleteDetails(main, [created.id, String(another.id)])).toBe(2);
    expect(sandbox.requests.at(-1)!.fields["ids[]"]).toEqual([
      String(created.id),
      String(another.id),
    ]);
    expect((await client.getDetails(main, { value: "wallet-xyz" })).items).toEqual([]);

    const missing = await failure(client.deleteDetails(main, [created.id]));
    expect(missing).toBeInstanceOf(ExchangerError);
    expect((missing as ExchangerError).serverMessage).toBeTruthy();
  });

  it("createDetails with an unknown currency is an ExchangerError with the server's message", async () => {
    const error = await failure(client.createDetails(main, { currency_id: 999_999, value: "x" }));
    expect(error).toBeInstanceOf(ExchangerError);
    expect((error as ExchangerError).serverMessage).toBeTruthy();
  });

  it("verification: read, null when none, submit multipart with photos", async () => {
    expect(await client.getVerification(main)).toMatchObject({ status: { meaning: "approved" } });
    expect(await client.getVerification(empty)).toBeNull();

    const result = await client.submitVerification(
      empty,
      {
        card_number: "4111 1111 1111 1111",
        first_name: "Olena",
        last_name: "Koval",
        birth_date: "05.06.1991",
      },
      [
        {
          filename: "card-front.jpg",
          contentType: "image/jpeg",
          data: new Uint8Array(2048).fill(1),
        },
        { filename: "selfie.png", contentType: "image/png", data: new Uint8Array(4096).fill(2) },
      ],
    );
    expect(result).toMatchObject({ status: "pending", type: "card", photos: 2 });
    const recorded = sandbox.requests.at(-1)!;
    expect(recorded.contentType).toMatch(/^multipart\/form-data/);
    expect(recorded.fields).toMatchObject({
      first_name: "Olena",
      last_name: "Koval",
      language: "uk",
    });
    expect(recorded.files).toEqual([
      { field: "photos[]", filename: "card-front.jpg", contentType: "image/jpeg", size: 2048 },
      { field: "photos[]", filename: "selfie.png", contentType: "image/png", size: 4096 },
    ]);
    expect(await client.getVerification(empty)).toMatchObject({
      status: { meaning: "pending" },
      fields: { first_name: "Olena" },
    });
  });

  it("spendBalance pays a created order once; paying again is an ExchangerError", async () => {
    const order = sandbox.addOrder("main", { send_amount: "10.00" });
    const result = await client.spendBalance(main, { token: String(order.token) });
    expect(result).toMatchObject({ status: 1 });
    expect(Number(sandbox.state.accounts.main!.orders.find((o) => o.id === order.id)!.status)).toBe(
      1,
    );

    const before = sandbox.requests.length;
    expect(await failure(client.spendBalance(main, { token: String(order.token) }))).toBeInstanceOf(
      ExchangerError,
    );
    expect(sandbox.requests.length - before).toBe(1);
  });

  it("spendBalance with 2FA needs the code", async () => {
    const order = sandbox.addOrder("twofa", { send_amount: "1.00" });
    const withoutCode = await failure(client.spendBalance(twofa, { token: String(order.token) }));
    expect(withoutCode).toBeInstanceOf(ExchangerError);
    const code = totp(sandbox.accounts.twofa.twoFactorSecret!);
    expect(
      await client.spendBalance(twofa, { token: String(order.token), twoFactorCode: code }),
    ).toBeTruthy();
    expect(sandbox.requests.at(-1)!.fields).toMatchObject({
      two_factor_authentication_password: code,
      language: "ru",
    });
  });

  it("changePassword: a wrong current password fails, the right one changes it", async () => {
    const old = sandbox.accounts.main.password;
    expect(
      await failure(
        client.changePassword(main, {
          password: "not-the-password",
          newPassword: "brand-new-pass",
        }),
      ),
    ).toBeInstanceOf(ExchangerError);
    await client.changePassword(main, { password: old, newPassword: "brand-new-pass" });
    expect(sandbox.accounts.main.password).toBe("brand-new-pass");
  });

  it("setupTwoFactor enables with a client-made secret and disables again", async () => {
    const secret = new Secret({ size: 20 }).base32;
    await client.setupTwoFactor(empty, { enable: true, secret, code: totp(secret) });
    expect(sandbox.accounts.empty.twoFactorSecret).toBe(secret);
    expect(await client.getInfo(empty)).toMatchObject({ twoFactor: true });
    expect(sandbox.requests.at(-2)!.fields).toMatchObject({
      two_factor_authentication_enable: "1",
      two_factor_authentication_token: secret,
    });

    const wrong = await failure(client.setupTwoFactor(empty, { enable: false, code: "000000" }));
    expect(wrong).toBeInstanceOf(ExchangerError);
    await client.setupTwoFactor(empty, { enable: false, code: totp(secret) });
    expect(sandbox.accounts.empty.twoFactorSecret).toBeUndefined();
  });

  it("getInputs: a map of field id → value read as saved fields; PHP's [] for none is no fields", async () => {
    expect(await client.getInputs(main)).toEqual(
      expect.arrayContaining([
        { id: "11", value: "5375 4141 2222 9876" },
        { id: "97", value: "legacy value" },
      ]),
    );
    expect(await client.getInputs(empty)).toEqual([]);
  });

  it("an unknown or revoked key is Unauthorized", async () => {
    expect(await failure(client.getInfo({ apiKey: "no-such-key", language: "en" }))).toBeInstanceOf(
      Unauthorized,
    );
    sandbox.revokeKey("twofa");
    const error = await failure(client.getOrders(twofa));
    expect(error).toBeInstanceOf(Unauthorized);
    expect((error as Unauthorized).httpStatus).toBe(401);
  });

  it("every user request carried language and a recognised key", async () => {
    await client.getInfo(main);
    await client.getOrders(twofa);
    await client.getDetails(empty);
    for (const request of sandbox.requests) {
      expect(request.contentType).toBe("application/x-www-form-urlencoded");
      expect(request.fields.language).toMatch(/^(en|ru|uk)$/);
      expect(request.account).toBeDefined();
    }
  });
});

describe("public methods against the sandbox", () => {
  it("currencies, directions, one direction, status, referral program", async () => {
    const currencies = await client.getCurrencies("uk");
    expect(currencies.length).toBeGreaterThan(0);
    expect(typeof currencies[0]!.id).toBe("number");
    const directions = await client.getExchanges("en");
    expect(directions.length).toBeGreaterThan(0);
    expect(directions[0]).toEqual({
      sendCurrencyId: "1",
      receiveCurrencyId: "3",
      pair: "btc-usdttrc20",
    });
    const direction = await client.getExchange("ru", directions[0]!.pair);
    expect(direction).toMatchObject({
      id: "1",
      slug: "btc-usdttrc20",
      send: { id: "1" },
      receive: { id: "3" },
      listsFields: true,
    });
    expect(direction.rate?.send).toBe("1");
    expect(direction.fields.length).toBeGreaterThan(0);
    expect(direction.fields[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      param: expect.any(String),
    });
    expect(await client.getStatus("en")).toMatchObject({
      kind: "fields",
      fields: { online: true },
    });
    expect(await client.getReferralProgram("ru")).toMatchObject({
      kind: "fields",
      fields: { description: expect.any(String) },
    });
    expect(sandbox.requests.map((r) => [r.method, r.query.language])).toEqual([
      ["GET", "uk"],
      ["GET", "en"],
      ["GET", "ru"],
      ["GET", "en"],
      ["GET", "ru"],
    ]);
    expect(sandbox.requests[2]!.query.pair).toBe("btc-usdttrc20");
  });

  it("an unknown direction is an ExchangerError", async () => {
    expect(await failure(client.getExchange("en", "no-such-pair"))).toBeInstanceOf(ExchangerError);
  });
});

describe("sandbox faults", () => {
  it("a read survives an nginx 500 page by retrying", async () => {
    sandbox.injectFault({ path: "/user-api-get-orders", kind: "html500" });
    expect((await client.getOrders(main)).items.length).toBeGreaterThan(0);
    expect(sandbox.requests.map((r) => r.status)).toEqual([500, 200]);
  });

  it("a write hit by a dropped connection is not repeated", async () => {
    const order = sandbox.addOrder("main", { send_amount: "5.00" });
    sandbox.injectFault({ path: "/user-api-spend-balance", kind: "reset" });
    const error = await failure(client.spendBalance(main, { token: String(order.token) }));
    expect(error).toMatchObject({ name: "Unavailable", reason: "network" });
    expect(sandbox.requests).toHaveLength(1);
    expect(Number(sandbox.state.accounts.main!.orders.find((o) => o.id === order.id)!.status)).toBe(
      0,
    );
  });

  it("500 with the envelope is an ExchangerError; 200 non-JSON is a bad response; a stall times out", async () => {
    const quick = createExchangerClient({
      baseUrl: sandbox.baseUrl,
      timeoutMs: 300,
      retry: { attempts: 1, baseDelayMs: 1 },
    });
    try {
      sandbox.injectFault({ kind: "envelope500" });
      expect(await failure(quick.getInfo(main))).toMatchObject({
        name: "ExchangerError",
        httpStatus: 500,
      });
      sandbox.injectFault({ kind: "nonjson" });
      expect(await failure(quick.getInfo(main))).toMatchObject({
        name: "Unavailable",
        reason: "bad-response",
      });
      sandbox.injectFault({ kind: "stall" });
      const error = await failure(quick.getCurrencies("en"));
      expect(error).toBeInstanceOf(Unavailable);
      expect((error as Unavailable).reason).toBe("timeout");
      // The pool recovers from the abandoned connection.
      expect(await quick.getInfo(main)).toMatchObject({ login: "ivan_p" });
    } finally {
      await quick.close();
    }
  });

  it("keep-alive: 50 sequential calls use one connection", async () => {
    for (let i = 0; i < 50; i++) {
      if (i % 3 === 0) await client.getCurrencies("en");
      else await client.getOrders(main, { limit: 2 });
    }
    expect(client.stats().connectionsOpened).toBe(1);
  });
});
