/**
 * Process entry, as a list of named steps: config → app (storage, exchanger client, bot) → Telegram
 * (getMe, commands, descriptions) → monitoring port → watcher → receiving (polling or webhook, each
 * returning its stop) → admin alerts; then one ordered list of shutdown steps for SIGINT/SIGTERM.
 */
import { run } from "@grammyjs/runner";
import { webhookCallback } from "grammy";
import type { Server } from "node:http";
import { hostname } from "node:os";
import { createApp } from "./app.js";
import { TextOverrideError } from "./bot/text-overrides.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { createLogger, type Logger } from "./logger.js";
import { startNotifier } from "./notify/index.js";
import { startRateAlerts } from "./notify/rate-alerts/index.js";
import { callTelegramAtStartup } from "./telegram-startup.js";
import { createWebhookServer, listen } from "./webhook-server.js";
import { createAlerts } from "./operator/alerts.js";
import {
  checkStorageWrites,
  createHealthCheck,
  pollingReceiving,
  webhookReceiving,
  type HealthCheck,
  type ReceivingProbe,
} from "./operator/health.js";
import { createMonitoringServer } from "./operator/monitoring-server.js";
import { startExchangerEvents, type ExchangerEvents } from "./events/index.js";
import { loggedError } from "./log-error.js";

/** Longest the stop alert may hold a shutdown (Telegram slow or unreachable). */
const STOP_ALERT_WAIT_MS = 5_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee README.md ("Configuration") and .env.example.\n`);
      process.exit(2);
    }
    throw error;
  }
}

type App = Awaited<ReturnType<typeof createApp>>;
type Telegram = { logger: Logger; apiRoot: string };
/** One way of taking updates (long polling or the webhook server), with its health probe and its stop. */
interface Receiving {
  probe: ReceivingProbe;
  stop(): Promise<void>;
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel, undefined, config.logFormat);
  warnInsecureHttp(config, logger);
  const app = await buildApp(config, logger);
  const telegram = { logger, apiRoot: config.telegramApiRoot };
  await introduceBot(app, telegram);
  // Until polling or the webhook server starts, "receiving" says so.
  let probe: ReceivingProbe = () => "the bot is still starting";
  const health = createHealthCheck({ kv: app.storage.kv, receiving: () => probe() });
  const monitoring = await startMonitoring(app, config, health, logger);
  const watcher = startWatcher(app, config);
  // Rate alerts run in every instance too; a lease per direction keeps each read (and message) one.
  const rateAlerts = startRateAlerts(app, config);
  const alerts = instanceAlerts(app, config, logger);
  const events = startEvents(app, config, watcher, alerts);
  const receiving =
    config.mode.kind === "webhook"
      ? await startWebhook(app, config, health, telegram, events)
      : await startPolling(app, telegram, events);
  probe = receiving.probe;
  // A create-order in flight when the previous process died: the user is told what became of it.
  void app.resumeInterrupted();
  alerts.start();
  await alerts.send(
    `▶️ Bot instance ${INSTANCE} started (${config.mode.kind}, ${app.storage.kind === "redis" ? "Redis" : "embedded file store"}).`,
  );
  // Shutdown, in order: tell the admins, stop taking updates, let handlers in flight finish, close storage.
  stopOnSignal(logger, (signal) => [
    () => alerts.stop(),
    () =>
      withDeadline(
        alerts.send(`⏹ Bot instance ${INSTANCE} is stopping (${signal}).`),
        STOP_ALERT_WAIT_MS,
      ),
    () => receiving.stop(),
    () => events?.stop() ?? Promise.resolve(),
    () => closeServer(monitoring),
    () => watcher.stop(),
    () => rateAlerts.stop(),
    () => app.close(),
  ]);
}

/** Host (a container's id) and process id: tells instances apart in the admin chats. */
const INSTANCE = `${hostname()}:${process.pid}`;

function warnInsecureHttp(config: Config, logger: Logger): void {
  for (const variable of config.insecureHttp)
    logger.warn(
      { variable },
      `ALLOW_INSECURE_HTTP=1: ${variable} uses plain http:// to another machine; secrets sent there cross the network unencrypted`,
    );
}

function buildApp(config: Config, logger: Logger): Promise<App> {
  return createApp(config, logger).catch((error: unknown) => {
    if (!(error instanceof TextOverrideError)) throw error;
    process.stderr.write(`${error.message}\nSee README.md ("Branding and texts").\n`);
    process.exit(2);
  });
}

/** getMe, then the command menu and the profile texts: conveniences whose refusal is logged, and the bot starts anyway. */
async function introduceBot(app: App, telegram: Telegram): Promise<void> {
  await callTelegramAtStartup("getMe", (signal) => app.bot.init(signal), telegram);
  await callTelegramAtStartup(
    "setMyCommands",
    (signal) => app.registerCommands(signal),
    telegram,
  ).catch((error: unknown) =>
    telegram.logger.warn(
      { err: loggedError(error) },
      "setMyCommands failed; the command menu may be out of date",
    ),
  );
  await callTelegramAtStartup(
    "setMyDescription",
    (signal) => app.registerDescriptions(signal),
    telegram,
  );
}

