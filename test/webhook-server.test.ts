/**
 * The webhook server over real loopback HTTP, in-process with grammY's real webhookCallback and
 * short timeouts. The built process (50 MB body, memory) is covered in test/process/webhook-limits.test.ts.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Bot, webhookCallback } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { createWebhookServer, listen, type WebhookLimits } from "../src/webhook-server.js";
import type { HealthReport } from "../src/operator/health.js";
import { createLogger } from "../src/logger.js";
import { BOT_INFO, BOT_TOKEN } from "./harness/telegram-fake.js";
import { closedWithin, openSocket, rawRequest } from "./harness/raw-http.js";
import { until } from "./faults/own-sentinel.js";

const SECRET = "right-secret-0123456789";
const PATH = "/telegram/hook";

interface Running {
  port: number;
  seen: string[];
  /** Resolves once the server has accepted `n` connections in all (it counts them on arrival). */
  accepted(n: number): Promise<void>;
  /** Resolves once the server has read the headers of `n` requests in all (they are being served). */
  requested(n: number): Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
});

/** What /healthz reports in these tests; the health check itself is tested in test/operator/. */
let healthReport: HealthReport = { ok: true, storage: "ok", updates: "ok" };

async function start(limits: Partial<WebhookLimits> = {}): Promise<Running> {
  const bot = new Bot(BOT_TOKEN, { botInfo: BOT_INFO });
  const seen: string[] = [];
  bot.on("message:text", (ctx) => void seen.push(ctx.message.text));
  const handleUpdate = webhookCallback(bot, "callback", {
    secretToken: SECRET,
    onTimeout: "return",
    timeoutMilliseconds: 5_000,
  });
  const server = createWebhookServer({
    path: PATH,
    secret: SECRET,
    handleUpdate,
    health: async () => healthReport,
    logger: createLogger("silent"),
    limits,
  });
  servers.push(server);
  let connections = 0;
  let requests = 0;
  server.on("connection", () => connections++);
  server.on("request", () => requests++);
  await listen(server, 0);
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    accepted: (n) => until(`${n} connections accepted`, async () => connections >= n),
    requested: (n) => until(`${n} requests read`, async () => requests >= n),
  };
}

const update = (text: string) =>
  JSON.stringify({
    update_id: 1,
    message: {
      message_id: 1,
      date: 0,
      chat: { id: 5, type: "private", first_name: "U" },
      from: { id: 5, is_bot: false, first_name: "U" },
      text,
    },
  });

