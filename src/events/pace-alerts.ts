/**
 * The admin chats are told when the exchanger's batches stop (the watcher went back to polling by
 * itself) and when they arrive again — each once across instances, and at most once per
 * QUIET_MS: an exchanger whose scheduler sends nothing in a quiet interval would otherwise make
 * these messages come and go all day.
 *
 * `exhook:told` holds what was told last: "stopped:<at of the last batch>" or "resumed:…", kept
 * QUIET_MS. The very first batch is told once too (`exhook:first`): the operator sees the set-up work. Plain English, like the other operator alerts (operator/alerts.ts).
 */
import type { Logger } from "../logger.js";
import type { KV } from "../storage/kv.js";
import type { LastBatch, WebhookPace } from "./pace.js";

export const TOLD_KEY = "exhook:told";
const QUIET_MS = 6 * 60 * 60_000;
/** The first batch ever is told once; the mark outlives any pause of the webhooks. */
const FIRST_KEY = "exhook:first";
const FIRST_TTL_MS = 365 * 86_400_000;

export interface PaceAlertDeps {
  kv: KV;
  pace: WebhookPace;
  /** Sends to every admin chat (operator/alerts.ts send); never throws. */
  tellAdmins(text: string): Promise<void>;
  logger: Logger;
  now?: () => number;
}

export class PaceAlerts {
  readonly #deps: PaceAlertDeps;
  readonly #now: () => number;

  constructor(deps: PaceAlertDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  /** Called now and then (events/runtime.ts): batches that stopped are told once. */
  async check(): Promise<void> {
    const { pace, kv } = this.#deps;
    const last = await pace.lastBatch();
    if (last === undefined || this.#now() - last.at <= pace.windowMs) return;
    if (!(await kv.setIfAbsent(TOLD_KEY, `stopped:${last.at}`, QUIET_MS))) return;
    this.#deps.logger.warn(
      { lastBatchAt: last.at },
      "exchanger webhooks stopped; polling as before",
    );
    await this.#deps.tellAdmins(
      `⚠️ The exchanger's webhooks stopped: no batch for ${minutes(this.#now() - last.at)} min. ` +
        "Order notifications are polled at the usual pace again until batches come back. " +
        "Check Application Settings → Webhooks and the scheduler of the exchanger.",
    );
  }

  /** A batch was taken; `before` the one before it. After a stop that was told, the return is told once. */
  async batchTaken(before: LastBatch | undefined): Promise<void> {
    const { kv, pace } = this.#deps;
    if (before !== undefined && this.#now() - before.at <= pace.windowMs) return;
    if (before === undefined) {
      if (!(await kv.setIfAbsent(FIRST_KEY, String(this.#now()), FIRST_TTL_MS))) return;
      return this.#deps.tellAdmins(
        "✅ The first batch of the exchanger's webhooks arrived: order, verification and account notices now follow them, and polling slows to reconciliation.",
      );
    }
    const told = await kv.get(TOLD_KEY);
    if (told === undefined || !told.startsWith("stopped:") || !kv.replaceIf) return;
    if (!(await kv.replaceIf(TOLD_KEY, told, `resumed:${told.slice(8)}`))) return;
    this.#deps.logger.info({}, "exchanger webhooks arrive again");
    await this.#deps.tellAdmins(
      "✅ The exchanger's webhooks arrive again: polling slows to reconciliation.",
    );
  }
}

const minutes = (ms: number): number => Math.max(1, Math.round(ms / 60_000));
