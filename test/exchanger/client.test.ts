/**
 * The exchanger client against real loopback HTTP servers: what goes on the wire, how every kind of
 * answer (and non-answer) is classified, retries, keep-alive, and that secrets never leak.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { isPayableStatus } from "../../src/exchanger/vocabulary.js";
import {
  createExchangerClient,
  type ExchangerClientOptions,
  type ExchangerClientWithStats,
} from "../../src/exchanger/client.js";
import { ExchangerError, Unauthorized, Unavailable } from "../../src/exchanger/errors.js";
import type { Caller } from "../../src/exchanger/types.js";
import { createLogger } from "../../src/logger.js";
import {
  closedPortUrl,
  form,
  json,
  multipart,
  startFakeServer,
  type FakeServer,
  type Handler,
} from "./fake-server.js";
import { failure } from "./failure.js";

const KEY = "SeCrEt-Key-0123456789abcdef";
const caller: Caller = { apiKey: KEY, language: "ru" };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.useRealTimers();
  while (cleanups.length) await cleanups.pop()!();
});

/**
 * Waits on the event loop, not on a clock, until `check` holds (vi.waitFor would move the fake clock,
 * and the fake clock is what the tests below hold still).
 */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

/** A call's promise and whether it has settled yet (without turning its rejection into a failure). */
function settle<T>(promise: Promise<T>): { promise: Promise<T>; settled: boolean } {
  const outcome = { promise, settled: false };
  promise.then(
    () => (outcome.settled = true),
    () => (outcome.settled = true),
  );
  return outcome;
}

async function setup(
  handler: Handler,
  options: Partial<ExchangerClientOptions> = {},
): Promise<{ server: FakeServer; client: ExchangerClientWithStats }> {
  const server = await startFakeServer(handler);
  const client = createExchangerClient({
    baseUrl: server.url,
    timeoutMs: 2_000,
    retry: { attempts: 3, baseDelayMs: 5 },
    ...options,
  });
  cleanups.push(
    () => server.close(),
    () => client.close(),
  );
  return { server, client };
}

const ok =
  (result: unknown, extra: object = {}): Handler =>
  (_req, res) =>
    json(res, { success: true, result, ...extra });

