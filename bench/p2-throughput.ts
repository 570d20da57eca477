/**
 * P2 — updates per second with 200 chats pressing "orders page" buttons at once while the exchanger
 * takes 100 ms per call. Telegram is the loopback Bot API fake with real long polling (getUpdates),
 * in a child process of its own as the exchanger is, so this process's CPU is the bot's alone.
 * Ours runs under @grammyjs/runner exactly as src/main.ts starts it; the baseline is the same bot
 * under grammY's sequential bot.start(). The latency bound is chats / delay: no design that waits
 * for the exchanger once per update can beat it.
 */
import { run } from "@grammyjs/runner";
import { startExchangerProcess } from "./lib/exchanger-process.js";
import { cpuMicros, line, note, round, sleep } from "./lib/measure.js";
import { startOurBotAt } from "./lib/our-bot.js";
import { startTelegramProcess } from "./lib/telegram-process.js";

const CHATS = 200;
const DELAY_MS = 100;
const ROUNDS = Number(process.env.BENCH_P2_ROUNDS ?? 10);
const SEQUENTIAL_UPDATES = 30;
const FIRST_CHAT = 7_200_000_001;
const ALLOWED = { allowed_updates: ["message" as const, "callback_query" as const] };

export interface P2Result {
  updatesPerSecond: number;
  sequentialPerSecond: number;
  bound: number;
}

export async function measureP2(): Promise<P2Result> {
  const exchanger = await startExchangerProcess(DELAY_MS);
  const telegram = await startTelegramProcess();
  const bot = await startOurBotAt({ exchangerBaseUrl: exchanger.baseUrl }, telegram.apiRoot);
  try {
    const { app } = bot;
    const runner = run(app.bot, { runner: { fetch: ALLOWED } });
    const chats = Array.from({ length: CHATS }, (_, i) => FIRST_CHAT + i);
    await telegram.openScreens(chats, exchanger.apiKey);
    await telegram.burst(2, CHATS); // warm-up: connections, JIT
    // Let the edits that follow each answer land, so the burst starts from a quiet bot.
    await sleep(DELAY_MS * 3);

    const cpuStart = cpuMicros();
    const concurrent = await telegram.burst(ROUNDS, CHATS);
    const cpu = cpuMicros() - cpuStart;
    const updatesPerSecond = round(concurrent.updates / concurrent.seconds, 0);
    await sleep(DELAY_MS * 3);
    await runner.stop();

    // Baseline: the same bot, sequential long polling.
    const sequential = app.bot.start(ALLOWED);
    const few = await telegram.burst(1, SEQUENTIAL_UPDATES);
    const sequentialPerSecond = round(few.updates / few.seconds, 1);
    await app.bot.stop();
    await sequential;

    const bound = CHATS / (DELAY_MS / 1000);
    line("P2", `${updatesPerSecond} updates/s (runner)`, `${sequentialPerSecond} updates/s (bot.start)`, "≥ 1,500/s");
    note(`${CHATS} chats × ${ROUNDS} presses, exchanger answering in ${DELAY_MS} ms; latency bound ${CHATS} / ${DELAY_MS / 1000} s = ${bound}/s; ${concurrent.apiCalls} Bot API calls in the burst`);
    note(`bot process (the Bot API fake and the exchanger run in child processes) used ${round(cpu / 1e6 / concurrent.seconds)} CPU cores during the burst, ${round(cpu / concurrent.updates, 0)} µs CPU/update`);
    return { updatesPerSecond, sequentialPerSecond, bound };
  } finally {
    await bot.close();
    await telegram.stop();
    await exchanger.stop();
  }
}
