/**
 * The Private API client (src/exchanger/private-client.ts): what it sends, that a creation is sent
 * exactly once whatever happens, and how it tells "the server refuses the operator key" from "the
 * server refuses this order" — against the sandbox in every dialect and against hand-made servers.
 */
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import {
  createExchangerClient,
  type ExchangerClientWithStats,
} from "../../src/exchanger/client.js";
import { ExchangerError, Unauthorized, Unavailable } from "../../src/exchanger/errors.js";
import { withKeyCheck } from "../../src/exchanger/key-check.js";
import {
  createOrderParams,
  createPrivateClient,
  OperatorKeyRefused,
  type CreateOrderRequest,
} from "../../src/exchanger/private-client.js";
import { createLogger } from "../../src/logger.js";
import { DIALECT_NAMES } from "../../src/sandbox/dialect.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { failure } from "./failure.js";
import { json, startFakeServer, type FakeServer } from "./fake-server.js";

let sandbox: Sandbox | undefined;
let fake: FakeServer | undefined;
let transport: ExchangerClientWithStats | undefined;
afterEach(async () => {
  await transport?.close();
  await sandbox?.close();
  await fake?.close();
  sandbox = fake = transport = undefined;
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

function connect(baseUrl: string, options: { timeoutMs?: number; lines?: string[] } = {}) {
  const logger = options.lines
    ? createLogger(
        "trace",
        new Writable({ write: (chunk, _e, done) => (options.lines!.push(String(chunk)), done()) }),
      )
    : undefined;
  transport = withKeyCheck(
    createExchangerClient({
      baseUrl,
      timeoutMs: options.timeoutMs ?? 5_000,
      logger,
      retry: { attempts: 3, baseDelayMs: 5 },
    }),
  );
  return transport;
}

const creates = (sb: Sandbox) => sb.requests.filter((r) => r.path === "/private-api-create-order");

describe("createOrderParams", () => {
  it("sends the documented names: slug, send_amount, the logins, each field in snake_case", () => {
    expect(createOrderParams({ ...REQUEST, referrerLogin: "anna.s" })).toEqual({
      slug: "usdttrc20-carduah",
      send_amount: "100.50",
      user_login: "ivan_p",
      referrer_login: "anna.s",
      card_number: "4149 4993 0000 1234",
      card_holder_name: "IVAN PETRENKO",
      e_mail: "ivan.petrenko@example.com",
      language: "en",
    });
  });

  it("refuses a field without a usable name, or one that would overwrite a documented parameter", () => {
    expect(() => createOrderParams({ ...REQUEST, fields: [{ name: "—", value: "x" }] })).toThrow(
      /no name/,
    );
    expect(() => createOrderParams({ ...REQUEST, fields: [{ name: "Slug", value: "x" }] })).toThrow(
      /collides/,
    );
  });
});

describe.each(DIALECT_NAMES)("Private API client against the sandbox (%s dialect)", (dialect) => {
  it("creates the order once, as the user's, and the key check sees an accepted key", async () => {
    sandbox = await startSandbox({ dialect });
    const client = createPrivateClient(connect(sandbox.baseUrl), sandbox.operatorKey);
    const order = await client.createOrder(REQUEST);
    // Read like every listed order (normalize/order.ts), whatever shape the dialect writes.
    expect(order).toMatchObject({
      send: { amount: "100.50" },
      user: "ivan_p",
      fields: { card_holder_name: "IVAN PETRENKO" },
    });
    expect(creates(sandbox)).toHaveLength(1);
    expect(sandbox.state.accounts.main!.orders.some((o) => o.token === order.token)).toBe(true);
    const probe = await client.probeKey("en");
    expect(probe.verdict).toBe(dialect === "legacy" ? "undetermined" : "accepted");
  });

  it("an order the server refuses stays the server's refusal, never a key problem", async () => {
    sandbox = await startSandbox({ dialect });
    const client = createPrivateClient(connect(sandbox.baseUrl), sandbox.operatorKey);
    const before = sandbox.state.nextIds.order;
    const error = await failure(client.createOrder({ ...REQUEST, sendAmount: "5" }));
    expect(error).toBeInstanceOf(ExchangerError);
    if (dialect !== "legacy")
      expect((error as ExchangerError).serverMessage).toMatch(/minimum amount/);
    // One creation; what follows are probes without slug or amount, which cannot create anything.
    expect(creates(sandbox).filter((r) => r.fields.slug !== undefined)).toHaveLength(1);
    expect(sandbox.state.nextIds.order).toBe(before);
  });

  it("a revoked operator key or a switched-off Private API is OperatorKeyRefused, never Unauthorized", async () => {
    sandbox = await startSandbox({ dialect });
    const client = createPrivateClient(connect(sandbox.baseUrl), sandbox.operatorKey);
    sandbox.revokeOperatorKey();
    const revoked = await failure(client.createOrder(REQUEST));
    sandbox.setPrivateApi(false);
    const off = await failure(
      createPrivateClient(transport!, sandbox.operatorKey).createOrder(REQUEST),
    );
    if (dialect === "legacy") {
      // Every refusal of this dialect is the same bare envelope: nothing tells the key from the order.
      for (const error of [revoked, off]) expect(error).toBeInstanceOf(ExchangerError);
    } else {
      for (const error of [revoked, off]) {
        expect(error).toBeInstanceOf(OperatorKeyRefused);
        expect(error).not.toBeInstanceOf(Unauthorized);
      }
      expect((await client.probeKey("en")).verdict).toBe("refused");
    }
    expect(creates(sandbox).filter((r) => r.fields.slug !== undefined)).toHaveLength(2);
  });
});

describe("Private API client against hand-made servers", () => {
  it("a lost answer is Unavailable after ONE request: a creation is never repeated", async () => {
    fake = await startFakeServer(() => undefined); // never answers
    const client = createPrivateClient(connect(fake.url, { timeoutMs: 300 }), "pk_operator");
    expect(await failure(client.createOrder(REQUEST))).toBeInstanceOf(Unavailable);
    expect(fake.requests).toHaveLength(1);
  });

  it("a 5xx, an HTML page or a result that is not an order is Unavailable (outcome unknown), sent once", async () => {
    const answers = [
      (res: Parameters<typeof json>[0]) => json(res, { success: false, message: "DB down" }, 500),
      (res: Parameters<typeof json>[0]) => {
        res.writeHead(502, { "content-type": "text/html" });
        res.end("<html>bad gateway</html>");
      },
      (res: Parameters<typeof json>[0]) => json(res, { success: true, result: true }),
    ];
    for (const answer of answers) {
      fake = await startFakeServer((_req, res) => answer(res));
      const client = createPrivateClient(connect(fake.url), "pk_operator");
      expect(await failure(client.createOrder(REQUEST))).toBeInstanceOf(Unavailable);
      expect(fake.requests).toHaveLength(1);
      await transport!.close();
      await fake.close();
      fake = transport = undefined;
    }
  });

  it("sends the key as X-Authorization and the fields form-encoded", async () => {
    fake = await startFakeServer((_req, res) =>
      json(res, { success: true, result: { id: "9", token: "t9", status: 0 } }),
    );
    const client = createPrivateClient(connect(fake.url), "pk_operator");
    expect(await client.createOrder(REQUEST)).toMatchObject({
      id: "9",
      token: "t9",
      status: { key: "created" },
    });
    const [seen] = fake.requests;
    expect(seen!.headers["x-authorization"]).toBe("pk_operator");
    expect(Object.fromEntries(new URLSearchParams(seen!.body.toString()))).toMatchObject({
      card_holder_name: "IVAN PETRENKO",
      e_mail: "ivan.petrenko@example.com",
    });
  });

  it("with HTTP 200 refusals, a server saying the same to a bogus key refuses ours; one saying something else accepts it", async () => {
    const operatorKey = "pk_operator";
    // Accepts the operator key: refuses the order for its amount, a probe for the missing slug.
    fake = await startFakeServer((req, res) => {
      const body = new URLSearchParams(req.body.toString());
      if (req.headers["x-authorization"] !== operatorKey)
        return json(res, { success: false, message: "Wrong key" });
      return json(res, {
        success: false,
        message: body.has("slug") ? "Amount too small" : "slug is required",
      });
    });
    const accepting = createPrivateClient(connect(fake.url), operatorKey);
    const refusal = await failure(accepting.createOrder(REQUEST));
    expect(refusal).toBeInstanceOf(ExchangerError);
    expect((refusal as ExchangerError).serverMessage).toBe("Amount too small");
    const probe = await accepting.probeKey("en");
    expect(probe).toMatchObject({
      verdict: "accepted",
      ours: { serverMessage: "slug is required" },
      bogus: { serverMessage: "Wrong key" },
    });
    // The bogus key is never the operator's, and the operator's key never travels in a body.
    expect(
      fake.requests.filter((r) => r.headers["x-authorization"] !== operatorKey).length,
    ).toBeGreaterThan(0);
    expect(fake.requests.every((r) => !r.body.toString().includes(operatorKey))).toBe(true);
    await transport!.close();
    await fake.close();

    // Refuses every key alike (revoked, or the Private API switched off).
    fake = await startFakeServer((_req, res) =>
      json(res, { success: false, message: "Private API is disabled" }),
    );
    const refusing = createPrivateClient(connect(fake.url), operatorKey);
    const refused = await failure(refusing.createOrder(REQUEST));
    expect(refused).toBeInstanceOf(OperatorKeyRefused);
    expect((refused as OperatorKeyRefused).serverMessage).toBe("Private API is disabled");
    expect(
      fake.requests.filter((r) => new URLSearchParams(r.body.toString()).has("slug")),
    ).toHaveLength(1);
  });

  it("a 401 names the key without any probe", async () => {
    fake = await startFakeServer((_req, res) =>
      json(res, { success: false, message: "Unauthorized" }, 401),
    );
    const client = createPrivateClient(connect(fake.url), "pk_operator");
    expect(await failure(client.createOrder(REQUEST))).toBeInstanceOf(OperatorKeyRefused);
    expect(fake.requests).toHaveLength(1);
  });

  it("the operator key appears in no log line at trace level, even when the server echoes it", async () => {
    const operatorKey = "pk_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
    fake = await startFakeServer((req, res) =>
      json(res, {
        success: false,
        message: `Key ${String(req.headers["x-authorization"])} is not valid`,
      }),
    );
    const lines: string[] = [];
    const client = createPrivateClient(connect(fake.url, { lines }), operatorKey);
    const error = await failure(client.createOrder(REQUEST));
    expect(error).toBeInstanceOf(OperatorKeyRefused);
    expect(error.message + String((error as OperatorKeyRefused).serverMessage)).not.toContain(
      operatorKey,
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("")).toMatch(/private-api-create-order/);
    for (const line of lines) expect(line).not.toContain(operatorKey);
  });
});