describe("requests on the wire", () => {
  it("user methods: POST form body with language, X-Authorization and repeated ids[]", async () => {
    const { server, client } = await setup(ok(true));
    await client.deleteDetails(caller, [1, "2", 3]);
    const [req] = server.requests;
    expect(req!.method).toBe("POST");
    expect(req!.path).toBe("/user-api-delete-details");
    expect(req!.headers["x-authorization"]).toBe(KEY);
    expect(req!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(form(req!).getAll("ids[]")).toEqual(["1", "2", "3"]);
    expect(form(req!).get("language")).toBe("ru");
  });

  it("appends methods to a base URL with a path prefix", async () => {
    const server = await startFakeServer(ok({ login: "u" }));
    const client = createExchangerClient({ baseUrl: `${server.url}/api/v1/`, timeoutMs: 2_000 });
    cleanups.push(
      () => server.close(),
      () => client.close(),
    );
    expect(await client.getInfo(caller)).toMatchObject({ login: "u", fields: { login: "u" } });
    expect(server.requests[0]!.path).toBe("/api/v1/user-api-get-info");
    expect(await client.getCurrencies("en")).toEqual([]);
    expect(server.requests[1]!.path).toBe("/api/v1/public-api-get-currencies");
  });

  it("sends each method's parameters and omits the ones not given", async () => {
    const { server, client } = await setup(ok([]));
    await client.getOrders(caller, { status: 0, send_currency_id: "12", page: 2, limit: 5 });
    await client.getReferralOrders(caller, { status: "@completed", token: "abc" });
    await client.getDetails(caller, { currency_id: 3 });
    await client.createDetails(caller, { currency_id: 3, value: "wallet 1" });
    await client.spendBalance(caller, { token: "tok" });
    await client.spendBalance(caller, { token: "tok", twoFactorCode: "123456" });
    await client.changePassword(caller, {
      password: "old-pass",
      newPassword: "new-pass",
      twoFactorCode: "654321",
    });
    await client.setupTwoFactor(caller, {
      enable: true,
      code: "111222",
      secret: "JBSWY3DPEHPK3PXP",
    });
    await client.setupTwoFactor(caller, { enable: false, code: "333444" });
    await client.getInfo(caller);
    await client.getVerification(caller);
    await client.getInputs(caller);
    const bodies = server.requests.map((r) => [r.path, Object.fromEntries(form(r))]);
    expect(bodies).toEqual([
      [
        "/user-api-get-orders",
        { status: "0", send_currency_id: "12", page: "2", limit: "5", language: "ru" },
      ],
      ["/user-api-get-referral-orders", { status: "@completed", token: "abc", language: "ru" }],
      ["/user-api-get-details", { currency_id: "3", language: "ru" }],
      ["/user-api-create-details", { currency_id: "3", value: "wallet 1", language: "ru" }],
      ["/user-api-spend-balance", { token: "tok", language: "ru" }],
      [
        "/user-api-spend-balance",
        { token: "tok", two_factor_authentication_password: "123456", language: "ru" },
      ],
      [
        "/user-api-change-password",
        {
          password: "old-pass",
          new_password: "new-pass",
          two_factor_authentication_password: "654321",
          language: "ru",
        },
      ],
      [
        "/user-api-setup-two-factor-authentication",
        {
          two_factor_authentication_token: "JBSWY3DPEHPK3PXP",
          two_factor_authentication_enable: "1",
          two_factor_authentication_password: "111222",
          language: "ru",
        },
      ],
      [
        "/user-api-setup-two-factor-authentication",
        {
          two_factor_authentication_enable: "0",
          two_factor_authentication_password: "333444",
          language: "ru",
        },
      ],
      ["/user-api-get-info", { language: "ru" }],
      ["/user-api-get-verification", { language: "ru" }],
      ["/user-api-get-inputs", { language: "ru" }],
    ]);
    expect(
      server.requests.every((r) => r.method === "POST" && r.headers["x-authorization"] === KEY),
    ).toBe(true);
  });

  it("public methods: GET with language (and the slug as pair) in the query, no key", async () => {
    const { server, client } = await setup((req, res) =>
      json(res, {
        success: true,
        result: req.path === "/public-api-get-exchange" ? { id: 9 } : [],
      }),
    );
    await client.getCurrencies("uk");
    await client.getExchanges("en");
    await client.getExchange("ru", "eth-btc");
    await client.getStatus("en");
    await client.getReferralProgram("en");
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([
      ["GET", "/public-api-get-currencies?language=uk"],
      ["GET", "/public-api-get-exchanges?language=en"],
      ["GET", "/public-api-get-exchange?pair=eth-btc&language=ru"],
      ["GET", "/public-api-get-status?language=en"],
      ["GET", "/public-api-get-referral-program?language=en"],
    ]);
    expect(server.requests.some((r) => "x-authorization" in r.headers)).toBe(false);
  });

  it("submit-verification: multipart with text fields, language and photos[] files", async () => {
    const { server, client } = await setup(ok(true));
    const front = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
    const back = new Uint8Array(70_000).fill(7);
    await client.submitVerification(
      caller,
      {
        first_name: "Ann",
        last_name: "Lee",
        card_number: "4111111111111111",
        birth_date: "01.02.1990",
      },
      [
        { filename: "front.jpg", contentType: "image/jpeg", data: front },
        { filename: "back.png", contentType: "image/png", data: back },
      ],
    );
    const [req] = server.requests;
    expect(req!.path).toBe("/user-api-submit-verification");
    expect(req!.headers["x-authorization"]).toBe(KEY);
    expect(req!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const data = await multipart(req!);
    expect(data.get("first_name")).toBe("Ann");
    expect(data.get("last_name")).toBe("Lee");
    expect(data.get("card_number")).toBe("4111111111111111");
    expect(data.get("birth_date")).toBe("01.02.1990");
    expect(data.get("language")).toBe("ru");
    expect(data.has("middle_name")).toBe(false);
    const photos = data.getAll("photos[]") as File[];
    expect(photos.map((p) => [p.name, p.type, p.size])).toEqual([
      ["front.jpg", "image/jpeg", 6],
      ["back.png", "image/png", 70_000],
    ]);
    expect(new Uint8Array(await photos[0]!.arrayBuffer())).toEqual(front);
  });
});

describe("results", () => {
  it("lists: array or id-keyed object, pagination, extra fields and id types kept", async () => {
    const { client } = await setup((req, res) => {
      if (req.path === "/user-api-get-orders") {
        json(res, {
          success: true,
          result: {
            "17": { id: 17, status: 4, custom: { a: 1 } },
            "18": { id: "18", status: "9" },
          },
          pagination: ["40", "0"],
        });
      } else {
        json(res, { success: true, result: [{ id: "5", currency_id: 1, value: "x" }, 7, null] });
      }
    });
    // Orders are read into the bot's own objects: ids as text, statuses understood, extras kept.
    const orders = await client.getOrders(caller);
    expect(orders.pagination).toEqual({ total: 40, position: 0 });
    // Keyed by id, the JSON key order is not the server's: the page says so and comes newest first.
    expect(orders.unordered).toBe(true);
    expect(orders.items.map((o) => [o.id, o.status.key ?? o.status.value, o.fields])).toEqual([
      ["18", "9", {}],
      ["17", "completed", { "custom.a": 1 }],
    ]);
    expect(await client.getDetails(caller)).toEqual({
      items: [{ id: "5", currency_id: 1, value: "x" }],
    });
  });

  it("empty results: null/false/[]/{} lists are empty, verification is null, no saved fields", async () => {
    for (const nothing of [null, false, [], "", {}]) {
      const { client } = await setup(ok(nothing));
      expect(await client.getOrders(caller)).toEqual({ items: [] });
      expect(await client.getVerification(caller)).toBeNull();
      expect(await client.getInputs(caller)).toEqual([]);
      expect(await client.getCurrencies("en")).toEqual([]);
    }
  });

  it("objects: verification, inputs (also as a PHP list), direction", async () => {
    const { client } = await setup((req, res) => {
      const results: Record<string, unknown> = {
        "/user-api-get-verification": { id: 3, status: "pending" },
        "/user-api-get-inputs": ["first", "second"],
        "/public-api-get-exchange": { id: "9", inputs: [] },
      };
      json(res, { success: true, result: results[req.path] });
    });
    expect(await client.getVerification(caller)).toEqual({
      id: "3",
      status: { meaning: "pending" },
      fields: {},
    });
    expect(await client.getInputs(caller)).toEqual([
      { id: "0", value: "first" },
      { id: "1", value: "second" },
    ]);
    expect(await client.getExchange("en", "9")).toEqual({
      id: "9",
      slug: "9",
      send: {},
      receive: {},
      fields: [],
      listsFields: true,
      extras: {},
    });
  });

  it("ids beyond 2^53 stay exact: a 21-digit id is read as the text the server wrote", async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        '{"success":true,"result":[{"id":123456789012345678901,"status":0,"send_amount":12345678901234567.5,"note":"9007199254740993"}]}',
      );
    });
    const [order] = (await client.getOrders(caller)).items;
    expect(order!.id).toBe("123456789012345678901");
    expect(order!.send?.amount).toBe("12345678901234567.5");
    expect(order!.fields.note).toBe("9007199254740993");
  });

  it("a list method answering a scalar is a bad response", async () => {
    const { client } = await setup(ok(42));
    const error = await failure(client.getOrders(caller));
    expect(error).toBeInstanceOf(Unavailable);
    expect((error as Unavailable).reason).toBe("bad-response");
  });
});

