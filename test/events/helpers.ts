/**
 * Shared by the webhook tests: one bot (or two instances on one Redis) with the exchanger's webhooks
 * on, wired as main.ts wires them (startExchangerEvents over the app's parts and the watcher's
 * checkNow), the ingest on its own loopback port, and the sandbox sending its batches there.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Harness, type HarnessOptions } from "../harness/harness.js";
import { notifierFor, type TestClock } from "../notify/helpers.js";
import type { Notifier, NotifierOptions } from "../../src/notify/watcher.js";
import { startExchangerEvents, type ExchangerEvents } from "../../src/events/index.js";
import { createEventServer } from "../../src/events/server.js";
import { listen } from "../../src/webhook-server.js";

export const SECRET = "exchanger-webhook-secret-0123";
export const PATH = "/exchanger/webhook";

export interface WebhookBot {
  h: Harness;
  watcher: Notifier;
  events: ExchangerEvents;
  /** The ingest's loopback URL (what the operator sets under Application Settings → Webhooks). */
  url: string;
  port: number;
  /** What the admin chats were told. */
  adminTold: string[];
  close(): Promise<void>;
}

export interface WebhookBotOptions extends HarnessOptions {
  clock?: TestClock;
  notifier?: NotifierOptions;
  /** A second instance of this bot: the same sandbox and Redis prefix, its own Telegram fake. */
  instanceOf?: WebhookBot;
}

/** The env of a bot with webhooks on; `extra` adds to it. */
export const webhookEnv = (extra: Record<string, string> = {}): Record<string, string> => ({
  EXCHANGER_WEBHOOK_SECRET: SECRET,
  EXCHANGER_WEBHOOK_PATH: PATH,
  EXCHANGER_WEBHOOK_INTERVAL_MS: "1000",
  EXCHANGER_WEBHOOK_RECONCILE_MS: "3600000",
  ...extra,
});

export async function startWebhookBot(options: WebhookBotOptions = {}): Promise<WebhookBot> {
  const shared = options.instanceOf?.h;
  const h = await Harness.start({
    ...options,
    ...(shared && { sandbox: shared.sandbox, prefix: shared.prefix }),
    env: webhookEnv(options.env),
  });
  const parts = h.app.events;
  if (parts === undefined) throw new Error("EXCHANGER_WEBHOOK_SECRET did not turn the webhooks on");
  const watcher = notifierFor(
    h,
    { ...(options.clock && { now: options.clock.now }), ...options.notifier },
    { tokens: parts.tokens, pace: parts.pace },
  );
  const adminTold: string[] = [];
  const events = startExchangerEvents({
    ...h.app.deps,
    parts,
    api: h.app.bot.api,
    i18n: h.app.i18n,
    defaultLanguage: h.config.defaultLanguage,
    maxRps: h.config.notify.maxRps,
    checkChat: (chatId) => watcher.checkNow(chatId),
    tellAdmins: async (text) => void adminTold.push(text),
  });
  // What events.listen() does on EXCHANGER_WEBHOOK_PORT, on a free loopback port instead.
  const server: Server = createEventServer(events.route);
  await listen(server, 0, "a test port", "the exchanger's webhooks", "127.0.0.1");
  const port = (server.address() as AddressInfo).port;
  return {
    h,
    watcher,
    events,
    port,
    url: `http://127.0.0.1:${port}${PATH}`,
    adminTold,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await events.stop();
      await h.close();
    },
  };
}

/** POSTs a form body to the ingest as the exchanger would; the HTTP status. */
export async function postBatch(
  url: string,
  body: string,
  headers: Record<string, string> = { "x-authorization": SECRET },
): Promise<number> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** The form body of a batch: `web_hooks` = the JSON of `{type: [rows]}`. */
export const formBody = (batch: unknown): string =>
  new URLSearchParams({ web_hooks: JSON.stringify(batch) }).toString();
