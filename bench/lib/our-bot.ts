/**
 * Our bot exactly as production wires it (createApp: Redis storage, vault, settings, conversations,
 * exchanger client), with Telegram faked either in this process at client.fetch, or by a Bot API
 * served over loopback HTTP (the P2 child process), and logging at the production default level
 * into a sink (so log volume costs what it costs in prod).
 */
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { Redis } from "ioredis";
import { createApp, type App } from "../../src/app.js";
import { parseConfig, type Config } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import { BOT_INFO, BOT_TOKEN, TelegramFake } from "../../test/harness/telegram-fake.js";

export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");

export interface OurBot {
  app: App;
  config: Config;
  /** Redis key prefix of this bot (unique per run, removed by close()). */
  prefix: string;
  close(): Promise<void>;
}

/** Our bot with the in-process Telegram fake it talks to. */
export interface OurBotWithFake extends OurBot {
  fake: TelegramFake;
}

export interface OurBotOptions {
  exchangerBaseUrl: string;
  env?: Record<string, string>;
  /** Share another bot's Redis prefix: a second instance on the same store (P13). */
  prefix?: string;
  /** In-process Telegram only: wraps the fake's client.fetch (P9: a round trip's delay, the screen's arrival). */
  wrapTelegram?: (fetch: TelegramFake["fetch"]) => TelegramFake["fetch"];
}

export const nullLogger = () =>
  createLogger(process.env.LOG_LEVEL ?? "info", new Writable({ write: (_c, _e, done) => done() }));

/** Telegram faked in this process, plugged into grammY's client.fetch (P1, P3, P5). */
export async function startOurBot(options: OurBotOptions): Promise<OurBotWithFake> {
  const fake = new TelegramFake();
  const fetch = options.wrapTelegram ? options.wrapTelegram(fake.fetch) : fake.fetch;
  const bot = await startWith(options, "https://telegram.fake", { fetch: fetch as never }); // never reached: the fake answers at client.fetch
  return {
    ...bot,
    fake,
    async close() {
      await bot.close();
      await fake.close();
    },
  };
}

/** Telegram served by another process at `apiRoot` (real HTTP, real getUpdates: P2). */
export function startOurBotAt(options: OurBotOptions, apiRoot: string): Promise<OurBot> {
  return startWith(options, apiRoot, {});
}

async function startWith(
  options: OurBotOptions,
  apiRoot: string,
  client: { fetch?: never },
): Promise<OurBot> {
  const prefix = options.prefix ?? `bench:${randomBytes(4).toString("hex")}:`;
  const config = parseConfig({
    BOT_TOKEN,
    EXCHANGER_BASE_URL: options.exchangerBaseUrl,
    EXCHANGER_TIMEOUT_MS: "10000",
    REDIS_URL,
    ENCRYPTION_KEY,
    TELEGRAM_API_ROOT: apiRoot,
    // P1 and P5 press one chat thousands of times a minute, far past any person. The budget is still
    // checked on every update (its cost is measured); it only never refuses.
    CHAT_UPDATES_PER_MINUTE: "1000000",
    ...options.env,
  });
  const app = await createApp(config, nullLogger(), {
    storagePrefix: prefix,
    botInfo: BOT_INFO,
    client,
  });
  await app.bot.init();
  return {
    app,
    config,
    prefix,
    async close() {
      await app.close();
      await deleteKeys(prefix);
    },
  };
}

export async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    // In chunks: P12's 100,000 chats leave more keys than one call's arguments may spread.
    for (let i = 0; i < keys.length; i += 10_000) await redis.del(...keys.slice(i, i + 10_000));
  } finally {
    redis.disconnect();
  }
}
