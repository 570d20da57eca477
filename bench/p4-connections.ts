/**
 * P4 — TCP connections opened to the exchanger per 1,000 sequential calls. Both clients go through a
 * loopback TCP proxy that counts accepted connections, so the two figures are counted the same way;
 * ours is cross-checked against the client's own stats(). Baseline: Node's http without an agent
 * (a new connection per request, as a naive client would do).
 */
import { request } from "node:http";
import { createServer, connect, type AddressInfo, type Socket } from "node:net";
import { createExchangerClient } from "../src/exchanger/index.js";
import type { ExchangerProcess } from "./lib/exchanger-process.js";
import { line, note } from "./lib/measure.js";

const CALLS = 1000;

/** A TCP proxy to `target` that counts the connections it accepts. */
async function countingProxy(target: URL) {
  let accepted = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    accepted++;
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accepted: () => accepted,
    reset: () => (accepted = 0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function naiveGet(base: string, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve());
    });
    req.on("error", reject);
    req.end();
  });
}

export async function measureP4(exchanger: ExchangerProcess): Promise<number> {
  const proxy = await countingProxy(new URL(exchanger.baseUrl));
  const client = createExchangerClient({ baseUrl: proxy.url, timeoutMs: 10_000 });
  try {
    const caller = { apiKey: exchanger.apiKey, language: "en" as const };
    for (let i = 0; i < CALLS; i++) {
      if (i % 2 === 0) await client.getOrders(caller, { page: 1, limit: 5 });
      else await client.getInfo(caller);
    }
    const ours = proxy.accepted();
    const stats = client.stats().connectionsOpened;
    proxy.reset();
    for (let i = 0; i < CALLS; i++) await naiveGet(proxy.url, "/public-api-get-status?language=en");
    const baseline = proxy.accepted();
    const perThousand = (ours / CALLS) * 1000;
    line(
      "P4",
      `${perThousand} conn/1000 calls`,
      `${(baseline / CALLS) * 1000} conn/1000 calls (no keep-alive)`,
      "≤ 2",
    );
    note(
      `our client's own count: ${stats} connection(s) opened over ${CALLS} sequential calls (get-orders and get-info alternating)`,
    );
    return perThousand;
  } finally {
    await client.close();
    await proxy.close();
  }
}
