/**
 * P6 — Redis bytes per linked chat with notifications on: chats link their key and turn /notify on
 * through the bot, then the real watcher (src/notify, as main.ts starts it) takes each chat's first
 * poll, which stores the statuses it saw and reschedules the chat. Counted: every key of the chat
 * (lib/redis-bytes.ts, as P3) plus its share of the schedule, the sorted set `notify:due`.
 * Baseline: a plain design — the key in clear, the statuses as "id:status,…" in a key of their own
 * and a member of a sorted set (ours keeps the statuses in the chat's settings, one character per order).
 */
import { Redis } from "ioredis";
import { Notifier } from "../src/notify/watcher.js";
import { loadSeen, SCHEDULE_KEY } from "../src/notify/schedule.js";
import type { ExchangerProcess } from "./lib/exchanger-process.js";
import { line, note, round } from "./lib/measure.js";
import { deleteKeys, REDIS_URL, startOurBot } from "./lib/our-bot.js";
import { bytesPerChat } from "./lib/redis-bytes.js";
import { callbackUpdate, messageWithButton, textUpdate } from "../test/harness/updates.js";

const CHATS = 50;
const FIRST_CHAT = 7_400_000_001;

const usage = async (redis: Redis, key: string) =>
  Number(await redis.call("MEMORY", "USAGE", key, "SAMPLES", "0"));

export async function measureP6(exchanger: ExchangerProcess): Promise<number> {
  // Permits for every chat's first poll at once; the limit changes how fast, not what is stored.
  const ours = await startOurBot({
    exchangerBaseUrl: exchanger.baseUrl,
    env: { NOTIFY_MAX_RPS: "1000" },
  });
  const redis = new Redis(REDIS_URL);
  const baselinePrefix = `${ours.prefix}baseline:`;
  try {
    const { app, config } = ours;
    const deliver = (u: Parameters<typeof app.bot.handleUpdate>[0]) => app.bot.handleUpdate(u);
    const chats = Array.from({ length: CHATS }, (_, i) => FIRST_CHAT + i);
    for (const chatId of chats) {
      await deliver(textUpdate(ours.fake, chatId, exchanger.apiKey));
      // /notify shows the switches; "Turn on" switches notifications on, as a user would.
      await deliver(textUpdate(ours.fake, chatId, "/notify"));
      await deliver(
        callbackUpdate(
          ours.fake,
          chatId,
          messageWithButton(ours.fake, chatId, "notify:on")!,
          "notify:on",
        ),
      );
    }
    const notifier = new Notifier({
      ...app.deps,
      api: app.bot.api,
      i18n: app.i18n,
      defaultLanguage: config.defaultLanguage,
      notify: config.notify,
    });
    const report = await notifier.runOnce();
    const seen = await Promise.all(
      chats.map(
        async (chatId) =>
          (await loadSeen(app.storage.kv, await app.deps.settings.get(chatId), chatId)).state,
      ),
    );
    const tracked = seen.reduce((a, s) => a + (s.statuses?.size ?? 0), 0) / CHATS;
    if (report.due !== CHATS || seen.some((s) => s.statuses === undefined)) {
      throw new Error(
        `bench: the watcher took ${seen.filter((s) => s.statuses).length} of ${CHATS} baselines (${JSON.stringify(report)})`,
      );
    }

    const bytes = await bytesPerChat(redis, ours.prefix, chats);
    const scheduleShare = (await usage(redis, ours.prefix + SCHEDULE_KEY)) / CHATS;
    const perChat = bytes.lasting + scheduleShare;

    let baselineBytes = 0;
    for (const [i, chatId] of chats.entries()) {
      const statuses = [...(seen[i]!.statuses ?? [])]
        .map(([id, status]) => `${id}:${status}`)
        .join(",");
      await redis.set(`${baselinePrefix}${chatId}`, exchanger.apiKey);
      await redis.set(`${baselinePrefix}${chatId}:s`, statuses);
      await redis.zadd(`${baselinePrefix}due`, Date.now(), String(chatId));
      baselineBytes +=
        (await usage(redis, `${baselinePrefix}${chatId}`)) +
        (await usage(redis, `${baselinePrefix}${chatId}:s`));
    }
    baselineBytes = baselineBytes / CHATS + (await usage(redis, `${baselinePrefix}due`)) / CHATS;

    line(
      "P6",
      `${round(perChat, 0)} B/chat`,
      `${round(baselineBytes, 0)} B/chat (plain key, statuses, set member)`,
      "≤ 500 B",
    );
    note(
      `${round(tracked, 1)} orders tracked per chat; keys of one chat: ${bytes.sampleKeys.join(", ")}; the schedule "${SCHEDULE_KEY}" ${round(scheduleShare, 0)} B/chat`,
    );
    return round(perChat, 0);
  } finally {
    redis.disconnect();
    await deleteKeys(baselinePrefix);
    await ours.close();
  }
}
