/**
 * A tiny loopback HTTP server for client tests: records every request (with its raw body) and counts
 * TCP connections, and lets each test answer however it likes — including not at all.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface SeenRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

export type Handler = (req: SeenRequest, res: ServerResponse) => void | Promise<void>;

export interface FakeServer {
  url: string;
  requests: SeenRequest[];
  connections: () => number;
  close: () => Promise<void>;
}

export async function startFakeServer(handler: Handler): Promise<FakeServer> {
  const requests: SeenRequest[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const seen: SeenRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(seen);
      void Promise.resolve(handler(seen, res)).catch((error: unknown) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        // Stalled tests leave sockets open on purpose; do not wait for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends a JSON body with the given status. */
export function json(res: ServerResponse, body: unknown, status = 200): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** A port on which nothing listens (a server was bound there and closed). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Parses a recorded urlencoded body. */
export function form(req: SeenRequest): URLSearchParams {
  return new URLSearchParams(req.body.toString("utf8"));
}

/** Parses a recorded multipart body the way a web server would (undici's Request.formData()). */
export async function multipart(req: SeenRequest): Promise<FormData> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return new Request(`http://localhost${req.url}`, {
    method: "POST",
    headers,
    body: req.body,
    duplex: "half",
  } as RequestInit).formData();
}
