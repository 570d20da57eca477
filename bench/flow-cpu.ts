/**
 * The CPU of a message inside a flow, and how the flow's state grows (not one of the figures of
 * `npm run bench`; run it after `npm run bench` compiled it, or `npx tsc -p tsconfig.bench.json`):
 *   node dist-bench/bench/flow-cpu.js [messages=200]
 * Our bot as production wires it (Redis, the sandbox exchanger in a child process, Telegram faked in
 * this process): the add-detail flow's currency picker, a search typed that matches nothing (the
 * picker is sent again), the flow started anew every 10 messages, so the replay log stays short.
 * Prints CPU µs per such message (this process: the bot and the Telegram fake), Redis round trips
 * per message (counted at the client, as P10), and the flow state's size after 1, 10 and 40 searches:
 * every update of a flow reads, decrypts, replays, re-encrypts and writes its whole state.
 */
import type { Update } from "grammy/types";
import { Redis } from "ioredis";
import { DETAILS_ADD } from "../src/bot/features/details/codec.js";
import { watchRedisWrites } from "../test/harness/redis-writes.js";
import { callbackUpdate, messageWithButton, textUpdate } from "../test/harness/updates.js";
import { startExchangerProcess } from "./lib/exchanger-process.js";
import { cpuMicros } from "./lib/measure.js";
import { REDIS_URL, startOurBot } from "./lib/our-bot.js";

const MESSAGES = Number(process.argv[2] ?? 200);
const CHAT = 7030;

const exchanger = await startExchangerProcess();
const bot = await startOurBot({ exchangerBaseUrl: exchanger.baseUrl });
const redis = new Redis(REDIS_URL);
const writes = watchRedisWrites(Number(new URL(REDIS_URL).port || 6379));
const handle = (update: Update) => bot.app.bot.handleUpdate(update);
const search = (i: number) => handle(textUpdate(bot.fake, CHAT, `no-such-coin-${i}`));
async function startFlow(): Promise<void> {
  await handle(textUpdate(bot.fake, CHAT, "/details"));
  const at = messageWithButton(bot.fake, CHAT, DETAILS_ADD)!;
  await handle(callbackUpdate(bot.fake, CHAT, at, DETAILS_ADD));
}

try {
  await handle(textUpdate(bot.fake, CHAT, exchanger.apiKey));
  for (let i = 0; i < 30; i++) await (i % 10 === 0 ? startFlow() : search(i)); // warm-up
  let cpu = 0;
  let trips = 0;
  for (let i = 0; i < MESSAGES; i++) {
    if (i % 10 === 0) await startFlow();
    writes.start();
    const before = cpuMicros();
    await search(i);
    cpu += cpuMicros() - before;
    trips += writes.stop().length;
  }
  const sizes: string[] = [];
  await startFlow();
  for (let i = 1; i <= 40; i++) {
    await search(i);
    if (i === 1 || i === 10 || i === 40)
      sizes.push(`${i}: ${await redis.strlen(`${bot.prefix}conv:${CHAT}`)} B`);
  }
  process.stdout.write(
    `message in a flow: ${Math.round(cpu / MESSAGES)} µs CPU, ${(trips / MESSAGES).toFixed(2)} Redis round trips\n` +
      `flow state after searches ${sizes.join(", ")}\n`,
  );
} finally {
  writes.restore();
  redis.disconnect();
  await bot.close();
  await exchanger.stop();
}
