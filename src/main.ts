/**
 * Process entry: config → logger → storage → exchanger client → bot → notifier → polling or webhook.
 * SIGINT/SIGTERM stop taking updates, let handlers in flight finish, then close storage.
 */
import { run, type RunnerHandle } from "@grammyjs/runner";
import { webhookCallback } from "grammy";
import type { Server } from "node:http";
import { createApp } from "./app.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { createLogger } from "./logger.js";
import { startNotifier } from "./notify/index.js";
import { callTelegramAtStartup } from "./telegram-startup.js";
import { createWebhookServer, listen } from "./webhook-server.js";

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
    logger.warn({ variable }, `ALLOW_INSECURE_HTTP=1: ${variable} uses plain http:// to another machine; secrets sent there cross the network unencrypted`);
  }
  const app = await createApp(config, logger);
  const telegram = { logger, apiRoot: config.telegramApiRoot };
  await callTelegramAtStartup("getMe", (signal) => app.bot.init(signal), telegram);
  // The command menu is a convenience: a refusal is logged and the bot starts anyway.
  await callTelegramAtStartup("setMyCommands", (signal) => app.registerCommands(signal), telegram).catch((error: unknown) =>
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, "setMyCommands failed; the command menu may be out of date"),
  );

  // Order status notifications run in every instance; per-chat leases in the store keep each
  // change announced once (README, "Notifications").
  const notifier = startNotifier({
    ...app.deps,
    api: app.bot.api,
    i18n: app.i18n,
    defaultLanguage: config.defaultLanguage,
    notify: config.notify,
  });

  let runner: RunnerHandle | undefined;
  let server: Server | undefined;
  if (config.mode.kind === "webhook") {
    const mode = config.mode;
    await callTelegramAtStartup(
      "setWebhook",
      (signal) => app.bot.api.setWebhook(mode.url, { secret_token: mode.secret, allowed_updates: ["message", "callback_query"] }, signal),
      telegram,
    );
    const handleUpdate = webhookCallback(app.bot, "callback", { secretToken: mode.secret, onTimeout: "return", timeoutMilliseconds: 55_000 });
    server = createWebhookServer({ path: new URL(mode.url).pathname, secret: mode.secret, handleUpdate, logger });
    await listen(server, mode.port);
    logger.info({ port: mode.port, storage: app.storage.kind }, "bot started (webhook)");
  } else {
    await callTelegramAtStartup("deleteWebhook", (signal) => app.bot.api.deleteWebhook(undefined, signal), telegram);
    runner = run(app.bot, { runner: { fetch: { allowed_updates: ["message", "callback_query"] } } });
    logger.info({ storage: app.storage.kind, username: app.bot.botInfo.username }, "bot started (polling)");
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    if (runner?.isRunning()) await runner.stop();
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await notifier.stop();
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
