/**
 * The HTTP server Telegram delivers webhook updates to (BOT_MODE=webhook), and /healthz (the same
 * health check as the monitoring port's, operator/health.ts).
 *
 * Hardened for the open internet, in this order for each request:
 *  1. anything but `POST <webhook path>` is answered at once (404) without reading a body;
 *  2. a missing or wrong X-Telegram-Bot-Api-Secret-Token is answered 401 at once: an unauthenticated
 *     body is never read (the connection is closed rather than drained);
 *  3. the body is read with a size limit (raw-body): a Content-Length above it is refused before any
 *     byte is read, a chunked body is cut off as soon as it passes the limit — 413 either way;
 *  4. a body that is not JSON, or not an update, gets 400: a 5xx would make Telegram redeliver it
 *     forever;
 *  5. only then does grammY's webhookCallback handle the update.
 * Node's own limits bound the rest: header and whole-request timeouts of a few seconds (a slow
 * client gets 408 or is closed), and a keep-alive timeout of a few seconds. The cap on open
 * connections makes room (connection-cap.ts): at the cap, the connection idle longest is closed for a
 * new one, so idle or slow connections, however many, never lock Telegram or the health check out.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import getRawBody from "raw-body";
import type { Update } from "grammy/types";
import { capConnections } from "./connection-cap.js";
import type { Logger } from "./logger.js";
import type { HealthCheck } from "./operator/health.js";
import { serveHealth } from "./operator/monitoring-server.js";
import { loggedError } from "./log-error.js";

export interface WebhookLimits {
  /** Largest update body accepted. Telegram's updates are a few KB; 1 MB is generous. */
  maxBodyBytes: number;
  /** Time a client gets to send the request headers: a connection that sends nothing is closed after it. */
  headersTimeoutMs: number;
  /** Time a client gets to send the whole request (headers and body); an update is a few KB. */
  requestTimeoutMs: number;
  /**
   * An idle keep-alive connection is closed after this long. Short, so idle connections do not pile
   * up; a reverse proxy in front must close its idle upstream connections sooner (nginx
   * `keepalive_timeout` below it) or it may reuse one we just closed.
   */
  keepAliveTimeoutMs: number;
  /**
   * Open connections at most; at the cap the connection idle longest makes room for a new one
   * (connection-cap.ts). Telegram opens at most 100 (setWebhook's max_connections, default 40).
   */
  maxConnections: number;
  /** How often Node checks the header and request timeouts. */
  timeoutCheckIntervalMs: number;
}

export const DEFAULT_WEBHOOK_LIMITS: WebhookLimits = {
  maxBodyBytes: 1024 * 1024,
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 256,
  timeoutCheckIntervalMs: 1_000,
};

/** grammY's `webhookCallback(bot, "callback", ...)`: handles one parsed update. */
export type UpdateHandler = (
  update: Update,
  respond: (json: string) => unknown,
  secretHeader: string,
) => Promise<unknown>;

