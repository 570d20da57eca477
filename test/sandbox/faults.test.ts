import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { until } from "../faults/own-sentinel.js";
import { openSocket } from "../harness/raw-http.js";
import { post } from "./helpers.js";

let sb: Sandbox;
beforeEach(async () => {
  sb = await startSandbox();
});
afterEach(() => sb.close());

const orders = (signal?: AbortSignal) =>
  fetch(`${sb.baseUrl}/user-api-get-orders`, {
    method: "POST",
    headers: { "X-Authorization": sb.accounts.main.apiKey },
    body: new URLSearchParams({ language: "en" }),
    signal,
  });

describe("injected faults", () => {
  it("html500: HTTP 500 with an HTML page, once by default", async () => {
    sb.injectFault({ kind: "html500" });
    const res = await orders();
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(await res.text()).toContain("<html>");
    expect((await orders()).status).toBe(200);
  });

  it("nonjson: HTTP 200 with a maintenance page", async () => {
    sb.injectFault({ kind: "nonjson" });
    const res = await orders();
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("<html>maintenance</html>");
  });

  it("envelope500: HTTP 500 carrying the error envelope", async () => {
    sb.injectFault({ kind: "envelope500" });
    const res = await orders();
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      success: false,
      message: expect.any(String),
      result: false,
    });
  });

  it("reset: the connection is dropped", async () => {
    sb.injectFault({ kind: "reset" });
    await expect(orders()).rejects.toThrow();
    expect(sb.requests[0]!.status).toBe(0);
    expect((await orders()).status).toBe(200);
  });

  it("applies only to the given path, the given number of times", async () => {
    sb.injectFault({ path: "/user-api-get-info", kind: "envelope500", times: 2 });
    expect((await orders()).status).toBe(200);
    const info = () => post(sb, "/user-api-get-info", sb.accounts.main.apiKey);
    expect((await info()).status).toBe(500);
    expect((await info()).status).toBe(500);
    expect((await info()).status).toBe(200);
  });

  it("stall: never answers, and close() still ends promptly", async () => {
    sb.injectFault({ kind: "stall" });
    await expect(orders(AbortSignal.timeout(300))).rejects.toThrow();
    sb.injectFault({ kind: "stall" });
    const pending = orders();
    pending.catch(() => undefined);
    // Wait until the stalled request has reached the server.
    await until("the stalled request to reach the server", async () => sb.requests.length >= 2);
    // No clock needed: a close() that waited for the stalled request would never resolve (it never
    // ends), and the test would fail on its timeout.
    await sb.close();
    await expect(pending).rejects.toThrow();
  });

  it("close() ends idle keep-alive connections", async () => {
    // A keep-alive connection, answered once and left idle (the server would keep it for seconds).
    const socket = await openSocket(Number(new URL(sb.baseUrl).port));
    const answered = new Promise((resolve) => socket.once("data", resolve));
    const ended = new Promise((resolve) => socket.once("close", resolve));
    socket.write(
      `POST /user-api-get-orders HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nX-Authorization: ${sb.accounts.main.apiKey}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 11\r\n\r\nlanguage=en`,
    );
    await answered;
    expect(socket.destroyed).toBe(false);
    // Order of events, no clock: close() ends the idle connection, and resolves.
    await sb.close();
    await ended;
    expect(socket.destroyed).toBe(true);
  });
});
