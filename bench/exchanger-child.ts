/**
 * Child process: the sandbox exchanger, optionally behind a proxy that holds every request for
 * BENCH_DELAY_MS before forwarding it (a slow real exchanger). It runs apart from the bot so that
 * process.cpuUsage() in the bench measures the bot alone, not the server it talks to.
 *
 * IPC: sends { type: "ready", baseUrl, apiKey } once listening; answers { type: "counts" } with the
 * number of requests per path since the last { type: "reset" }.
 */
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { startSandbox } from "../src/sandbox/server.js";
import type { ChildReply, ParentMessage } from "./lib/exchanger-protocol.js";

const delayMs = Number(process.env.BENCH_DELAY_MS ?? "0");
let counts: Record<string, number> = {};

const sandbox = await startSandbox({
  port: 0,
  onRequest: (r) => {
    counts[r.path] = (counts[r.path] ?? 0) + 1;
  },
});
// The recorded request log would grow without bound over tens of thousands of calls.
setInterval(() => sandbox.requests.splice(0), 1000).unref();

let baseUrl = sandbox.baseUrl;
if (delayMs > 0) baseUrl = await startDelayProxy(new URL(sandbox.baseUrl), delayMs);

const send = (message: ChildReply) => process.send?.(message);
send({ type: "ready", baseUrl, apiKey: sandbox.accounts.main.apiKey });

process.on("message", (message: ParentMessage) => {
  if (message.type === "counts") send({ type: "counts", counts: { ...counts } });
  if (message.type === "reset") counts = {};
});
process.on("disconnect", () => process.exit(0));

/** Reads each request, waits `delay` ms, forwards it to the sandbox and relays the answer. */
async function startDelayProxy(target: URL, delay: number): Promise<string> {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      setTimeout(() => {
        const upstream = request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: req.headers,
            agent,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on("error", () => res.destroy());
        upstream.end(Buffer.concat(chunks));
      }, delay);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
