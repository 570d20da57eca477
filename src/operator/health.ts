/**
 * The one health definition, served as /healthz on the monitoring port and on the webhook port.
 *
 * Healthy = the store answers AND updates are being received:
 *  - storage: a write is proven within `storageTimeoutMs` (KV.proveWritable: a short-lived key
 *    written to Redis; the embedded store's latest write to disk succeeded). A read alone is not
 *    enough: a Redis out of memory under `noeviction` and a full disk still answer every read while
 *    every tap that saves something fails. A Redis that is down or unreachable makes the write wait
 *    for reconnection: the timeout turns that into "unhealthy" quickly.
 *  - receiving, polling: the runner is running and its latest getUpdates either succeeded within
 *    RECEIVING_WINDOW_MS or is still waiting (a long poll) since less than that. A getUpdates that
 *    failed (Telegram unreachable, token revoked, another process polling: 409) makes it unhealthy
 *    until the next one succeeds.
 *  - receiving, webhook: the webhook server is listening. Whether Telegram manages to reach it is
 *    only visible to Telegram (getWebhookInfo's last_error_message); a quiet bot receives nothing
 *    for hours, so silence is not a failure.
 */
import type { KV } from "../storage/kv.js";
import type { PollingProbe } from "./telegram-metrics.js";

/** Longer than a long poll (30 s) plus a slow answer: a healthy runner always has a fresher getUpdates. */
export const RECEIVING_WINDOW_MS = 90_000;

export interface HealthReport {
  ok: boolean;
  /** Why not (present when ok is false): one sentence an operator can act on. */
  reason?: string;
  storage: "ok" | "failing";
  updates: "ok" | "failing";
}

/** undefined = updates are being received; else why not. */
export type ReceivingProbe = () => string | undefined;

export interface HealthOptions {
  kv: KV;
  receiving: ReceivingProbe;
  storageTimeoutMs?: number;
}

export type HealthCheck = () => Promise<HealthReport>;

const PROBE_KEY = "health:probe";
const DEFAULT_STORAGE_TIMEOUT_MS = 2_000;

export function createHealthCheck(options: HealthOptions): HealthCheck {
  const timeoutMs = options.storageTimeoutMs ?? DEFAULT_STORAGE_TIMEOUT_MS;
  return async () => {
    const storageProblem = await checkStorageWrites(options.kv, timeoutMs);
    const updatesProblem = options.receiving();
    const reasons = [storageProblem, updatesProblem].filter((r): r is string => r !== undefined);
    return {
      ok: reasons.length === 0,
      ...(reasons.length > 0 ? { reason: reasons.join("; ") } : {}),
      storage: storageProblem === undefined ? "ok" : "failing",
      updates: updatesProblem === undefined ? "ok" : "failing",
    };
  };
}

/**
 * undefined when the store takes a write now; else why not, in one sentence. The health check's
 * storage part, and what the storage alert (alerts.ts) watches.
 */
export async function checkStorageWrites(
  kv: KV,
  timeoutMs = DEFAULT_STORAGE_TIMEOUT_MS,
): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>(
    (resolve) =>
      (timer = setTimeout(
        () => resolve(`storage did not answer within ${timeoutMs} ms`),
        timeoutMs,
      )),
  );
  try {
    return await Promise.race([kv.proveWritable(PROBE_KEY).then(() => undefined), late]);
  } catch (error) {
    return `storage refuses writes: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

/** Polling mode: is the runner alive and getUpdates succeeding? */
export function pollingReceiving(
  isRunning: () => boolean,
  probe: () => PollingProbe,
  now: () => number = Date.now,
): ReceivingProbe {
  return () => {
    if (!isRunning()) return "the update runner is not running";
    const poll = probe();
    if (poll.startedAt === undefined) return "no getUpdates request sent yet";
    if (poll.finishedAt === undefined) {
      return now() - poll.startedAt < RECEIVING_WINDOW_MS
        ? undefined
        : `getUpdates has been waiting for ${Math.round((now() - poll.startedAt) / 1000)} s`;
    }
    if (!poll.ok)
      return "the latest getUpdates failed (Telegram unreachable or refused the token; see the log)";
    return now() - poll.finishedAt < RECEIVING_WINDOW_MS
      ? undefined
      : `no getUpdates answered for ${Math.round((now() - poll.finishedAt) / 1000)} s`;
  };
}

/** Webhook mode: is the webhook server listening? */
export function webhookReceiving(server: { listening: boolean }): ReceivingProbe {
  return () => (server.listening ? undefined : "the webhook server is not listening");
}
