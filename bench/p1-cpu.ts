/**
 * P1 — CPU time per handled "orders page" update (a press of the page 1 / page 2 button), our bot vs
 * the bare baseline bot, both over the same exchanger process and the same Telegram fake. Updates
 * are handled one after another (await each) so the figure is CPU per update, not throughput; the
 * exchanger runs in another process, so only the bot's own CPU (and the in-process fake's, the same
 * for both) is counted.
 */
import { startBareBot } from "./lib/bare-bot.js";
import type { ExchangerProcess } from "./lib/exchanger-process.js";
import { cpuMicros, line, note, round } from "./lib/measure.js";
import { callbackUpdate } from "../test/harness/updates.js";
import { openOrdersScreen } from "./lib/orders-screen.js";
import { startOurBot } from "./lib/our-bot.js";
import type { Update } from "grammy/types";

const WARMUP = 400;
const ITERATIONS = Number(process.env.BENCH_P1_ITERATIONS ?? 3000);

/** µs of CPU per update over `n` updates produced by `next(i)`. */
async function cpuPerUpdate(n: number, next: (i: number) => Update, handle: (u: Update) => Promise<void>, clear: () => void): Promise<number> {
  const start = cpuMicros();
  for (let i = 0; i < n; i++) {
    await handle(next(i));
    if (i % 500 === 499) clear();
  }
  return (cpuMicros() - start) / n;
}

export interface P1Result {
  ratio: number;
  oursMicros: number;
  baselineMicros: number;
}

export async function measureP1(exchanger: ExchangerProcess): Promise<P1Result> {
  const ours = await startOurBot({ exchangerBaseUrl: exchanger.baseUrl });
  const bare = await startBareBot(exchanger.baseUrl, exchanger.apiKey, ours.config.ordersPageSize);
  try {
    const handleOurs = (u: Update) => ours.app.bot.handleUpdate(u);
    const handleBare = (u: Update) => bare.bot.handleUpdate(u);
    const screen = await openOrdersScreen(ours, 7001, exchanger.apiKey, handleOurs);
    // The baseline edits a message it sent itself.
    const chatId = 7002;
    const sent = await bare.bot.api.sendMessage(chatId, "Orders");
    const pressBare = (i: number) => callbackUpdate(bare.fake, chatId, sent.message_id, `ord:l:a:${(i % 2) + 1}`);
    const pressOurs = (i: number) => screen.press(i % 2 === 0 ? 2 : 1);
    const clearOurs = () => (ours.fake.calls.length = 0);
    const clearBare = () => (bare.fake.calls.length = 0);

    await cpuPerUpdate(WARMUP, pressOurs, handleOurs, clearOurs);
    await cpuPerUpdate(WARMUP, pressBare, handleBare, clearBare);
    // Interleaved halves, so drift of the machine (other processes, CPU boost) hits both alike.
    const half = Math.floor(ITERATIONS / 2);
    const o1 = await cpuPerUpdate(half, pressOurs, handleOurs, clearOurs);
    const b1 = await cpuPerUpdate(half, pressBare, handleBare, clearBare);
    const o2 = await cpuPerUpdate(half, pressOurs, handleOurs, clearOurs);
    const b2 = await cpuPerUpdate(half, pressBare, handleBare, clearBare);
    const oursMicros = (o1 + o2) / 2;
    const baselineMicros = (b1 + b2) / 2;
    const ratio = round(oursMicros / baselineMicros);
    line("P1", `${round(oursMicros, 0)} µs CPU/update`, `${round(baselineMicros, 0)} µs CPU/update (bare grammY)`, "≤ 1.5×");
    note(`ratio ${ratio}× over ${ITERATIONS} "orders page" presses each, after ${WARMUP} warm-up presses`);
    return { ratio, oursMicros, baselineMicros };
  } finally {
    await bare.close();
    await ours.close();
  }
}
