/**
 * `npm run doctor`'s webhook lines: whether the exchanger's webhooks are configured, the URL to set
 * under Application Settings → Webhooks, and their state as the running bot sees it (the latest
 * batch any instance took, its events by kind, whether batches count as arriving). The state is
 * asked of the bot itself, on this machine, with the secret (GET on the webhook path: events/endpoint.ts),
 * so it works whichever store the bot uses. Informational: it never fails the doctor.
 */
import type { WebhookState } from "../events/index.js";

export interface DoctorWebhook {
  /** EXCHANGER_WEBHOOK_SECRET; undefined: not configured. */
  secret: string | undefined;
  path: string;
  /** Where the bot takes them on this machine: EXCHANGER_WEBHOOK_PORT, or PORT in webhook mode. */
  localPort: number;
  /** WEBHOOK_URL in webhook mode (its origin is the exchanger's too); undefined when polling. */
  publicBase: string | undefined;
  timeoutMs: number;
}

/** The lines to print; `now` for the age of the latest batch. */
export async function webhookLines(options: DoctorWebhook, now = Date.now()): Promise<string[]> {
  if (options.secret === undefined)
    return [
      "Webhooks: not configured. Set EXCHANGER_WEBHOOK_SECRET (the secret key you set under Application Settings → Webhooks) to have order, verification and account notices follow the exchanger's events.",
    ];
  const lines = [
    `Webhooks: configured. Set this URL under Application Settings → Webhooks: ${publicUrl(options)}`,
  ];
  const local = `http://127.0.0.1:${options.localPort}${options.path}`;
  const state = await askBot(local, options);
  if (typeof state === "string") return [...lines, `  state: ${state}`];
  return [...lines, `  state: ${describeState(state, now)}`];
}

function publicUrl(options: DoctorWebhook): string {
  if (options.publicBase !== undefined) return new URL(options.path, options.publicBase).href;
  return `https://<this server's public address>${options.path} (behind your HTTPS proxy; the bot listens on port ${options.localPort})`;
}

async function askBot(url: string, options: DoctorWebhook): Promise<WebhookState | string> {
  try {
    const response = await fetch(url, {
      headers: { "x-authorization": options.secret! },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (response.status === 401)
      return "the bot at " + url + " refuses EXCHANGER_WEBHOOK_SECRET (another secret?)";
    if (!response.ok) return `the bot at ${url} answered HTTP ${response.status}`;
    return (await response.json()) as WebhookState;
  } catch {
    return `no bot answers at ${url} (is it running on this machine?)`;
  }
}

function describeState(state: WebhookState, now: number): string {
  if (state.lastBatchAt === undefined)
    return "no batch has arrived yet (the exchanger sends one per scheduler run that has events)";
  const age = Math.max(0, Math.round((now - state.lastBatchAt) / 1000));
  const events = Object.entries(state.events ?? {})
    .map(([kind, count]) => `${kind} ${count}`)
    .join(", ");
  const pace = state.arriving
    ? "arriving: polling runs at the reconciliation pace"
    : "not arriving: polling runs at its usual pace";
  return `last batch ${age} s ago (events: ${events || "none"}); ${pace}`;
}