describe("errors", () => {
  it("error envelope with and without message → ExchangerError", async () => {
    const { client } = await setup((req, res) =>
      json(
        res,
        req.path.endsWith("info")
          ? { success: false, message: "Invalid currency", result: false }
          : { success: false, result: false },
      ),
    );
    const withMessage = await failure(client.getInfo(caller));
    expect(withMessage).toBeInstanceOf(ExchangerError);
    expect(withMessage).toMatchObject({
      method: "user-api-get-info",
      serverMessage: "Invalid currency",
      httpStatus: 200,
    });
    const without = await failure(client.createDetails(caller, { currency_id: 1, value: "v" }));
    expect(without).toBeInstanceOf(ExchangerError);
    expect(without).toMatchObject({
      method: "user-api-create-details",
      serverMessage: undefined,
      httpStatus: 200,
    });
  });

  it("5xx with a valid error envelope → ExchangerError (not retried)", async () => {
    const { server, client } = await setup((_req, res) =>
      json(res, { success: false, message: "Maintenance" }, 500),
    );
    const error = await failure(client.getOrders(caller));
    expect(error).toBeInstanceOf(ExchangerError);
    expect(error).toMatchObject({ serverMessage: "Maintenance", httpStatus: 500 });
    expect(server.requests).toHaveLength(1);
  });

  it("a success envelope under 5xx or 3xx is not trusted: Unavailable; a read is retried, a write is not", async () => {
    const { server, client } = await setup((req, res) =>
      json(
        res,
        { success: true, result: req.path.endsWith("orders") ? [] : { status: 1 } },
        req.path.endsWith("orders") ? 500 : 302,
      ),
    );
    const read = await failure(client.getOrders(caller));
    expect(read).toBeInstanceOf(Unavailable);
    expect(read).toMatchObject({ reason: "server-error", httpStatus: 500 });
    expect(server.requests).toHaveLength(3);
    const write = await failure(client.spendBalance(caller, { token: "tok" }));
    expect(write).toBeInstanceOf(Unavailable);
    expect(server.requests).toHaveLength(4);
  });

  it("a list longer than the limit asked for is cut to it (a server that ignores limit)", async () => {
    const { client } = await setup(ok(Array.from({ length: 10_000 }, (_, i) => ({ id: i }))));
    expect((await client.getOrders(caller, { page: 1, limit: 20 })).items).toHaveLength(20);
    expect((await client.getReferralOrders(caller, { limit: 5 })).items.map((o) => o.id)).toEqual([
      "0",
      "1",
      "2",
      "3",
      "4",
    ]);
    expect((await client.getDetails(caller, { limit: 7 })).items).toHaveLength(7);
  });

  it("401 with an envelope and 403 without → Unauthorized (not retried)", async () => {
    const { server, client } = await setup((req, res) => {
      if (req.path.endsWith("info")) json(res, { success: false, message: "Wrong key" }, 401);
      else {
        res.writeHead(403);
        res.end("Forbidden");
      }
    });
    const e401 = await failure(client.getInfo(caller));
    expect(e401).toBeInstanceOf(Unauthorized);
    expect(e401).toMatchObject({ httpStatus: 401, serverMessage: "Wrong key" });
    const e403 = await failure(client.getOrders(caller));
    expect(e403).toBeInstanceOf(Unauthorized);
    expect(e403).toMatchObject({ httpStatus: 403 });
    expect(server.requests).toHaveLength(2);
  });

  it("500 with HTML → Unavailable server-error", async () => {
    const { client } = await setup(
      (_req, res) => {
        res.writeHead(500, { "content-type": "text/html" });
        res.end("<html><body>Internal Server Error</body></html>");
      },
      { retry: { attempts: 1, baseDelayMs: 1 } },
    );
    const error = await failure(client.getInfo(caller));
    expect(error).toBeInstanceOf(Unavailable);
    expect(error).toMatchObject({ reason: "server-error", httpStatus: 500 });
  });

  it("200 with a non-JSON body, or JSON that is not an envelope → Unavailable bad-response", async () => {
    let n = 0;
    const { client } = await setup(
      (_req, res) => {
        n++;
        if (n === 1) {
          res.writeHead(200, { "content-type": "text/html" });
          res.end("<html>maintenance</html>");
        } else json(res, { data: [1, 2] });
      },
      { retry: { attempts: 1, baseDelayMs: 1 } },
    );
    for (let i = 0; i < 2; i++) {
      const error = await failure(client.getInfo(caller));
      expect(error).toBeInstanceOf(Unavailable);
      expect(error).toMatchObject({ reason: "bad-response", httpStatus: 200 });
    }
  });

  it("connection refused → Unavailable network", async () => {
    const client = createExchangerClient({
      baseUrl: await closedPortUrl(),
      timeoutMs: 1_000,
      retry: { attempts: 2, baseDelayMs: 1 },
    });
    cleanups.push(() => client.close());
    const error = await failure(client.getCurrencies("en"));
    expect(error).toBeInstanceOf(Unavailable);
    expect((error as Unavailable).reason).toBe("network");
    expect(error.message).toContain("ECONNREFUSED");
  });

  it("a server that never answers → Unavailable timeout after timeoutMs", async () => {
    // The client's deadline on a fake clock, moved only once the request has arrived: on the real
    // clock a busy machine could stall past the deadline before the request even left.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { server, client } = await setup(() => {}, {
      timeoutMs: 300,
      retry: { attempts: 1, baseDelayMs: 1 },
    });
    const outcome = settle(client.getInfo(caller));
    await until(() => server.requests.length === 1);
    vi.advanceTimersByTime(299);
    await new Promise((resolve) => setImmediate(resolve));
    expect(outcome.settled).toBe(false);
    vi.advanceTimersByTime(1);
    const error = await failure(outcome.promise);
    expect(error).toBeInstanceOf(Unavailable);
    expect((error as Unavailable).reason).toBe("timeout");
  });

  it("a body that stalls, or trickles forever, → Unavailable timeout", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let written = 0;
    const { client } = await setup(
      (req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"success":true,');
        written++;
        if (req.path.endsWith("orders")) {
          // A byte every 10 ms: never idle long enough for undici's body timeout, but endless.
          const timer = setInterval(() => (res.write(" "), written++), 10);
          res.on("close", () => clearInterval(timer));
        }
      },
      { timeoutMs: 300, retry: { attempts: 1, baseDelayMs: 1 } },
    );
    const calls: Array<[() => Promise<unknown>, number]> = [
      [() => client.getInfo(caller), 1],
      [() => client.getOrders(caller), 5],
    ];
    for (const [call, bytes] of calls) {
      written = 0;
      const outcome = settle(call());
      await until(() => written >= bytes);
      expect(outcome.settled).toBe(false);
      vi.advanceTimersByTime(300); // the whole attempt's deadline, however the body trickles
      expect(await failure(outcome.promise)).toMatchObject({
        name: "Unavailable",
        reason: "timeout",
      });
    }
  });

  it("a key that cannot be a header value is rejected before any request", async () => {
    const { server, client } = await setup(ok({}));
    const error = await failure(client.getInfo({ apiKey: "abc\r\nX-Evil: 1", language: "en" }));
    expect(error).toBeInstanceOf(Unauthorized);
    expect(server.requests).toHaveLength(0);
  });
});