/** /healthz and /metrics on METRICS_PORT (0 = off). */
async function startMonitoring(
  app: App,
  config: Config,
  health: HealthCheck,
  logger: Logger,
): Promise<Server | undefined> {
  if (config.metricsPort === 0) return undefined;
  const monitoring = createMonitoringServer({
    health,
    registry: app.operator.metrics.registry,
    logger,
  });
  await listen(
    monitoring,
    config.metricsPort,
    "METRICS_PORT",
    "/healthz and /metrics",
    config.metricsHost,
  );
  return monitoring;
}

/** Order status notifications run in every instance; per-chat leases keep each change announced once. */
function startWatcher(app: App, config: Config) {
  return startNotifier({
    ...app.deps,
    api: app.bot.api,
    i18n: app.i18n,
    defaultLanguage: config.defaultLanguage,
    notify: config.notify,
    onSent: () => app.operator.metrics.notificationSent(),
    tokens: app.events?.tokens,
    pace: app.events?.pace,
  });
}

/** The exchanger's webhooks (EXCHANGER_WEBHOOK_SECRET set): their ingest, fed to the watcher. */
function startEvents(
  app: App,
  config: Config,
  watcher: ReturnType<typeof startWatcher>,
  alerts: ReturnType<typeof instanceAlerts>,
): ExchangerEvents | undefined {
  if (app.events === undefined) return undefined;
  return startExchangerEvents({
    ...app.deps,
    parts: app.events,
    api: app.bot.api,
    i18n: app.i18n,
    defaultLanguage: config.defaultLanguage,
    maxRps: config.notify.maxRps,
    checkChat: (chatId) => watcher.checkNow(chatId),
    tellAdmins: (text) => alerts.send(text),
    onSent: () => app.operator.metrics.notificationSent(),
  });
}

function instanceAlerts(app: App, config: Config, logger: Logger) {
  return createAlerts(
    {
      api: app.bot.api,
      kv: app.storage.kv,
      health: app.operator.exchangerHealth,
      probe: () => app.exchanger.getStatus(config.defaultLanguage),
      logger,
      storage: () => checkStorageWrites(app.storage.kv),
    },
    { adminChatIds: config.adminChatIds, alertAfterMs: config.alertAfterMs, instance: INSTANCE },
  );
}

async function startWebhook(
  app: App,
  config: Config,
  health: HealthCheck,
  telegram: Telegram,
  events: ExchangerEvents | undefined,
): Promise<Receiving> {
  const mode = config.mode as Extract<Config["mode"], { kind: "webhook" }>;
  await callTelegramAtStartup(
    "setWebhook",
    (signal) =>
      app.bot.api.setWebhook(
        mode.url,
        { secret_token: mode.secret, allowed_updates: ["message", "callback_query"] },
        signal,
      ),
    telegram,
  );
  const handleUpdate = webhookCallback(app.bot, "callback", {
    secretToken: mode.secret,
    onTimeout: "return",
    timeoutMilliseconds: 55_000,
  });
  const server = createWebhookServer({
    path: new URL(mode.url).pathname,
    secret: mode.secret,
    handleUpdate,
    health,
    logger: telegram.logger,
    // The exchanger's webhooks beside Telegram's, on the same port.
    routes: events === undefined ? [] : [events.route],
  });
  await listen(server, mode.port);
  telegram.logger.info({ port: mode.port, storage: app.storage.kind }, "bot started (webhook)");
  return { probe: webhookReceiving(server), stop: () => closeServer(server) };
}

async function startPolling(
  app: App,
  telegram: Telegram,
  events: ExchangerEvents | undefined,
): Promise<Receiving> {
  await events?.listen(); // the exchanger's webhooks on their own port: no webhook server to share
  await callTelegramAtStartup(
    "deleteWebhook",
    (signal) => app.bot.api.deleteWebhook(undefined, signal),
    telegram,
  );
  const runner = run(app.bot, {
    runner: { fetch: { allowed_updates: ["message", "callback_query"] } },
  });
  telegram.logger.info(
    { storage: app.storage.kind, username: app.bot.botInfo.username },
    "bot started (polling)",
  );
  return {
    probe: pollingReceiving(() => runner.isRunning(), app.operator.telegram.polling),
    stop: async () => {
      if (runner.isRunning()) await runner.stop();
    },
  };
}

/** SIGINT/SIGTERM run the shutdown steps once, in order; a step that fails is logged and the exit is non-zero. */
function stopOnSignal(logger: Logger, steps: (signal: string) => (() => Promise<void>)[]): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    try {
      for (const step of steps(signal)) await step();
    } catch (error) {
      // A step that failed must not turn into an unhandled rejection: say which error, exit non-zero.
      logger.error({ err: loggedError(error) }, "shutdown did not finish cleanly");
      process.exit(1);
    }
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}

function closeServer(server: Server | undefined): Promise<void> {
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

/** Waits for `work`, but no longer than `ms` (it goes on in the background, its errors already handled). */
async function withDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
