/**
 * P3 — Redis bytes per idle linked chat: chats link their key through the bot and switch language
 * (the usual first steps), then MEMORY USAGE is summed over every key of each chat (lib/redis-bytes.ts).
 * An idle chat is one whose last update is more than a minute old: its update budget key `cb:<chat>`
 * (60 s) has expired, so it is reported beside the figure, not in it. Baseline: the least any design
 * could store — the API key in clear under a short key, one Redis string per chat.
 */
import { Redis } from "ioredis";
import type { ExchangerProcess } from "./lib/exchanger-process.js";
import { line, note, round } from "./lib/measure.js";
import { deleteKeys, REDIS_URL, startOurBot } from "./lib/our-bot.js";
import { bytesPerChat } from "./lib/redis-bytes.js";
import { callbackUpdate, messageWithButton, textUpdate } from "../test/harness/updates.js";

const CHATS = 50;
const FIRST_CHAT = 7_300_000_001;

export async function measureP3(exchanger: ExchangerProcess): Promise<number> {
  const ours = await startOurBot({ exchangerBaseUrl: exchanger.baseUrl });
  const redis = new Redis(REDIS_URL);
  const baselinePrefix = `${ours.prefix}baseline:`;
  try {
    const deliver = (u: Parameters<typeof ours.app.bot.handleUpdate>[0]) =>
      ours.app.bot.handleUpdate(u);
    const chats = Array.from({ length: CHATS }, (_, i) => FIRST_CHAT + i);
    for (const chatId of chats) {
      await deliver(textUpdate(ours.fake, chatId, exchanger.apiKey));
      await deliver(textUpdate(ours.fake, chatId, "/language"));
      const picker = messageWithButton(ours.fake, chatId, "lang:ru");
      if (picker === undefined) throw new Error("bench: /language showed no Russian button");
      await deliver(callbackUpdate(ours.fake, chatId, picker, "lang:ru"));
      if (!(await ours.app.storage.vault.has(chatId)))
        throw new Error(`bench: chat ${chatId} did not link`);
    }
    const bytes = await bytesPerChat(redis, ours.prefix, chats);

    let baselineBytes = 0;
    for (const chatId of chats) {
      const key = `${baselinePrefix}${chatId}`;
      await redis.set(key, exchanger.apiKey);
      baselineBytes += Number(await redis.call("MEMORY", "USAGE", key, "SAMPLES", "0"));
    }
    baselineBytes /= CHATS;

    line(
      "P3",
      `${round(bytes.lasting, 0)} B/chat`,
      `${round(baselineBytes, 0)} B/chat (plain key, one string)`,
      "≤ 400 B",
    );
    note(
      `keys of one chat: ${bytes.sampleKeys.join(", ")} (Redis key prefix "${ours.prefix.replace(/[0-9a-f]{8}/, "…")}" included)`,
    );
    note(
      `an active chat adds ${round(bytes.transient, 0)} B for 60 s after its last update window opened (update budget), ${round(bytes.lasting + bytes.transient, 0)} B in all; ${bytes.unowned.length} keys name no chat (update ids, kept 30 min)`,
    );
    return round(bytes.lasting, 0);
  } finally {
    redis.disconnect();
    await deleteKeys(baselinePrefix);
    await ours.close();
  }
}
