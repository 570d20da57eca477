/**
 * The HTTP side of the exchanger's webhooks: the path the operator sets under Application Settings →
 * Webhooks. Served on its own port when the bot polls Telegram (server.ts), beside Telegram's path
 * when it runs in webhook mode (webhook-server.ts `routes`). For each request, in this order:
 *  1. `X-Authorization` must be EXCHANGER_WEBHOOK_SECRET, compared in constant time; otherwise 401
 *     at once and the body is never read;
 *  2. `POST`: the body is read up to EXCHANGER_WEBHOOK_MAX_BYTES (a larger Content-Length is refused
 *     before any byte is read; a chunked body is cut off as it passes the cap: 413); the form field is
 *     parsed once (batch.ts: 400 for a malformed body, 413 for too many events); the batch is queued
 *     and answered 200 at once (the exchanger's scheduler does not wait for the checks);
 *  3. `GET` (the doctor, `npm run doctor`): the webhook's state — when the latest batch arrived and
 *     its events by kind, counts only.
 * The body holds every customer's orders: it is never logged and never stored; it is dropped as
 * soon as it is parsed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import getRawBody from "raw-body";
import type { Logger } from "../logger.js";
import { answer, refuse, refuseUpload, secretChecker, type ExtraRoute } from "../webhook-server.js";
import { HANDLED_KINDS, parseBatch, type Batch, type BatchProblem } from "./batch.js";
import type { EventMetrics } from "./metrics.js";
import type { WebhookPace } from "./pace.js";
import type { PaceAlerts } from "./pace-alerts.js";
import { loggedError } from "../log-error.js";

const SECRET_HEADER = "x-authorization";

export interface EndpointOptions {
  path: string;
  secret: string;
  maxBodyBytes: number;
  ingest: { accept(batch: Batch): boolean };
  pace: WebhookPace;
  alerts: Pick<PaceAlerts, "batchTaken">;
  metrics: EventMetrics;
  logger: Logger;
}

/** What the doctor reads: GET with the secret. */
export interface WebhookState {
  configured: true;
  /** Epoch ms of the latest batch any instance took; absent before the first. */
  lastBatchAt?: number;
  /** Events of that batch by kind. */
  events?: Record<string, number>;
  /** Whether batches count as arriving now (polling slowed to reconciliation). */
  arriving: boolean;
}

export function exchangerWebhookRoute(options: EndpointOptions): ExtraRoute {
  const secretMatches = secretChecker(options.secret);
  const log = options.logger.child({ component: "exchanger-webhook" });
  return {
    path: options.path,
    handle(req, res) {
      if (req.method !== "POST" && req.method !== "GET")
        return refuse(res, 405, "POST the exchanger's webhooks here");
      if (!secretMatches(req.headers[SECRET_HEADER])) {
        options.metrics.request("unauthorized");
        return refuse(res, 401, "X-Authorization is not the webhook's secret key");
      }
      const work = req.method === "GET" ? serveState(res, options) : take(req, res, options);
      work.catch((error: unknown) => {
        log.warn({ err: loggedError(error) }, "webhook request failed");
        answer(res, 500, "could not take the batch");
      });
    },
  };
}

async function take(req: IncomingMessage, res: ServerResponse, options: EndpointOptions) {
  const { metrics } = options;
  let body: string;
  try {
    body = await getRawBody(req, {
      length: req.headers["content-length"],
      limit: options.maxBodyBytes,
      encoding: "utf8",
    });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === "request.aborted" || req.destroyed) return;
    const tooLarge = type === "entity.too.large";
    metrics.request(tooLarge ? "too_large" : "malformed");
    return refuseUpload(
      req,
      res,
      tooLarge ? 413 : 400,
      tooLarge ? "body too large" : "unreadable body",
    );
  }
  const batch = parseBatch(body);
  if ("problem" in batch) return refuseBatch(res, options, batch.problem);
  // Recorded first: the checks it starts already see the batches arriving.
  const before = await options.pace.recordBatch(eventsByKind(batch));
  if (!options.ingest.accept(batch)) {
    metrics.request("backlog_full");
    return answer(res, 503, "busy: batch dropped");
  }
  countSkipped(batch, metrics);
  metrics.request("accepted");
  answer(res, 200, "ok");
  await options.alerts.batchTaken(before);
}

function refuseBatch(res: ServerResponse, options: EndpointOptions, problem: BatchProblem): void {
  const tooMany = problem === "too-many";
  options.metrics.request(tooMany ? "too_many_events" : "malformed");
  options.logger.info({ problem }, "exchanger webhook request refused");
  answer(res, tooMany ? 413 : 400, tooMany ? "too many events" : `malformed batch: ${problem}`);
}

/** Events the bot does not act on (reserve requests, reviews…, unknown types, shapeless entries). */
function countSkipped(batch: Batch, metrics: EventMetrics): void {
  const { unknownType, wrongShape } = batch.skipped;
  const unhandled = Object.entries(batch.byKind)
    .filter(([kind]) => kind !== "other" && !(HANDLED_KINDS as readonly string[]).includes(kind))
    .reduce((sum, [, n]) => sum + (n ?? 0), 0);
  const ignored = unknownType + wrongShape + unhandled;
  if (ignored > 0) metrics.event("other", "ignored", ignored);
}

function eventsByKind(batch: Batch): Record<string, number> {
  return Object.fromEntries(Object.entries(batch.byKind).filter(([, n]) => n !== undefined));
}

async function serveState(res: ServerResponse, options: EndpointOptions): Promise<void> {
  const last = await options.pace.lastBatch();
  const state: WebhookState = {
    configured: true,
    ...(last !== undefined && { lastBatchAt: last.at, events: last.events }),
    arriving: await options.pace.live(),
  };
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(state));
}