describe("retries", () => {
  it("a read is retried after 503 until it succeeds", async () => {
    let attempts = 0;
    const { server, client } = await setup((_req, res) => {
      attempts++;
      if (attempts < 3) {
        res.writeHead(503);
        res.end("busy");
      } else json(res, { success: true, result: [{ id: 1 }] });
    });
    expect((await client.getOrders(caller)).items.map((o) => o.id)).toEqual(["1"]);
    expect(server.requests).toHaveLength(3);
  });

  it("a read gives up after the configured attempts", async () => {
    const { server, client } = await setup((_req, res) => {
      res.writeHead(502);
      res.end();
    });
    const error = await failure(client.getExchanges("en"));
    expect(error).toMatchObject({ name: "Unavailable", reason: "server-error", httpStatus: 502 });
    expect(server.requests).toHaveLength(3);
  });

  it("writes are attempted exactly once on 503", async () => {
    const { server, client } = await setup((_req, res) => {
      res.writeHead(503);
      res.end("busy");
    });
    const writes = [
      () => client.spendBalance(caller, { token: "t" }),
      () => client.createDetails(caller, { currency_id: 1, value: "v" }),
      () => client.deleteDetails(caller, [1]),
      () => client.changePassword(caller, { password: "a-password", newPassword: "b-password" }),
      () => client.setupTwoFactor(caller, { enable: true, code: "123456", secret: "S" }),
      () => client.submitVerification(caller, { first_name: "A" }, []),
    ];
    for (const write of writes) {
      const before = server.requests.length;
      expect(await failure(write())).toBeInstanceOf(Unavailable);
      expect(server.requests.length - before).toBe(1);
    }
  });

  it("a write that times out is not repeated", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { server, client } = await setup(() => {}, { timeoutMs: 300 });
    const outcome = settle(client.spendBalance(caller, { token: "t" }));
    await until(() => server.requests.length === 1);
    vi.advanceTimersByTime(300);
    // A retry would be sent before the call gave up; the call gives up with the first attempt's timeout.
    expect(await failure(outcome.promise)).toMatchObject({ reason: "timeout" });
    expect(server.requests).toHaveLength(1);
  });

  it("ExchangerError is not retried on reads", async () => {
    const { server, client } = await setup((_req, res) =>
      json(res, { success: false, message: "no" }),
    );
    expect(await failure(client.getDetails(caller))).toBeInstanceOf(ExchangerError);
    expect(server.requests).toHaveLength(1);
  });
});

