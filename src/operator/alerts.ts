/**
 * Alerts to the operator's chats (ADMIN_CHAT_IDS): the exchanger failing for ALERT_AFTER_MS, its
 * recovery, and each instance starting and stopping.
 *
 * Once per incident across instances: the instance that first sees the failure last long enough
 * claims the incident in the store (SET NX `alert:exchanger`, value = when it began + who claimed it)
 * and alone sends "failing". Every instance that sees the failure remembers that value; the first of
 * them to see the exchanger answer again deletes the record only while it still holds that value
 * (compare-and-delete) and alone sends "recovered". The record expires after INCIDENT_TTL_MS, so a
 * record orphaned by instances that all stopped mid-incident cannot silence the next incident for
 * long — and an outage longer than that is announced again as a reminder.
 *
 * While this instance sees a failure, it asks the exchanger's public status once per check, so a
 * recovery is noticed even when no user is active.
 *
 * The store is watched the same way: when it has refused writes for ALERT_AFTER_MS (health.ts
 * checkStorageWrites: Redis out of memory or unreachable, the embedded store's disk full), "failing"
 * once, and "works again" once. Per instance: a store that refuses writes cannot hold a shared
 * incident record, so with several instances each one reports it.
 *
 * Plain English, not the bot's i18n: these are operator messages (like the logs, which are English),
 * the locales hold customer texts only, and the alert must not depend on a translation being present.
 */
import type { Api } from "grammy";
import type { Logger } from "../logger.js";
import type { KV } from "../storage/kv.js";
import type { ExchangerHealth } from "./exchanger-health.js";

export const INCIDENT_KEY = "alert:exchanger";
export const INCIDENT_TTL_MS = 6 * 60 * 60_000;

export interface AlertDeps {
  api: Pick<Api, "sendMessage">;
  kv: KV;
  health: ExchangerHealth;
  /** One cheap exchanger call (the public status); its outcome reaches `health` through the client's hook. */
  probe(): Promise<unknown>;
  logger: Logger;
  /** undefined while the store takes writes, else why not (health.ts checkStorageWrites). Omitted: not watched. */
  storage?: () => Promise<string | undefined>;
}

export interface AlertOptions {
  adminChatIds: readonly number[];
  /** ALERT_AFTER_MS */
  alertAfterMs: number;
  /** How this instance is named in alerts (host and process id; no secrets). */
  instance: string;
  /** How often the failure state is looked at; default a quarter of alertAfterMs, between 100 ms and 15 s. */
  checkEveryMs?: number;
  now?: () => number;
}

export interface Alerts {
  /** Sends a message to every admin chat; never throws (a failure is logged without the chat id). */
  send(text: string): Promise<void>;
  /** Starts watching the exchanger's health. */
  start(): void;
  /** Stops watching; resolves when a check in progress has ended. */
  stop(): Promise<void>;
}

export function createAlerts(deps: AlertDeps, options: AlertOptions): Alerts {
  const now = options.now ?? Date.now;
  const checkEveryMs = options.checkEveryMs ?? Math.min(15_000, Math.max(100, Math.floor(options.alertAfterMs / 4)));
  const log = deps.logger.child({ component: "alerts" });
  /** The shared incident record's value this instance knows of (it claimed it or saw it). */
  let incident: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let checkFailing = false;

  async function send(text: string): Promise<void> {
    await Promise.all(
      options.adminChatIds.map(async (chatId, index) => {
        try {
          await deps.api.sendMessage(chatId, text, { link_preview_options: { is_disabled: true } });
        } catch (error) {
          log.warn(
            { adminChat: `#${index + 1} of ${options.adminChatIds.length}`, err: error instanceof Error ? error.message : String(error) },
            "could not deliver an alert to an admin chat (has the admin started the bot?)",
          );
        }
      }),
    );
  }

  /** Since when this instance has seen the store refuse writes, and whether that was reported. */
  let storageFailingSince: number | undefined;
  let storageReported = false;

  async function checkStorage(): Promise<void> {
    if (!deps.storage) return;
    const problem = await deps.storage();
    if (problem === undefined) {
      if (storageReported) {
        log.info("storage takes writes again; recovery alert sent");
        await send(
          `✅ The store takes writes again (it had been failing for ${duration(now() - storageFailingSince!)}). Reported by ${options.instance}.`,
        );
      }
      storageFailingSince = undefined;
      storageReported = false;
      return;
    }
    storageFailingSince ??= now();
    if (storageReported || now() - storageFailingSince < options.alertAfterMs) return;
    storageReported = true;
    log.warn({ failingForMs: now() - storageFailingSince, problem }, "storage refuses writes; alert sent");
    await send(
      `⚠️ The store has been refusing writes for ${duration(now() - storageFailingSince)} (${problem}): users' actions that save anything fail, and /healthz answers 503. Reported by ${options.instance}.`,
    );
  }

  async function check(): Promise<void> {
    if (deps.health.failingSince() !== undefined) await deps.probe().catch(() => undefined); // outcome counted by the hook
    const since = deps.health.failingSince();
    if (since === undefined) {
      if (incident === undefined) return;
      const closed = await deps.kv.delIf(INCIDENT_KEY, incident);
      const began = Number(incident.split("|")[0]);
      incident = undefined;
      if (closed) {
        log.info("exchanger answers again; recovery alert sent");
        await send(`✅ The exchanger answers again (it had been failing for ${duration(now() - began)}). Reported by ${options.instance}.`);
      }
      return;
    }
    if (incident !== undefined) {
      // Still failing here. Did another instance see it answer (and close the incident)?
      if ((await deps.kv.get(INCIDENT_KEY)) !== incident) {
        incident = undefined;
        deps.health.forgetFailure();
      }
      return;
    }
    if (now() - since < options.alertAfterMs) return;
    const value = `${since}|${options.instance}`;
    if (await deps.kv.setIfAbsent(INCIDENT_KEY, value, INCIDENT_TTL_MS)) {
      incident = value;
      log.warn({ failingForMs: now() - since }, "exchanger failing; alert sent");
      await send(
        `⚠️ The exchanger has not been answering for ${duration(now() - since)}: users see "exchanger unavailable". Reported by ${options.instance}.`,
      );
    } else {
      // Another instance claimed it (and alerted): remember its record, to close it on recovery.
      incident = await deps.kv.get(INCIDENT_KEY);
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      // The store first: its alert must not wait for (or fail with) the exchanger check, which uses the store.
      running = checkStorage()
        .then(check)
        .then(() => {
          checkFailing = false;
        })
        .catch((error: unknown) => {
          // Once per streak: a Redis outage would otherwise repeat this every check.
          if (!checkFailing)
            log.warn(
              { err: error instanceof Error ? error.message : String(error) },
              "exchanger alert check failed (storage unreachable?); retrying at every check",
            );
          checkFailing = true;
        })
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, checkEveryMs);
    timer.unref();
  }

  return {
    send,
    start() {
      if (options.adminChatIds.length > 0) schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

function duration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}
