/**
 * P3 — Redis bytes per idle linked chat: chats link their key through the bot and switch language
 * (the usual first steps), then MEMORY USAGE is summed over every key of each chat. Baseline: the
 * least any design could store — the API key in clear under a short key, one Redis string per chat.
 */
import { Redis } from "ioredis";
import type { ExchangerProcess } from "./lib/exchanger-process.js";
import { line, note, round } from "./lib/measure.js";
import { deleteKeys, REDIS_URL, startOurBot } from "./lib/our-bot.js";
import { callbackUpdate, messageWithButton, textUpdate } from "../test/harness/updates.js";

const CHATS = 50;
const FIRST_CHAT = 7_300_000_001;

export async function measureP3(exchanger: ExchangerProcess): Promise<number> {
  const ours = await startOurBot({ exchangerBaseUrl: exchanger.baseUrl });
  const redis = new Redis(REDIS_URL);
  const baselinePrefix = `${ours.prefix}baseline:`;
  try {
    const deliver = (u: Parameters<typeof ours.app.bot.handleUpdate>[0]) => ours.app.bot.handleUpdate(u);
    for (let i = 0; i < CHATS; i++) {
      const chatId = FIRST_CHAT + i;
      await deliver(textUpdate(ours.fake, chatId, exchanger.apiKey));
      await deliver(textUpdate(ours.fake, chatId, "/language"));
      const picker = messageWithButton(ours.fake, chatId, "lang:ru");
      if (picker === undefined) throw new Error("bench: /language showed no Russian button");
      await deliver(callbackUpdate(ours.fake, chatId, picker, "lang:ru"));
      if (!(await ours.app.storage.vault.has(chatId))) throw new Error(`bench: chat ${chatId} did not link`);
    }

    const keys = await redis.keys(`${ours.prefix}*`);
    const perChat = new Map<number, { bytes: number; keys: string[] }>();
    let unowned: string[] = [];
    for (const key of keys) {
      const owner = [...Array(CHATS).keys()].map((i) => FIRST_CHAT + i).find((id) => new RegExp(`(^|:)${id}(:|$)`).test(key.slice(ours.prefix.length)));
      if (owner === undefined) {
        unowned.push(key);
        continue;
      }
      const entry = perChat.get(owner) ?? { bytes: 0, keys: [] };
      entry.bytes += Number(await redis.call("MEMORY", "USAGE", key, "SAMPLES", "0"));
      entry.keys.push(key.slice(ours.prefix.length).replace(String(owner), "<chat>"));
      perChat.set(owner, entry);
    }
    const bytes = [...perChat.values()].reduce((a, e) => a + e.bytes, 0) / CHATS;

    let baselineBytes = 0;
    for (let i = 0; i < CHATS; i++) {
      const key = `${baselinePrefix}${FIRST_CHAT + i}`;
      await redis.set(key, exchanger.apiKey);
      baselineBytes += Number(await redis.call("MEMORY", "USAGE", key, "SAMPLES", "0"));
    }
    baselineBytes /= CHATS;

    line("P3", `${round(bytes, 0)} B/chat`, `${round(baselineBytes, 0)} B/chat (plain key, one string)`, "≤ 400 B");
    const sample = perChat.values().next().value;
    note(`keys of one chat: ${sample?.keys.join(", ")} (Redis key prefix "${ours.prefix.replace(/[0-9a-f]{8}/, "…")}" included); ${unowned.length} keys shared by no chat`);
    unowned = [];
    return round(bytes, 0);
  } finally {
    redis.disconnect();
    await deleteKeys(baselinePrefix);
    await ours.close();
  }
}
