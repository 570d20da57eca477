/**
 * Process entry: config → logger → storage → exchanger client → bot → monitoring port → notifier →
 * polling or webhook → admin alerts. SIGINT/SIGTERM tell the admin chats, stop taking updates, let
 * handlers in flight finish, then close storage.
 */
import { run, type RunnerHandle } from "@grammyjs/runner";
import { webhookCallback } from "grammy";
import type { Server } from "node:http";
import { hostname } from "node:os";
import { createApp } from "./app.js";
import { TextOverrideError } from "./bot/text-overrides.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { createLogger } from "./logger.js";
import { startNotifier } from "./notify/index.js";
import { callTelegramAtStartup } from "./telegram-startup.js";
import { createWebhookServer, listen } from "./webhook-server.js";
import { createAlerts } from "./operator/alerts.js";
import { checkStorageWrites, createHealthCheck, pollingReceiving, webhookReceiving, type ReceivingProbe } from "./operator/health.js";
import { createMonitoringServer } from "./operator/monitoring-server.js";

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

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  for (const variable of config.insecureHttp) {
    logger.warn(
      { variable },
      `ALLOW_INSECURE_HTTP=1: ${variable} uses plain http:// to another machine; secrets sent there cross the network unencrypted`,
    );
  }
  const app = await createApp(config, logger).catch((error: unknown) => {
    if (!(error instanceof TextOverrideError)) throw error;
    process.stderr.write(`${error.message}\nSee README.md ("Branding and texts").\n`);
    process.exit(2);
  });
  const telegram = { logger, apiRoot: config.telegramApiRoot };
  await callTelegramAtStartup("getMe", (signal) => app.bot.init(signal), telegram);
  // The command menu is a convenience: a refusal is logged and the bot starts anyway.
  await callTelegramAtStartup("setMyCommands", (signal) => app.registerCommands(signal), telegram).catch((error: unknown) =>
    logger.warn(
      { err: error instanceof Error ? error.message : String(error) },
      "setMyCommands failed; the command menu may be out of date",
    ),
  );
  // The profile's descriptions likewise: each refusal or timeout is logged inside and the bot starts anyway.
  await callTelegramAtStartup("setMyDescription", (signal) => app.registerDescriptions(signal), telegram);

  // /healthz (both ports) and /metrics. Until polling or the webhook server starts, "receiving" says so.
  let receiving: ReceivingProbe = () => "the bot is still starting";
  const health = createHealthCheck({ kv: app.storage.kv, receiving: () => receiving() });
  let monitoring: Server | undefined;
  if (config.metricsPort !== 0) {
    monitoring = createMonitoringServer({ health, registry: app.operator.metrics.registry, logger });
    await listen(monitoring, config.metricsPort, "METRICS_PORT", "/healthz and /metrics", config.metricsHost);
  }

  // Order status notifications run in every instance; per-chat leases in the store keep each
  // change announced once (README, "Notifications").
  const notifier = startNotifier({
    ...app.deps,
    api: app.bot.api,
    i18n: app.i18n,
    defaultLanguage: config.defaultLanguage,
    notify: config.notify,
    onSent: () => app.operator.metrics.notificationSent(),
  });

  // Host (a container's id) and process id: tells instances apart in the admin chats.
  const instance = `${hostname()}:${process.pid}`;
  const alerts = createAlerts(
    {
      api: app.bot.api,
      kv: app.storage.kv,
      health: app.operator.exchangerHealth,
      probe: () => app.exchanger.getStatus(config.defaultLanguage),
      logger,
      storage: () => checkStorageWrites(app.storage.kv),
    },
    { adminChatIds: config.adminChatIds, alertAfterMs: config.alertAfterMs, instance },
  );

  let runner: RunnerHandle | undefined;
  let server: Server | undefined;
  if (config.mode.kind === "webhook") {
    const mode = config.mode;
    await callTelegramAtStartup(
      "setWebhook",
      (signal) => app.bot.api.setWebhook(mode.url, { secret_token: mode.secret, allowed_updates: ["message", "callback_query"] }, signal),
      telegram,
    );
    const handleUpdate = webhookCallback(app.bot, "callback", {
      secretToken: mode.secret,
      onTimeout: "return",
      timeoutMilliseconds: 55_000,
    });
    const webhookServer = createWebhookServer({ path: new URL(mode.url).pathname, secret: mode.secret, handleUpdate, health, logger });
    server = webhookServer;
    await listen(webhookServer, mode.port);
    receiving = webhookReceiving(webhookServer);
    logger.info({ port: mode.port, storage: app.storage.kind }, "bot started (webhook)");
  } else {
    await callTelegramAtStartup("deleteWebhook", (signal) => app.bot.api.deleteWebhook(undefined, signal), telegram);
    const polling = run(app.bot, { runner: { fetch: { allowed_updates: ["message", "callback_query"] } } });
    runner = polling;
    receiving = pollingReceiving(() => polling.isRunning(), app.operator.telegram.polling);
    logger.info({ storage: app.storage.kind, username: app.bot.botInfo.username }, "bot started (polling)");
  }

  alerts.start();
  await alerts.send(
    `▶️ Bot instance ${instance} started (${config.mode.kind}, ${app.storage.kind === "redis" ? "Redis" : "embedded file store"}).`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    try {
      await alerts.stop();
      await withDeadline(alerts.send(`⏹ Bot instance ${instance} is stopping (${signal}).`), STOP_ALERT_WAIT_MS);
      if (runner?.isRunning()) await runner.stop();
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      if (monitoring) await new Promise<void>((resolve) => monitoring!.close(() => resolve()));
      await notifier.stop();
      await app.close();
    } catch (error) {
      // A step that failed must not turn into an unhandled rejection: say which error, exit non-zero.
      logger.error({ err: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }, "shutdown did not finish cleanly");
      process.exit(1);
    }
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}

/** Waits for `work`, but no longer than `ms` (it goes on in the background, its errors already handled). */
async function withDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
