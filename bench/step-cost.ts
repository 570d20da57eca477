/**
 * What one step before a handler costs where it runs: the bare baseline bot of P1 (lib/bare-bot.ts,
 * the same exchanger and Bot API fake children, presses handled one after another) with one step
 * in front of its handler, each variant's CPU per press ÷ the bare bot's. Rounds alternate, as in P1.
 *
 * Why: a step's cost in a loop of its own can mislead. The update gate cost 87 µs per call in a loop
 * of `gate.pass` alone, whatever its number of commands, yet made the bare bot a third dearer per
 * press; measured here, its form (ioredis auto-pipelining, one command more) was most of that, while
 * a lone Redis round trip costs a few per cent (docs/performance.md). Add a variant to try a step.
 *
 * `node dist-bench/bench/step-cost.js` after `npx tsc -p tsconfig.bench.json` (Redis as for the
 * bench). BENCH_STEP_ROUNDS sets the rounds of 500 presses per variant (default 6).
 */
import type { Middleware } from "grammy";
import { Redis } from "ioredis";
import { startBareBotAt, type BareBot } from "./lib/bare-bot.js";
import { startExchangerProcess } from "./lib/exchanger-process.js";
import { round } from "./lib/measure.js";
import { startTelegramProcess } from "./lib/telegram-process.js";
import { cpuPerUpdate } from "./p1-cpu.js";
import { createUpdateGate, type UpdateGate } from "../src/bot/core/update-gate.js";
import { readChatSnapshot } from "../src/bot/core/chat-snapshot.js";
import { RedisKV } from "../src/storage/kv-redis.js";
import type { Vault } from "../src/storage/vault.js";

const ROUNDS = Number(process.env.BENCH_STEP_ROUNDS ?? 6);
const WARMUP = 3000;
/** Presses per variant and round. */
const ROUND = 500;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** The steps tried, by name ("bare": none), over one Redis connection and the gate on it. */
function variantsOf(redis: Redis, prefix: string, gate: UpdateGate) {
  // The gate reads a vault's write count only (a snapshot is current while it is unchanged).
  const vault = { writes: 0 } as Vault;
  let updateId = 0;
  const variants: Record<string, Middleware | undefined> = {
    bare: undefined,
    "a turn of the event loop": async (_ctx, next) => {
      await new Promise((resolve) => setImmediate(resolve));
      await next();
    },
    "one Redis GET": async (_ctx, next) => {
      await redis.get(`${prefix}nothing`);
      await next();
    },
    "the update gate (readChatSnapshot)": async (ctx, next) => {
      await readChatSnapshot(gate, vault, ctx.chatId!, ++updateId);
      await next();
    },
  };
  return variants;
}

async function main(): Promise<void> {
  const prefix = `bench:steps:${process.pid}:`;
  const redis = new Redis(REDIS_URL);
  const gate = createUpdateGate(
    { kind: "redis", redis, prefix },
    new RedisKV({ redis, prefix }),
    1e9,
  );
  const variants = variantsOf(redis, prefix, gate);
  const exchanger = await startExchangerProcess();
  const telegram = await startTelegramProcess();
  const bots: { name: string; bot: BareBot; chatId: number }[] = [];
  try {
    let chatId = 7400;
    for (const [name, before] of Object.entries(variants)) {
      const bot = await startBareBotAt(
        { exchangerBaseUrl: exchanger.baseUrl, apiKey: exchanger.apiKey, pageSize: 10, before },
        telegram.apiRoot,
      );
      bots.push({ name, bot, chatId: ++chatId });
      await bot.openScreen(chatId);
    }
    await telegram.findScreens(bots.map((b) => b.chatId));
    for (const b of bots)
      await cpuPerUpdate(telegram, b.chatId, WARMUP, (u) => b.bot.bot.handleUpdate(u));
    const total = new Map(bots.map((b) => [b.name, 0]));
    for (let r = 0; r < ROUNDS; r++)
      for (const b of bots)
        total.set(
          b.name,
          total.get(b.name)! +
            (await cpuPerUpdate(telegram, b.chatId, ROUND, (u) => b.bot.bot.handleUpdate(u))),
        );
    const bare = total.get("bare")!;
    for (const b of bots) {
      const micros = total.get(b.name)! / ROUNDS;
      process.stdout.write(
        `${b.name.padEnd(40)} ${String(round(micros, 0)).padStart(6)} µs/press  ${round(total.get(b.name)! / bare)}× bare\n`,
      );
    }
  } finally {
    for (const b of bots) await b.bot.close();
    await gate.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await telegram.stop();
    await exchanger.stop();
  }
}

await main();
