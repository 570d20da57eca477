/**
 * The monitoring port (METRICS_PORT): `GET /healthz` and `GET /metrics`, nothing else.
 *
 * Bounded like the webhook server: no request body is ever read (anything but those two GETs is
 * answered at once and the connection closed), short header/request/keep-alive timeouts, and a cap
 * on connections — a scraper and a health checker need a handful — where the connection idle longest
 * makes room for a new one (connection-cap.ts), so slow or idle clients never fail the health check.
 * Nothing served here carries a secret or a chat id (metrics.ts), but it is meant for the operator's
 * network, not the internet: it listens on METRICS_HOST, loopback unless set otherwise.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Registry } from "prom-client";
import { capConnections } from "../connection-cap.js";
import type { Logger } from "../logger.js";
import type { HealthCheck } from "./health.js";
import { loggedError } from "../log-error.js";

/** A scraper and a health checker need a handful; at the cap the connection idle longest makes room. */
export const MONITORING_MAX_CONNECTIONS = 32;

export interface MonitoringServerOptions {
  health: HealthCheck;
  registry: Registry;
  logger: Logger;
}

export function createMonitoringServer(options: MonitoringServerOptions): Server {
  const server = createServer(
    { headersTimeout: 5_000, requestTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    (req, res) => {
      const path = req.url?.split("?")[0];
      if (req.method === "GET" && path === "/healthz") return void serveHealth(res, options.health);
      if (req.method === "GET" && path === "/metrics") return void serveMetrics(req, res, options);
      res
        .writeHead(404, { "content-type": "text/plain; charset=utf-8", connection: "close" })
        .end("not found: GET /healthz or GET /metrics");
    },
  );
  server.keepAliveTimeout = 5_000;
  capConnections(server, MONITORING_MAX_CONNECTIONS);
  return server;
}

/** 200 or 503 with the JSON report; shared by the webhook server's /healthz. */
export async function serveHealth(res: ServerResponse, health: HealthCheck): Promise<void> {
  try {
    const report = await health();
    res
      .writeHead(report.ok ? 200 : 503, {
        "content-type": "application/json",
        "cache-control": "no-store",
      })
      .end(JSON.stringify(report));
  } catch (error) {
    const reason = `health check failed: ${error instanceof Error ? error.message : String(error)}`;
    if (!res.headersSent)
      res
        .writeHead(503, { "content-type": "application/json" })
        .end(JSON.stringify({ ok: false, reason }));
  }
}

async function serveMetrics(
  _req: IncomingMessage,
  res: ServerResponse,
  options: MonitoringServerOptions,
): Promise<void> {
  try {
    const text = await options.registry.metrics();
    res
      .writeHead(200, { "content-type": options.registry.contentType, "cache-control": "no-store" })
      .end(text);
  } catch (error) {
    options.logger.warn({ err: loggedError(error) }, "could not collect metrics");
    if (!res.headersSent)
      res
        .writeHead(500, { "content-type": "text/plain; charset=utf-8" })
        .end("could not collect metrics; see the bot's log");
  }
}
