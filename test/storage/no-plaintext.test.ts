/**
 * End to end through openStorage and the real @grammyjs/conversations plugin: after a chat links
 * an API key and is halfway through a flow that has read a password, no raw stored value (Redis
 * or the embedded file) holds either secret — and the flow still resumes after a "restart".
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  conversations,
  createConversation,
  type Conversation,
  type ConversationFlavor,
} from "@grammyjs/conversations";
import { Bot, type Context } from "grammy";
import type { Update } from "grammy/types";
import { BOT_INFO } from "../harness/telegram-fake.js";
import { afterAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "../../src/storage/index.js";
import { KEY_CHECK_KEY } from "../../src/storage/key-check.js";
import {
  connectRedis,
  deleteByPrefix,
  randomKey,
  REDIS_URL,
  silentLogger,
  tempDir,
  uniquePrefix,
} from "./helpers.js";

const API_KEY = "ak_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const PASSWORD = "Correct-Horse-Battery-Staple-42";
const CHAT_ID = 777001;

const botInfo = BOT_INFO;

type Ctx = ConversationFlavor<Context>;

/** A bot whose flow reads a password, then a 2FA code, then answers; Telegram faked at client.fetch. */
function makeBot(storage: Storage, sent: string[]): Bot<Ctx> {
  const fetchFake = (async (_url: unknown, init?: { body?: unknown }) => {
    const body = JSON.parse(String(init?.body ?? "{}")) as { text?: string };
    if (body.text !== undefined) sent.push(body.text);
    const result = {
      message_id: sent.length,
      date: 0,
      chat: { id: CHAT_ID, type: "private" },
      text: body.text,
    };
    return new Response(JSON.stringify({ ok: true, result }), {
      headers: { "content-type": "application/json" },
    });
  }) as unknown as typeof fetch;
  const bot = new Bot<Ctx>("123:test", { botInfo, client: { fetch: fetchFake } });
  bot.use(
    conversations({ storage: { type: "key", version: 1, adapter: storage.conversationAdapter() } }),
  );
  bot.use(
    createConversation(async (conversation: Conversation<Ctx, Context>, ctx: Context) => {
      await ctx.reply("password?");
      const password = (await conversation.waitFor("message:text")).message.text;
      await ctx.reply("code?");
      const code = (await conversation.waitFor("message:text")).message.text;
      await ctx.reply(`done: ${typeof password} ${password.length} ${code}`);
    }, "login"),
  );
  bot.hears("/login", (ctx) => ctx.conversation.enter("login"));
  return bot;
}

let updateId = 1;
const textUpdate = (text: string): Update =>
  ({
    update_id: updateId++,
    message: {
      message_id: updateId,
      date: 1_700_000_000,
      chat: { id: CHAT_ID, type: "private", first_name: "U" },
      from: { id: CHAT_ID, is_bot: false, first_name: "U" },
      text,
    },
  }) as Update;

async function scenario(storage: Storage): Promise<void> {
  await storage.vault.link(CHAT_ID, API_KEY);
  const sent: string[] = [];
  const bot = makeBot(storage, sent);
  await bot.handleUpdate(textUpdate("/login"));
  await bot.handleUpdate(textUpdate(PASSWORD));
  expect(sent).toEqual(["password?", "code?"]);
}

async function resume(storage: Storage): Promise<string[]> {
  const sent: string[] = [];
  await makeBot(storage, sent).handleUpdate(textUpdate("2024-01-02T03:04:05Z")); // a "code" that looks like a date
  return sent;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe("no plaintext secrets at rest", () => {
  it("Redis: raw values hold neither the API key nor the password; the flow resumes after a restart", async () => {
    const prefix = uniquePrefix("plain");
    const redis = connectRedis();
    cleanups.push(async () => {
      await deleteByPrefix(redis, prefix);
      await redis.quit();
    });
    const config = {
      encryptionKey: randomKey(),
      encryptionKeysOld: [],
      redis: { kind: "url" as const, url: REDIS_URL },
      dataDir: "/nonexistent",
    };
    const storage = await openStorage(config, silentLogger(), { prefix });
    expect(storage.kind).toBe("redis");
    await scenario(storage);

    const keys = await storage.kv.keys("");
    expect(keys.sort()).toEqual([`chat:${CHAT_ID}:key`, `conv:${CHAT_ID}`, KEY_CHECK_KEY]); // the key check record is sealed too (key-check.ts)
    expect(await redis.pttl(`${prefix}conv:${CHAT_ID}`)).toBeGreaterThan(0);
    expect(await redis.pttl(`${prefix}chat:${CHAT_ID}:key`)).toBe(-1);
    const raw = (await Promise.all(keys.map((k) => redis.get(prefix + k)))).join("\n");
    for (const secret of [API_KEY, PASSWORD]) {
      expect(raw).not.toContain(secret);
      expect(raw).not.toContain(Buffer.from(secret).toString("base64").slice(0, 16));
      expect(raw).not.toContain(Buffer.from(secret).toString("base64url").slice(0, 16));
    }
    await storage.close();

    const restarted = await openStorage(config, silentLogger(), { prefix });
    expect(await resume(restarted)).toEqual([
      `done: string ${PASSWORD.length} 2024-01-02T03:04:05Z`,
    ]);
    expect(await restarted.vault.get(CHAT_ID)).toBe(API_KEY);
    expect(await restarted.kv.keys("conv:")).toEqual([]); // finished flow: state deleted
    await restarted.close();
  });

  it("embedded file: store.json holds neither secret; the flow resumes after a restart", async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const config = {
      encryptionKey: undefined,
      encryptionKeysOld: [],
      redis: undefined,
      dataDir: dir.path,
    };
    const storage = await openStorage(config, silentLogger());
    expect(storage.kind).toBe("file");
    expect(storage.redis).toBeUndefined();
    await scenario(storage);
    await storage.close();

    const raw = await readFile(join(dir.path, "store.json"), "utf8");
    expect(Object.keys(JSON.parse(raw).entries).sort()).toEqual([
      `chat:${CHAT_ID}:key`,
      `conv:${CHAT_ID}`,
      KEY_CHECK_KEY,
    ]); // the key check record is sealed too (key-check.ts)
    for (const secret of [API_KEY, PASSWORD]) {
      expect(raw).not.toContain(secret);
      expect(raw).not.toContain(Buffer.from(secret).toString("base64").slice(0, 16));
    }

    const restarted = await openStorage(config, silentLogger()); // reuses the generated key
    expect(await resume(restarted)).toEqual([
      `done: string ${PASSWORD.length} 2024-01-02T03:04:05Z`,
    ]);
    expect(await restarted.vault.get(CHAT_ID)).toBe(API_KEY);
    await restarted.close();
  });
});
