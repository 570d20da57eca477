/**
 * P2 — updates per second with 200 chats pressing "orders page" buttons at once while the exchanger
 * takes 100 ms per call, ours beside the framework's ceiling: a bare grammY bot on @grammyjs/runner
 * doing the same one exchanger call and one edit (lib/bare-bot.ts). P2ratio = ours ÷ bare.
 * P7 — the peak resident memory of our bot's process over the same run (start, 200 linked chats, bursts);
 * P7ratio — that ÷ the bare bot's peak in the same run (the bare bot alone peaks near 200 MB in such a
 * burst, so an absolute goal would mostly measure Node and the runner).
 *
 * Each bot runs in a process of its own (bot-child.ts) with its own Bot API fake child (real long
 * polling); the exchanger child is shared. Bursts alternate (ours, bare, ours, bare) so a change in the
 * machine's load hits both alike. Each chat keeps at most 2 presses in flight (telegram-child.ts).
 * The latency bound is chats / delay: with one update of a chat at a time (both bots keep per-chat
 * order) and one exchanger call per update, no bot can beat it.
 */
import { startBotProcess, type BotProcess } from "./lib/bot-process.js";
import { startExchangerProcess } from "./lib/exchanger-process.js";
import { line, note, round, sleep } from "./lib/measure.js";
import { startTelegramProcess, type TelegramProcess } from "./lib/telegram-process.js";

const CHATS = 200;
const DELAY_MS = 100;
const ROUNDS = Number(process.env.BENCH_P2_ROUNDS ?? 10);
/** Bursts per bot, alternating: a burst's rate moves ±5 % between bursts of the same code. */
const BURSTS = 4;
const OURS_FIRST_CHAT = 7_200_000_001;
const BARE_FIRST_CHAT = 7_210_000_001;
const MB = 1024 * 1024;

export interface P2Result {
  updatesPerSecond: number;
  bareUpdatesPerSecond: number;
  ratio: number;
  bound: number;
  /** P7: peak RSS of our bot's process, MB. */
  peakRssMb: number;
  /** P7ratio: that ÷ the bare bot's peak RSS in the same run. */
  peakRssRatio: number;
}

interface Side {
  name: string;
  bot: BotProcess;
  telegram: TelegramProcess;
  updates: number;
  seconds: number;
  cpuMicros: number;
  apiCalls: number;
  edits: number;
}

async function burst(side: Side): Promise<void> {
  await side.bot.mark();
  const result = await side.telegram.burst(ROUNDS, CHATS);
  const { cpuMicros } = await side.bot.report();
  side.updates += result.updates;
  side.seconds += result.seconds;
  side.cpuMicros += cpuMicros;
  side.apiCalls += result.apiCalls;
  side.edits += result.edits;
  // Let the edits that follow each answer land, so the next burst starts from a quiet machine.
  await sleep(DELAY_MS * 3);
}

export async function measureP2(): Promise<P2Result> {
  const exchanger = await startExchangerProcess(DELAY_MS);
  const started: { stop(): Promise<void> }[] = [exchanger];
  try {
    const oursTelegram = await startTelegramProcess();
    started.push(oursTelegram);
    const ours = await startBotProcess({
      BENCH_BOT: "ours",
      BENCH_EXCHANGER: exchanger.baseUrl,
      BENCH_API_ROOT: oursTelegram.apiRoot,
    });
    started.push(ours);
    const bareTelegram = await startTelegramProcess();
    started.push(bareTelegram);
    const bare = await startBotProcess({
      BENCH_BOT: "bare",
      BENCH_EXCHANGER: exchanger.baseUrl,
      BENCH_API_ROOT: bareTelegram.apiRoot,
      BENCH_API_KEY: exchanger.apiKey,
      BENCH_PAGE_SIZE: String(ours.pageSize),
      BENCH_CONNECTIONS: String(ours.connections),
    });
    started.push(bare);

    const chats = (first: number) => Array.from({ length: CHATS }, (_, i) => first + i);
    await oursTelegram.openScreens(chats(OURS_FIRST_CHAT), exchanger.apiKey);
    await bare.sendScreens(chats(BARE_FIRST_CHAT));
    await bareTelegram.findScreens(chats(BARE_FIRST_CHAT));
    const sides: Side[] = [
      {
        name: "ours",
        bot: ours,
        telegram: oursTelegram,
        updates: 0,
        seconds: 0,
        cpuMicros: 0,
        apiCalls: 0,
        edits: 0,
      },
      {
        name: "bare",
        bot: bare,
        telegram: bareTelegram,
        updates: 0,
        seconds: 0,
        cpuMicros: 0,
        apiCalls: 0,
        edits: 0,
      },
    ];
    for (const side of sides) {
      await side.telegram.burst(2, CHATS); // warm-up: connections, JIT
      await sleep(DELAY_MS * 3);
    }
    for (let i = 0; i < BURSTS; i++) for (const side of sides) await burst(side);
    const [o, b] = sides as [Side, Side];
    const { peakRssBytes, memory } = await ours.report();
    const { peakRssBytes: barePeak, memory: bareMemory } = await bare.report();

    const updatesPerSecond = round(o.updates / o.seconds, 0);
    const bareUpdatesPerSecond = round(b.updates / b.seconds, 0);
    const ratio = round(updatesPerSecond / bareUpdatesPerSecond);
    const bound = CHATS / (DELAY_MS / 1000);
    const peakRssMb = round(peakRssBytes / MB, 0);
    const perSide = (s: Side) =>
      `${s.name}: ${round(s.cpuMicros / s.updates, 0)} µs CPU/update, ${round(s.cpuMicros / 1e6 / s.seconds)} cores busy, ${round(s.apiCalls / s.updates, 2)} Bot API calls and ${round(s.edits / s.updates, 2)} edits/update`;
    line(
      "P2",
      `${updatesPerSecond} updates/s (runner)`,
      `${bareUpdatesPerSecond} updates/s (bare grammY, runner)`,
      "ratio ≥ 0.8",
    );
    note(
      `P2ratio ${ratio}; ${CHATS} chats × ${ROUNDS} presses × ${BURSTS} bursts each, alternating; exchanger answering in ${DELAY_MS} ms; latency bound ${bound}/s`,
    );
    note(`${perSide(o)}; ${perSide(b)} (each bot in a process of its own)`);
    const peakRssRatio = round(peakRssBytes / barePeak);
    line(
      "P7",
      `${peakRssMb} MB peak RSS`,
      `${round(barePeak / MB, 0)} MB peak RSS (bare grammY)`,
      "P7ratio ≤ 1.2",
    );
    note(`P7ratio ${peakRssRatio}: our peak ÷ the bare bot's, the same chats and bursts`);
    const mb = (m: NodeJS.MemoryUsage) =>
      `rss ${round(m.rss / MB, 0)}, heap ${round(m.heapUsed / MB, 0)} of ${round(m.heapTotal / MB, 0)}, external ${round(m.external / MB, 0)} MB`;
    note(
      `the bot process's resident memory at its highest: start-up, ${CHATS} chats linked, warm-up and ${BURSTS} bursts; after them: ours ${mb(memory)}; bare ${mb(bareMemory)}`,
    );
    return { updatesPerSecond, bareUpdatesPerSecond, ratio, bound, peakRssMb, peakRssRatio };
  } finally {
    for (const child of started.reverse()) await child.stop();
  }
}
