/**
 * A loopback HTTP proxy in front of the sandbox, for tests that must act at one exact moment of an
 * exchanger call: after the exchanger has done it, before the bot reads the answer (stop Redis there,
 * or lose the answer on the way back).
 */
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface ProxyHooks {
  /** Runs once the exchanger has answered `path`, before the answer goes back; "drop" loses the answer. */
  afterAnswer?: (path: string) => Promise<"pass" | "drop"> | "pass" | "drop";
  /** Changes the exchanger's answer to `path` on its way back (a huge or odd answer). */
  rewrite?: (path: string, body: Buffer) => Buffer;
}

export class ExchangerProxy {
  private readonly sockets = new Set<Socket>();
  hooks: ProxyHooks = {};

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {
    server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  static async start(target: string): Promise<ExchangerProxy> {
    const upstream = new URL(target);
    // The hooks are read per request, from the proxy object created once the server listens.
    const self: { proxy?: ExchangerProxy } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const path = new URL(req.url ?? "/", "http://x").pathname;
        const out = request(
          {
            host: upstream.hostname,
            port: upstream.port,
            path: req.url,
            method: req.method,
            headers: req.headers,
          },
          (answer: IncomingMessage) => {
            const body: Buffer[] = [];
            answer.on("data", (chunk: Buffer) => body.push(chunk));
            answer.on("end", () => {
              void Promise.resolve(self.proxy!.hooks.afterAnswer?.(path) ?? "pass").then(
                (verdict) => {
                  if (verdict === "drop") return void req.socket.destroy();
                  const rewrite = self.proxy!.hooks.rewrite;
                  const sent = rewrite ? rewrite(path, Buffer.concat(body)) : Buffer.concat(body);
                  const headers = { ...answer.headers, "content-length": String(sent.length) };
                  res.writeHead(answer.statusCode ?? 502, headers);
                  res.end(sent);
                },
              );
            });
          },
        );
        out.on("error", () => req.socket.destroy());
        out.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    self.proxy = new ExchangerProxy(
      server,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    );
    return self.proxy;
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
