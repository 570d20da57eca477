/**
 * The exchanger webhook's own port (EXCHANGER_WEBHOOK_PORT), when the bot polls Telegram and so has
 * no webhook server to share. The same hardening as the Telegram webhook server (webhook-server.ts):
 * header and request timeouts, short keep-alive, a cap on open connections; every other path 404
 * without reading a body.
 */
import { createServer, type Server } from "node:http";
import { capConnections } from "../connection-cap.js";
import { DEFAULT_WEBHOOK_LIMITS, refuse, type ExtraRoute } from "../webhook-server.js";

export function createEventServer(route: ExtraRoute): Server {
  const limits = DEFAULT_WEBHOOK_LIMITS;
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
    (req, res) => {
      if (req.url?.split("?")[0] !== route.path) return refuse(res, 404, "not found");
      route.handle(req, res);
    },
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  capConnections(server, limits.maxConnections);
  return server;
}
