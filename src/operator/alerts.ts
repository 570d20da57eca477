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
import { loggedError } from "../log-error.js";

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
  return new AlertWatch(deps, options);
}

/** Sends a message to every admin chat; never throws (a failure is logged without the chat id). */
export async function sendToAdmins(
  api: Pick<Api, "sendMessage">,
  chats: readonly number[],
  log: Logger,
  text: string,
): Promise<void> {
  await Promise.all(
    chats.map(async (chatId, index) => {
      try {
        await api.sendMessage(chatId, text, { link_preview_options: { is_disabled: true } });
      } catch (error) {
        log.warn(
          {
            adminChat: `#${index + 1} of ${chats.length}`,
            err: loggedError(error),
          },
          "could not deliver an alert to an admin chat (has the admin started the bot?)",
        );
      }
    }),
  );
}

/** How long one alert about the same thing keeps the other instances from sending it again. */
const ONCE_TTL_MS = 24 * 60 * 60_000;

/**
 * An alert sent once across instances (the first to claim `key` in the store sends it) and at most
 * once a day: a condition every instance notices at about the same time (a pinned layout that
 * stopped fitting the exchanger's answers).
 */
export async function alertOnce(
  deps: { api: Pick<Api, "sendMessage">; kv: KV; logger: Logger },
  chats: readonly number[],
  key: string,
  text: string,
): Promise<void> {
  if (chats.length === 0) return;
  const claimed = await deps.kv
    .setIfAbsent(`alert:once:${key}`, "1", ONCE_TTL_MS)
    .catch(() => true);
  if (claimed) await sendToAdmins(deps.api, chats, deps.logger, text);
}

class AlertWatch implements Alerts {
  readonly #deps: AlertDeps;
  readonly #options: AlertOptions;
  readonly #now: () => number;
  readonly #checkEveryMs: number;
  readonly #log: Logger;
  /** The shared incident record's value this instance knows of (it claimed it or saw it). */
  #incident: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;
  #checkFailing = false;
  /** Since when this instance has seen the store refuse writes, and whether that was reported. */
  #storageFailingSince: number | undefined;
  #storageReported = false;

  constructor(deps: AlertDeps, options: AlertOptions) {
    this.#deps = deps;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#checkEveryMs =
      options.checkEveryMs ?? Math.min(15_000, Math.max(100, Math.floor(options.alertAfterMs / 4)));
    this.#log = deps.logger.child({ component: "alerts" });
  }

  readonly send = (text: string): Promise<void> =>
    sendToAdmins(this.#deps.api, this.#options.adminChatIds, this.#log, text);

  start(): void {
    if (this.#options.adminChatIds.length > 0) this.#schedule();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  async #checkStorage(): Promise<void> {
    if (!this.#deps.storage) return;
    const problem = await this.#deps.storage();
    const now = this.#now();
    const instance = this.#options.instance;
    if (problem === undefined) {
      if (this.#storageReported) {
        this.#log.info("storage takes writes again; recovery alert sent");
        await this.send(
          `✅ The store takes writes again (it had been failing for ${duration(now - this.#storageFailingSince!)}). Reported by ${instance}.`,
        );
      }
      this.#storageFailingSince = undefined;
      this.#storageReported = false;
      return;
    }
    this.#storageFailingSince ??= now;
    if (this.#storageReported || now - this.#storageFailingSince < this.#options.alertAfterMs)
      return;
    this.#storageReported = true;
    this.#log.warn(
      { failingForMs: now - this.#storageFailingSince, problem },
      "storage refuses writes; alert sent",
    );
    await this.send(
      `⚠️ The store has been refusing writes for ${duration(now - this.#storageFailingSince)} (${problem}): users' actions that save anything fail, and /healthz answers 503. Reported by ${instance}.`,
    );
  }

  async #check(): Promise<void> {
    const health = this.#deps.health;
    if (health.failingSince() !== undefined) await this.#deps.probe().catch(() => undefined); // outcome counted by the hook
    const since = health.failingSince();
    if (since === undefined) return this.#recovered();
    if (this.#incident !== undefined) {
      // Still failing here. Did another instance see it answer (and close the incident)?
      if ((await this.#deps.kv.get(INCIDENT_KEY)) !== this.#incident) {
        this.#incident = undefined;
        health.forgetFailure();
      }
      return;
    }
    if (this.#now() - since >= this.#options.alertAfterMs) await this.#claimIncident(since);
  }

  /** The exchanger answers again: whoever closes the shared incident record says so, once. */
  async #recovered(): Promise<void> {
    if (this.#incident === undefined) return;
    const closed = await this.#deps.kv.delIf(INCIDENT_KEY, this.#incident);
    const began = Number(this.#incident.split("|")[0]);
    this.#incident = undefined;
    if (!closed) return;
    this.#log.info("exchanger answers again; recovery alert sent");
    await this.send(
      `✅ The exchanger answers again (it had been failing for ${duration(this.#now() - began)}). Reported by ${this.#options.instance}.`,
    );
  }

  /** Failing for long enough: the instance that claims the shared incident record alerts, the others remember it. */
  async #claimIncident(since: number): Promise<void> {
    const value = `${since}|${this.#options.instance}`;
    if (await this.#deps.kv.setIfAbsent(INCIDENT_KEY, value, INCIDENT_TTL_MS)) {
      this.#incident = value;
      this.#log.warn({ failingForMs: this.#now() - since }, "exchanger failing; alert sent");
      await this.send(
        `⚠️ The exchanger has not been answering for ${duration(this.#now() - since)}: users see "exchanger unavailable". Reported by ${this.#options.instance}.`,
      );
    } else {
      // Another instance claimed it (and alerted): remember its record, to close it on recovery.
      this.#incident = await this.#deps.kv.get(INCIDENT_KEY);
    }
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      // The store first: its alert must not wait for (or fail with) the exchanger check, which uses the store.
      this.#running = this.#checkStorage()
        .then(() => this.#check())
        .then(() => {
          this.#checkFailing = false;
        })
        .catch((error: unknown) => {
          // Once per streak: a Redis outage would otherwise repeat this every check.
          if (!this.#checkFailing)
            this.#log.warn(
              { err: loggedError(error) },
              "exchanger alert check failed (storage unreachable?); retrying at every check",
            );
          this.#checkFailing = true;
        })
        .finally(() => {
          this.#running = undefined;
          this.#schedule();
        });
    }, this.#checkEveryMs);
    this.#timer.unref();
  }
}

function duration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}