/** Another path served beside the updates' (the exchanger's webhooks: src/events/endpoint.ts). */
export interface ExtraRoute {
  path: string;
  /** Takes every request to `path`, whatever its method; authenticates it itself. */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

export interface WebhookServerOptions {
  /** Path part of WEBHOOK_URL; updates are accepted only there. */
  path: string;
  /** Served before the updates' path (never the same path: config.ts refuses that). */
  routes?: readonly ExtraRoute[];
  secret: string;
  handleUpdate: UpdateHandler;
  /** Answers GET /healthz (200 or 503 with the JSON report). */
  health: HealthCheck;
  logger: Logger;
  limits?: Partial<WebhookLimits>;
}

const SECRET_HEADER = "x-telegram-bot-api-secret-token";

export function createWebhookServer(options: WebhookServerOptions): Server {
  const limits = { ...DEFAULT_WEBHOOK_LIMITS, ...options.limits };
  const secretMatches = secretChecker(options.secret);
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
    (req, res) => {
      if (req.method === "GET" && req.url === "/healthz")
        return void serveHealth(res, options.health);
      const path = req.url?.split("?")[0];
      const route = options.routes?.find((r) => r.path === path);
      if (route) return route.handle(req, res);
      if (req.method !== "POST" || req.url?.split("?")[0] !== options.path)
        return refuse(res, 404, "not found");
      if (!secretMatches(req.headers[SECRET_HEADER]))
        return refuse(res, 401, "secret token is wrong");
      void handleAuthenticated(req, res, limits, options);
    },
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  capConnections(server, limits.maxConnections);
  return server;
}

/**
 * Starts listening (on every interface, or on `host`); rejects with a clear message when the port
 * cannot be used. `purpose` names the variable and use in that message ("PORT 8080 for webhook updates").
 */
export async function listen(
  server: Server,
  port: number,
  purpose = "PORT",
  use = "webhook updates",
  host?: string,
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const why =
        error.code === "EADDRINUSE"
          ? "the port is already in use"
          : error.code === "EADDRNOTAVAIL"
            ? `${host} is not an address of this machine`
            : error.message;
      reject(
        new Error(
          `Cannot listen on ${purpose} ${port}${host === undefined ? "" : ` at ${host}`} for ${use}: ${why}`,
        ),
      );
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

async function handleAuthenticated(
  req: IncomingMessage,
  res: ServerResponse,
  limits: WebhookLimits,
  options: WebhookServerOptions,
): Promise<void> {
  let text: string;
  try {
    text = await getRawBody(req, {
      length: req.headers["content-length"],
      limit: limits.maxBodyBytes,
      encoding: "utf8",
    });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large")
      return refuseUpload(req, res, 413, `update body larger than ${limits.maxBodyBytes} bytes`);
    if (type === "request.aborted" || req.destroyed) return; // the client went away (or timed out): nobody to answer
    return refuseUpload(req, res, 400, "unreadable request body");
  }
  const update = parseUpdate(text);
  if (update === undefined)
    return answer(res, 400, "body is not a Telegram update (JSON object with update_id)");
  try {
    await options.handleUpdate(
      update,
      (json) => res.writeHead(200, { "content-type": "application/json" }).end(json),
      req.headers[SECRET_HEADER] as string,
    );
    if (!res.writableEnded) res.end();
  } catch (error) {
    options.logger.error(
      { err: loggedError(error), updateId: update.update_id },
      "webhook update failed",
    );
    if (!res.headersSent) res.writeHead(500).end();
  }
}

function parseUpdate(text: string): Update | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const isUpdate =
    typeof parsed === "object" &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Number.isSafeInteger((parsed as { update_id?: unknown }).update_id);
  return isUpdate ? (parsed as Update) : undefined;
}

export function answer(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...headers }).end(message);
}

/**
 * Answers and closes the connection at once, reading nothing more: an unauthenticated body is never
 * read, not even to drain it.
 */
export function refuse(res: ServerResponse, status: number, message: string): void {
  answer(res, status, message, { connection: "close" });
}

/** How long a refused upload's connection stays half-open so the client can read the answer. */
const LINGER_MS = 2_000;

/**
 * Answers a request whose body was cut off (raw-body has paused it: nothing more is read), then
 * closes our side and, shortly after, the connection. Closing at once while the client is still
 * uploading would make the kernel send a reset that can destroy the answer before the client reads it.
 */
export function refuseUpload(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
): void {
  answer(res, status, message);
  res.once("finish", () => {
    const socket = req.socket;
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}

/** Constant-time comparison (hashing first makes both sides the same length). */
export function secretChecker(secret: string): (header: string | string[] | undefined) => boolean {
  const expected = createHash("sha256").update(secret).digest();
  return (header) =>
    typeof header === "string" &&
    timingSafeEqual(createHash("sha256").update(header).digest(), expected);
}
