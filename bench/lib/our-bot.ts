/**
 * Our bot exactly as production wires it (createApp: Redis storage, vault, settings, conversations,
 * exchanger client), with Telegram faked at client.fetch (in-process) or over loopback HTTP, and
 * logging at the production default level into a sink (so log volume costs what it costs in prod).
 */
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { Update } from "grammy/types";
import { Redis } from "ioredis";
import { createApp, type App } from "../../src/app.js";
import { parseConfig, type Config } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import { BOT_TOKEN, TelegramFake } from "../../test/harness/telegram-fake.js";

export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");

export interface OurBot {
  app: App;
  config: Config;
  fake: TelegramFake;
  /** Redis key prefix of this bot (unique per run, removed by close()). */
  prefix: string;
  close(): Promise<void>;
}

export interface OurBotOptions {
  exchangerBaseUrl: string;
  /** Serve the fake over loopback HTTP (real getUpdates) instead of plugging it into client.fetch. */
  http?: boolean;
  env?: Record<string, string>;
}

export const nullLogger = () => createLogger(process.env.LOG_LEVEL ?? "info", new Writable({ write: (_c, _e, done) => done() }));

export async function startOurBot(options: OurBotOptions): Promise<OurBot> {
  const fake = new TelegramFake();
  const apiRoot = options.http ? await fake.listen() : "http://telegram.fake";
  const prefix = `bench:${randomBytes(4).toString("hex")}:`;
  const config = parseConfig({
    BOT_TOKEN,
    EXCHANGER_BASE_URL: options.exchangerBaseUrl,
    EXCHANGER_TIMEOUT_MS: "10000",
    REDIS_URL,
    ENCRYPTION_KEY,
    TELEGRAM_API_ROOT: apiRoot,
    ...options.env,
  });
  const app = await createApp(config, nullLogger(), {
    storagePrefix: prefix,
    botInfo: fake.botInfo,
    ...(options.http ? {} : { client: { fetch: fake.fetch as never } }),
  });
  await app.bot.init();
  return {
    app,
    config,
    fake,
    prefix,
    async close() {
      await app.close();
      await fake.close();
      await deleteKeys(prefix);
    },
  };
}

export async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

// ---- updates as Telegram sends them ------------------------------------------------------------------

let nextMessageId = 1_000_000;

export function textUpdate(fake: TelegramFake, chatId: number, text: string): Update {
  const message_id = nextMessageId++;
  fake.recordUserMessage(chatId, message_id, text);
  const command = text.match(/^\/[a-z_]+/);
  return {
    update_id: fake.newUpdateId(),
    message: {
      message_id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "private", first_name: "Bench" },
      from: { id: chatId, is_bot: false, first_name: "Bench", language_code: "en" },
      text,
      ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] } : {}),
    },
  } as Update;
}

let nextQuery = 1;

export function callbackUpdate(fake: TelegramFake, chatId: number, messageId: number, data: string): Update {
  return {
    update_id: fake.newUpdateId(),
    callback_query: {
      id: `bench-${nextQuery++}`,
      from: { id: chatId, is_bot: false, first_name: "Bench", language_code: "en" },
      chat_instance: `ci-${chatId}`,
      data,
      message: {
        message_id: messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: "private", first_name: "Bench" },
        from: { id: fake.botInfo.id, is_bot: true, first_name: fake.botInfo.first_name },
        text: "",
      },
    },
  } as Update;
}

/** The newest bot message in a chat that carries a button with this callback data. */
export function messageWithButton(fake: TelegramFake, chatId: number, data: string): number | undefined {
  const messages = fake.visible(chatId).filter((m) => m.from === "bot").reverse();
  return messages.find((m) => (m.replyMarkup?.inline_keyboard ?? []).flat().some((b) => b.callback_data === data))?.messageId;
}
