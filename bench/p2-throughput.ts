/**
 * P2 — updates per second with 200 chats pressing "orders page" buttons at once while the exchanger
 * takes 100 ms per call. Telegram is the loopback Bot API fake with real long polling (getUpdates);
 * ours runs under @grammyjs/runner exactly as src/main.ts starts it, the baseline is the same bot
 * under grammY's sequential bot.start(). The latency bound is chats / delay: no design that waits
 * for the exchanger once per update can beat it.
 */
import { run } from "@grammyjs/runner";
import type { Update } from "grammy/types";
import { startExchangerProcess } from "./lib/exchanger-process.js";
import { cpuMicros, line, note, round, sleep, until } from "./lib/measure.js";
import { openOrdersScreen, type OrdersScreen } from "./lib/orders-screen.js";
import { startOurBot, type OurBot } from "./lib/our-bot.js";

const CHATS = 200;
const DELAY_MS = 100;
const ROUNDS = Number(process.env.BENCH_P2_ROUNDS ?? 10);
const SEQUENTIAL_UPDATES = 30;
const FIRST_CHAT = 7_200_000_001;

export interface P2Result {
  updatesPerSecond: number;
  sequentialPerSecond: number;
  bound: number;
}

interface Timing {
  perSecond: number;
  /** CPU of this process while the updates were handled, in cores (1 = one core fully busy). */
  cores: number;
  cpuMicrosPerUpdate: number;
}

/** Pushes the updates into the fake's getUpdates queue and times until every one was answered. */
async function timeUpdates(bot: OurBot, updates: Update[]): Promise<Timing> {
  const { fake } = bot;
  const pending = new Set(updates.map((u) => u.callback_query!.id));
  const cpuStart = cpuMicros();
  const start = performance.now();
  for (const u of updates) fake.pushUpdate(u);
  await until(
    () => {
      for (const id of pending) if (fake.wasAnswered(id)) pending.delete(id);
      return pending.size === 0;
    },
    120_000,
    "the bot to answer every update",
  );
  const seconds = (performance.now() - start) / 1000;
  const cpu = cpuMicros() - cpuStart;
  // Wait for the edits (they follow the answer) so the next phase starts from a quiet bot.
  await sleep(DELAY_MS * 3);
  return { perSecond: updates.length / seconds, cores: cpu / 1e6 / seconds, cpuMicrosPerUpdate: cpu / updates.length };
}

export async function measureP2(): Promise<P2Result> {
  const exchanger = await startExchangerProcess(DELAY_MS);
  const bot = await startOurBot({ exchangerBaseUrl: exchanger.baseUrl, http: true });
  try {
    const { app, fake } = bot;
    const deliver = (u: Update) => app.bot.handleUpdate(u);
    const screens: OrdersScreen[] = await Promise.all(
      Array.from({ length: CHATS }, (_, i) => openOrdersScreen(bot, FIRST_CHAT + i, exchanger.apiKey, deliver)),
    );
    const roundOf = (r: number) => screens.map((s) => s.press(r % 2 === 0 ? 2 : 1));

    const runner = run(app.bot, { runner: { fetch: { allowed_updates: ["message", "callback_query"] } } });
    await timeUpdates(bot, roundOf(0).concat(roundOf(1))); // warm-up: connections, JIT
    const updates = Array.from({ length: ROUNDS }, (_, r) => roundOf(r)).flat();
    const concurrent = await timeUpdates(bot, updates);
    const updatesPerSecond = round(concurrent.perSecond, 0);
    await runner.stop();

    // Baseline: the same bot, sequential long polling.
    const sequential = app.bot.start({ allowed_updates: ["message", "callback_query"] });
    const few = screens.slice(0, SEQUENTIAL_UPDATES).map((s) => s.press(ROUNDS % 2 === 0 ? 2 : 1));
    const sequentialPerSecond = round((await timeUpdates(bot, few)).perSecond, 1);
    await app.bot.stop();
    await sequential;

    const bound = CHATS / (DELAY_MS / 1000);
    line("P2", `${updatesPerSecond} updates/s (runner)`, `${sequentialPerSecond} updates/s (bot.start)`, "≥ 1,500/s");
    note(`${CHATS} chats × ${ROUNDS} presses, exchanger answering in ${DELAY_MS} ms; latency bound ${CHATS} / ${DELAY_MS / 1000} s = ${bound}/s; fake served ${fake.calls.length} Bot API calls`);
    note(`bot process (with the in-process Bot API fake) used ${round(concurrent.cores)} CPU cores during the burst, ${round(concurrent.cpuMicrosPerUpdate, 0)} µs CPU/update`);
    return { updatesPerSecond, sequentialPerSecond, bound };
  } finally {
    await bot.close();
    await exchanger.stop();
  }
}