describe("webhook server", () => {
  it("handles an update with the right secret", async () => {
    const { port, seen } = await start();
    const body = update("hello");
    const res = await rawRequest({
      port,
      path: PATH,
      headers: {
        "X-Telegram-Bot-Api-Secret-Token": SECRET,
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(body)),
      },
      body,
    });
    expect(res.status).toBe(200);
    expect(seen).toEqual(["hello"]);
  });

  it("answers a wrong or missing secret with 401 before any of the body is sent, and closes the connection", async () => {
    const { port, seen } = await start();
    for (const headers of [
      { "X-Telegram-Bot-Api-Secret-Token": "wrong-secret-0123456789" },
      {},
    ] as Record<string, string>[]) {
      // The client announces 50 MB but sends nothing: the answer must not wait for the body.
      const res = await rawRequest({
        port,
        path: PATH,
        headers: { ...headers, "Content-Length": String(50 * 1024 * 1024) },
      });
      expect(res.status).toBe(401);
      expect(res.bodyBytesSent).toBe(0);
      expect(res.text).toMatch(/connection: close/i);
    }
    expect(seen).toEqual([]);
  });

  it("refuses a body over 1 MB with 413: at once by Content-Length, and mid-upload when chunked", async () => {
    const { port, seen } = await start();
    const announced = await rawRequest({
      port,
      path: PATH,
      headers: {
        "X-Telegram-Bot-Api-Secret-Token": SECRET,
        "Content-Length": String(50 * 1024 * 1024),
      },
    });
    expect(announced.status).toBe(413);
    expect(announced.bodyBytesSent).toBe(0);

    const chunked = await rawRequest({
      port,
      path: PATH,
      headers: { "X-Telegram-Bot-Api-Secret-Token": SECRET, "Transfer-Encoding": "chunked" },
      bodyBytes: 50 * 1024 * 1024,
    });
    expect(chunked.status).toBe(413);
    expect(chunked.bodyBytesSent).toBeLessThan(10 * 1024 * 1024); // cut off near the limit, not read to the end
    expect(seen).toEqual([]);
  });

  it("answers invalid JSON and JSON that is not an update with 400, so Telegram does not redeliver it", async () => {
    const { port, seen } = await start();
    for (const body of ["{not json", "[1,2]", '{"message":{}}', "null"]) {
      const res = await rawRequest({
        port,
        path: PATH,
        headers: {
          "X-Telegram-Bot-Api-Secret-Token": SECRET,
          "Content-Length": String(Buffer.byteLength(body)),
        },
        body,
      });
      expect(res.status, body).toBe(400);
    }
    expect(seen).toEqual([]);
  });

  it("answers other paths with 404 and /healthz with the health report (200, or 503 with the reason)", async () => {
    const { port } = await start();
    expect(
      (
        await rawRequest({
          port,
          path: "/other",
          headers: { "X-Telegram-Bot-Api-Secret-Token": SECRET, "Content-Length": "2" },
          body: "{}",
        })
      ).status,
    ).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    healthReport = {
      ok: false,
      reason: "storage did not answer within 2000 ms",
      storage: "failing",
      updates: "ok",
    };
    try {
      const unhealthy = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(unhealthy.status).toBe(503);
      expect(await unhealthy.json()).toMatchObject({
        ok: false,
        reason: "storage did not answer within 2000 ms",
      });
    } finally {
      healthReport = { ok: true, storage: "ok", updates: "ok" };
    }
  });

  it("times out a body sent too slowly with 408 and closes the connection", async () => {
    const { port, seen } = await start({
      requestTimeoutMs: 1_000,
      headersTimeoutMs: 1_000,
      timeoutCheckIntervalMs: 100,
    });
    const res = await rawRequest({
      port,
      path: PATH,
      headers: { "X-Telegram-Bot-Api-Secret-Token": SECRET, "Content-Length": "100000" },
      bodyBytes: 100_000,
      chunkDelayMs: 60_000,
    });
    // The body's next chunk would come after 60 s, beyond the test's timeout: a 408 at all is the
    // request timeout's doing, so no clock is read here.
    expect(res.status).toBe(408);
    expect(seen).toEqual([]);
  });

  it("closes a connection whose headers never finish", async () => {
    const { port } = await start({
      requestTimeoutMs: 1_000,
      headersTimeoutMs: 1_000,
      timeoutCheckIntervalMs: 100,
    });
    const socket = await openSocket(port);
    socket.write("POST /telegram/hook HTTP/1.1\r\nHost: x\r\n"); // and never the blank line
    expect(await closedWithin(socket, 5_000)).toBe(true);
    socket.destroy();
  });

  it("closes idle keep-alive connections and connections that send nothing after a few seconds, by default", async () => {
    const { port } = await start();
    const silent = await openSocket(port);
    const keptAlive = await openSocket(port);
    keptAlive.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    // Before: 10 s for a silent connection, 65 s for an idle keep-alive one. Now 5 s each (+ the 1 s check).
    const [silentClosed, keptAliveClosed] = await Promise.all([
      closedWithin(silent, 8_000),
      closedWithin(keptAlive, 8_000),
    ]);
    expect(silentClosed).toBe(true);
    expect(keptAliveClosed).toBe(true);
  }, 15_000);

  it("at the cap closes the connection idle longest for a new one, never one serving a request", async () => {
    const { port, seen, accepted } = await start({ maxConnections: 2 });
    const oldest = await openSocket(port);
    await accepted(1); // the server has counted it before the next arrives
    const younger = await openSocket(port);
    await accepted(2);
    const third = await openSocket(port);
    expect(await closedWithin(oldest, 2_000)).toBe(true); // made room
    expect(younger.destroyed).toBe(false);
    // The third connection works: it is served, not refused.
    const body = update("through the cap");
    third.write(
      `POST ${PATH} HTTP/1.1\r\nHost: x\r\nX-Telegram-Bot-Api-Secret-Token: ${SECRET}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await new Promise<void>((resolve) => third.once("data", () => resolve()));
    expect(seen).toEqual(["through the cap"]);
    for (const socket of [oldest, younger, third]) socket.destroy();
  });

  it("refuses a new connection only when every connection at the cap is serving a request", async () => {
    const { port, requested } = await start({ maxConnections: 2, requestTimeoutMs: 10_000 });
    // Two authenticated uploads in progress (the body is announced, never finished): both busy.
    const uploads = [await openSocket(port), await openSocket(port)];
    for (const socket of uploads)
      socket.write(
        `POST ${PATH} HTTP/1.1\r\nHost: x\r\nX-Telegram-Bot-Api-Secret-Token: ${SECRET}\r\nContent-Length: 100\r\n\r\n{`,
      );
    await requested(2);
    const third = await openSocket(port);
    expect(await closedWithin(third, 2_000)).toBe(true);
    for (const socket of uploads) expect(socket.destroyed).toBe(false);
    for (const socket of [...uploads, third]) socket.destroy();
  });
});