describe("secrets", () => {
  it("the key, passwords and codes never appear in errors or logs", async () => {
    const lines: string[] = [];
    const logger = createLogger("trace", { write: (line: string) => void lines.push(line) });
    // A hostile server that echoes the request (key included) back in its error messages.
    const { client } = await setup(
      (req, res) => {
        const echo = `${req.headers["x-authorization"]} ${req.body.toString()} ${req.url}`;
        if (req.path.endsWith("password"))
          json(res, { success: false, message: `rejected ${echo}` }, 422);
        else if (req.path.endsWith("balance"))
          json(res, { success: false, message: [`bad ${echo}`] }, 401);
        else if (req.path.endsWith("info")) {
          res.writeHead(500, { "content-type": "text/html" });
          res.end(`<pre>${echo}</pre>`);
        } else if (req.path.endsWith("orders")) {
          res.writeHead(200);
          res.end(`not json ${echo}`);
        }
        // get-details: never answered → timeout
      },
      { logger, timeoutMs: 300, retry: { attempts: 2, baseDelayMs: 1 } },
    );
    const refused = createExchangerClient({
      baseUrl: await closedPortUrl(),
      timeoutMs: 500,
      logger,
      retry: { attempts: 1, baseDelayMs: 1 },
    });
    cleanups.push(() => refused.close());

    const secrets = [KEY, "old-secret-pw", "new-secret-pw", "987654"];
    const errors = [
      await failure(
        client.changePassword(caller, {
          password: "old-secret-pw",
          newPassword: "new-secret-pw",
          twoFactorCode: "987654",
        }),
      ),
      await failure(client.spendBalance(caller, { token: "tok", twoFactorCode: "987654" })),
      await failure(client.getInfo(caller)),
      await failure(client.getOrders(caller)),
      await failure(client.getDetails(caller)),
      await failure(refused.getInfo(caller)),
      await failure(client.getInfo({ apiKey: `${KEY}\n`, language: "en" })),
    ];
    expect(errors.map((e) => e.name)).toEqual([
      "ExchangerError",
      "Unauthorized",
      "Unavailable",
      "Unavailable",
      "Unavailable",
      "Unavailable",
      "Unauthorized",
    ]);
    expect((errors[0] as ExchangerError).serverMessage).toContain("[redacted]");
    for (const error of errors) {
      const text = [
        error.message,
        error.stack,
        JSON.stringify(error),
        String(error),
        JSON.stringify((error as { cause?: unknown }).cause ?? null),
      ].join("\n");
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(lines.join("")).not.toContain(secret);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(entry)).toEqual(expect.arrayContaining(["method", "status", "durationMs"]));
  });
});

