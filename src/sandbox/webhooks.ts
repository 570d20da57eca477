/**
 * The sandbox sends webhooks as Exchanger CMS does (the vendor's "Webhooks" page): a scheduler task
 * that, once per interval, POSTs every event of that interval in ONE form-encoded request, the field
 * `web_hooks` holding `{"<type id>": [<object>, …]}`, the secret key in `X-Authorization`. Each
 * object is a positional array in the `positional` dialect's layouts (positional.ts): an order as
 * get-orders writes it, a verification request as get-verification does, the user object exactly as
 * documented (30 values, its secrets included, as a real server sends them). The vendor documents
 * where neither an order nor a request names its owner; this sandbox appends the owner's user id as
 * the last value of both (when the layout has no such position of its own).
 *
 * Like the vendor's, a batch that fails is not sent again: the bot's reconciliation has to catch it.
 * An interval without events sends nothing.
 */
import {
  ORDER_POSITIONS,
  positionalUser,
  toPositional,
  VERIFICATION_POSITIONS,
} from "./positional.js";
import type { SandboxAccount, SandboxOrder, SandboxState } from "./state.js";
import { EVENT_TYPE, type PendingEvent } from "./webhook-event.js";

export interface WebhookTarget {
  /** The URL set under Application Settings → Webhooks. */
  url: string;
  /** The optional secret key, sent as `X-Authorization`. */
  secret?: string;
  /** The scheduler's interval; default 60 s, as on a standard install. */
  intervalMs?: number;
}

const withOwner = (row: unknown[], positions: readonly string[], account: SandboxAccount) =>
  positions.includes("user_id") ? row : [...row, account.profile.id];

/** Queues an event, when webhooks are configured (the outbox exists only then). */
function emit(state: SandboxState, event: PendingEvent): void {
  state.webhookOutbox?.push(event);
}

export function emitOrderChanged(
  state: SandboxState,
  account: SandboxAccount,
  order: SandboxOrder,
): void {
  const row = toPositional({ ...order, user_id: account.profile.id }, ORDER_POSITIONS);
  emit(state, { type: EVENT_TYPE.order, object: withOwner(row, ORDER_POSITIONS, account) });
}

export function emitVerificationChanged(state: SandboxState, account: SandboxAccount): void {
  if (account.verification === null) return;
  const row = toPositional(account.verification, VERIFICATION_POSITIONS);
  emit(state, {
    type: EVENT_TYPE.verification,
    object: withOwner(row, VERIFICATION_POSITIONS, account),
  });
}

export function emitUserChanged(state: SandboxState, account: SandboxAccount): void {
  emit(state, { type: EVENT_TYPE.user, object: positionalUser(account) });
}

/** The form body of one batch. */
export function batchBody(events: readonly PendingEvent[]): string {
  const grouped: Record<string, unknown[][]> = {};
  for (const event of events) (grouped[event.type] ??= []).push(event.object);
  return new URLSearchParams({ web_hooks: JSON.stringify(grouped) }).toString();
}

export interface WebhookSender {
  /** Sends the pending events now as one batch; the HTTP status, or undefined when nothing was pending. */
  flush(): Promise<number | undefined>;
  /** The next batch is lost on the way (its events are gone, as when the request fails). */
  dropNextBatch(): void;
  stop(): void;
}

export function startWebhookSender(
  state: SandboxState,
  target: WebhookTarget,
  onBatch?: (events: number, status: number | string) => void,
): WebhookSender {
  state.webhookOutbox ??= [];
  let drop = false;
  const flush = async (): Promise<number | undefined> => {
    const events = state.webhookOutbox!.splice(0);
    if (events.length === 0) return undefined;
    if (drop) {
      drop = false;
      onBatch?.(events.length, "dropped");
      return 0;
    }
    const status = await post(target, batchBody(events));
    onBatch?.(events.length, status);
    return typeof status === "number" ? status : 0;
  };
  const timer = setInterval(() => void flush(), target.intervalMs ?? 60_000);
  timer.unref();
  return { flush, dropNextBatch: () => (drop = true), stop: () => clearInterval(timer) };
}

async function post(target: WebhookTarget, body: string): Promise<number | string> {
  try {
    const response = await fetch(target.url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(target.secret !== undefined && { "x-authorization": target.secret }),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
