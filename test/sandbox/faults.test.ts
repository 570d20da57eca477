import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
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
    while (sb.requests.length < 2) await new Promise((r) => setTimeout(r, 10));
    // No clock needed: a close() that waited for the stalled request would never resolve (it never
    // ends), and the test would fail on its timeout.
    await sb.close();
    await expect(pending).rejects.toThrow();
  });

  it("close() ends idle keep-alive connections", async () => {
    expect((await orders()).status).toBe(200);
    const started = Date.now();
    await sb.close();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