describe("connections", () => {
  it("keep-alive: 50 sequential calls open one connection", async () => {
    const { server, client } = await setup(ok([{ id: 1 }]));
    for (let i = 0; i < 50; i++) {
      if (i % 2) await client.getOrders(caller);
      else await client.getCurrencies("en");
    }
    expect(client.stats().connectionsOpened).toBe(1);
    expect(server.connections()).toBe(1);
  });

  it("a timed-out call does not poison the pool", async () => {
    let n = 0;
    const { client } = await setup(
      (_req, res) => {
        if (++n === 1) return; // first request stalls
        json(res, { success: true, result: { ok: 1 } });
      },
      { timeoutMs: 300, retry: { attempts: 1, baseDelayMs: 1 } },
    );
    await failure(client.getInfo(caller));
    expect((await client.getInfo(caller)).fields).toEqual({ ok: 1 });
  });

  it("close() closes the pool; later calls fail as Unavailable without retrying", async () => {
    const { server, client } = await setup(ok({}));
    await client.getInfo(caller);
    await client.close();
    await client.close(); // idempotent
    const error = await failure(client.getInfo(caller));
    expect(error).toBeInstanceOf(Unavailable);
    expect(server.requests).toHaveLength(1);
  });
});

describe("list answers wrapped as PHP frameworks serialize them", () => {
  const rows = [
    {
      id: 12,
      token: "aaaaaaaaaaaa",
      status: "Waiting for your payment",
      send_amount: "0.32000000 USDTTRC20",
    },
    { id: 11, token: "bbbbbbbbbbbb", status: "Order completed", send_amount: "1.5 BTC" },
  ];
  it.each([
    ["a Laravel paginator", { current_page: 1, data: rows, per_page: 2, total: 7, last_page: 4 }],
    ["a Yii paginator", { items: rows, _meta: { totalCount: 7, currentPage: 1, perPage: 2 } }],
    [
      "JSON text of a paginator",
      JSON.stringify({ data: rows, meta: { total: 7, current_page: 1, per_page: 2 } }),
    ],
  ])("%s is its orders plus the list's total", async (_name, result) => {
    const { client } = await setup(ok(result));
    const page = await client.getOrders(caller, { page: 1, limit: 2 });
    expect(page.items.map((order) => order.id)).toEqual(["12", "11"]);
    expect(page.items[0]!.send?.amount).toBe("0.32000000");
    expect(page.items.map((order) => isPayableStatus(order.status))).toEqual([true, false]);
    expect(page.pagination).toEqual({ total: 7, position: 0 });
  });
});
