/**
 * P1 — CPU time per handled "orders page" update (a press of the page 1 / page 2 button), our bot vs
 * the bare baseline bot sending our very screens (recorded from ours first, byte for byte: same text,
 * same keyboard, same options), so the ratio is our machinery alone, both over the same exchanger process and the same Telegram fake. Updates
 * are handled one after another (await each) so the figure is CPU per update, not throughput. The
 * exchanger and the Bot API fake run in child processes and both bots reach them over loopback HTTP
 * with the same clients, so only the bots' own CPU is counted: a richer screen no longer costs the
 * fake's parsing and HTML check on our side of the ledger.
 *
 * A third bot, the bare one plus the update gate's one Redis round trip (P10's minimum: what any
 * multi-instance bot needs), alternates with the two. P1 is ours beside that one (goal ≤ 1.25: what
 * the bot costs beyond what the store must cost); `P1overBare`, ours beside the bare bot that keeps
 * no state, is kept for the record (the old P1).
 */
import type { Update } from "grammy/types";
import { appendFileSync } from "node:fs";
import { startBareBotAt, type BareBot } from "./lib/bare-bot.js";
import type { ExchangerProcess } from "./lib/exchanger-process.js";
import { cpuMicros, line, note, round } from "./lib/measure.js";
import { createProfiler } from "./lib/profiler.js";
import { startOurBotAt } from "./lib/our-bot.js";
import { readChatSnapshot } from "../src/bot/core/chat-snapshot.js";
import { startTelegramProcess, type TelegramProcess } from "./lib/telegram-process.js";
import type { ScreenPayload } from "./lib/telegram-protocol.js";

const buttonsOf = (screen: ScreenPayload): number =>
  (
    (screen.reply_markup as { inline_keyboard?: unknown[][] } | undefined)?.inline_keyboard ?? []
  ).flat().length;

/**
 * Presses each bot handles before the clock starts: enough for V8 to have optimized both bots' code.
 * Ours has far more code to warm: after 400 presses (the figure's first rounds) its CPU per press
 * still fell batch after batch for ≈ 3,000 more (2,300 → 1,250 µs per press in batches of 500, bare
 * grammY flat), so the first measured half read ≈ 2.2× and the second ≈ 1.5×. A bot runs for days:
 * the steady state is what a press costs. BENCH_P1_WARMUP overrides it.
 */
const WARMUP = Number(process.env.BENCH_P1_WARMUP ?? 4000);
/**
 * Timed presses per bot, in rounds of BATCH alternating between the bots. One round can read 1.1× or
 * 2.3× on a shared machine (a collection, another process, a host's neighbour): with 6 rounds two runs
 * of the same code read 1.59× and 1.80×, with 18 rounds 1.63× and 1.60× (2026-11-27). BENCH_P1_ITERATIONS
 * overrides it.
 */
const ITERATIONS = Number(process.env.BENCH_P1_ITERATIONS ?? 9000);
/** Updates fetched from the fake at once, before the clock starts. */
const BATCH = 500;

/** µs of CPU per update over `n` presses in `chatId`; building the updates (IPC) is not timed. */
export async function cpuPerUpdate(
  telegram: TelegramProcess,
  chatId: number,
  n: number,
  handle: (u: Update) => Promise<void>,
  profile?: string,
  side?: string,
): Promise<number> {
  let cpu = 0;
  for (let done = 0; done < n; done += BATCH) {
    const updates = await telegram.presses(chatId, Math.min(BATCH, n - done));
    await telegram.forgetCalls();
    if (profile) await profiler.start();
    const start = cpuMicros();
    const startSplit = process.cpuUsage();
    const startNs = process.hrtime.bigint();
    for (const update of updates) await handle(update);
    cpu += cpuMicros() - start;
    if (ROUNDS_FILE && side)
      appendFileSync(
        ROUNDS_FILE,
        `${JSON.stringify({ side, pid: process.pid, startNs: String(startNs), endNs: String(process.hrtime.bigint()), presses: updates.length })}\n`,
      );
    // BENCH_P1_TRACE=1: each batch's µs per press on stderr (does the figure still fall? warm-up),
    // split into user and kernel time (a socket's sends and wake-ups are kernel time).
    if (process.env.BENCH_P1_TRACE) {
      const { user, system } = process.cpuUsage(startSplit);
      const per = (micros: number) => Math.round(micros / updates.length);
      process.stderr.write(
        `chat ${chatId}: ${per(user + system)} µs (user ${per(user)}, system ${per(system)})\n`,
      );
    }
    if (profile) await profiler.stop(profile);
  }
  return cpu / n;
}

/**
 * BENCH_P1_PROFILE=<dir>: CPU profiles of the timed presses only, one side at a time
 * (`<dir>/ours-<k>.cpuprofile`, `<dir>/bare-<k>.cpuprofile`, one per batch), for a differential reading:
 * `node dist-bench/bench/profile-summary.js --per <presses> <dir>/ours-*.cpuprofile -- <dir>/bare-*.cpuprofile`.
 * With BENCH_P1_HEAP=1 they are allocation profiles instead (`.heapprofile`: every sampled allocation,
 * collected or not), which profile-summary reads the same way (bytes instead of µs).
 */
const PROFILE_DIR = process.env.BENCH_P1_PROFILE;
/**
 * BENCH_P1_ROUNDS=<file>: each timed round's window (side, pid, start and end on the monotonic clock
 * in ns, presses) as a JSON line, so that a whole-process sampler run around the bench (`perf record
 * -k CLOCK_MONOTONIC`) can be split by side: kernel, V8's native code and helper threads included,
 * which a CPU profile does not show (bench/perf-split.ts).
 */
const ROUNDS_FILE = process.env.BENCH_P1_ROUNDS;
const profiler = createProfiler(PROFILE_DIR ?? "", process.env.BENCH_P1_HEAP === "1");

export interface P1Result {
  ratio: number;
  oursMicros: number;
  baselineMicros: number;
  /** Ours ÷ the bare bot that also makes the update gate's round trip (informational). */
  overGate: number;
}

export async function measureP1(exchanger: ExchangerProcess): Promise<P1Result> {
  const telegram = await startTelegramProcess();
  const ours = await startOurBotAt({ exchangerBaseUrl: exchanger.baseUrl }, telegram.apiRoot);
  let bare: BareBot | undefined;
  let gated: BareBot | undefined;
  try {
    const handleOurs = (u: Update) => ours.app.bot.handleUpdate(u);
    const oursChat = 7001;
    await handleOurs(await telegram.text(oursChat, exchanger.apiKey));
    if (!(await ours.app.storage.vault.has(oursChat)))
      throw new Error(`bench: linking chat ${oursChat} failed`);
    await handleOurs(await telegram.text(oursChat, "/orders"));
    await telegram.findScreens([oursChat]);
    // Our screens of page 2 and page 1, byte for byte: the baseline sends the very same ones.
    const screens: Record<number, ScreenPayload> = {};
    for (const page of [2, 1]) {
      await handleOurs((await telegram.presses(oursChat, 1))[0]!);
      screens[page] = await telegram.lastEdit(oursChat);
    }
    const options = {
      exchangerBaseUrl: exchanger.baseUrl,
      apiKey: exchanger.apiKey,
      pageSize: ours.config.ordersPageSize,
      screens,
    };
    bare = await startBareBotAt(options, telegram.apiRoot);
    // The same bare bot plus the store's minimum: the update gate's one Redis round trip (dedupe
    // mark, chat budget, the chat's values read ahead) exactly as ours makes it (P10's minimum).
    const { updateGate, vault } = ours.app.deps;
    gated = await startBareBotAt(
      {
        ...options,
        before: async (ctx, next) => {
          await readChatSnapshot(updateGate, vault, ctx.chatId!, ctx.update.update_id);
          await next();
        },
      },
      telegram.apiRoot,
    );
    const [bareBot, gatedBot] = [bare.bot, gated.bot];
    const handleBare = (u: Update) => bareBot.handleUpdate(u);
    const handleGated = (u: Update) => gatedBot.handleUpdate(u);
    // The baselines edit a message they sent themselves.
    const [bareChat, gatedChat] = [7002, 7003];
    await bare.openScreen(bareChat);
    await gated.openScreen(gatedChat);
    await telegram.findScreens([bareChat, gatedChat]);

    await cpuPerUpdate(telegram, oursChat, WARMUP, handleOurs);
    await cpuPerUpdate(telegram, bareChat, WARMUP, handleBare);
    await cpuPerUpdate(telegram, gatedChat, WARMUP, handleGated);
    // Interleaved rounds of one batch each, so drift of the machine (other processes, CPU boost, a
    // collection of the shared heap) hits both alike; two long halves let one side's bad minute
    // swing the ratio by ±0.1 between runs of the same code.
    const rounds = Math.max(2, Math.round(ITERATIONS / BATCH));
    const perRound = Math.floor(ITERATIONS / rounds);
    const oursProfile = PROFILE_DIR && "ours";
    const bareProfile = PROFILE_DIR && "bare";
    const ratios: number[] = [];
    let oursTotal = 0;
    let bareTotal = 0;
    let gatedTotal = 0;
    for (let r = 0; r < rounds; r++) {
      const o = await cpuPerUpdate(telegram, oursChat, perRound, handleOurs, oursProfile, "ours");
      const b = await cpuPerUpdate(telegram, bareChat, perRound, handleBare, bareProfile, "bare");
      gatedTotal += await cpuPerUpdate(
        telegram,
        gatedChat,
        perRound,
        handleGated,
        undefined,
        "gated",
      );
      oursTotal += o;
      bareTotal += b;
      ratios.push(o / b);
    }
    const oursMicros = oursTotal / rounds;
    const baselineMicros = bareTotal / rounds;
    const gatedMicros = gatedTotal / rounds;
    const ratio = round(oursMicros / baselineMicros);
    const overGate = round(oursMicros / gatedMicros);
    line(
      "P1",
      `${round(oursMicros, 0)} µs CPU/update`,
      `${round(gatedMicros, 0)} µs CPU/update (bare grammY + the one store round trip)`,
      "≤ 1.25×",
    );
    note(
      `P1 ${overGate}× over bare grammY plus the one Redis round trip a multi-instance bot needs (${round(gatedMicros / baselineMicros)}× bare); P1overBare ${ratio}× (the old ratio, for the record, against bare grammY at ${round(baselineMicros, 0)} µs)`,
    );
    note(
      `P1overBare ${ratio}× over ${rounds * perRound} "orders page" presses each in ${rounds} alternating rounds (${round(Math.min(...ratios))}–${round(Math.max(...ratios))}×), after ${WARMUP} warm-up presses; both send the same screen (${screens[2]!.text.length} characters, ${buttonsOf(screens[2]!)} buttons); Bot API fake in a child process`,
    );
    return { ratio, oursMicros, baselineMicros, overGate };
  } finally {
    await bare?.close();
    await gated?.close();
    await ours.close();
    await telegram.stop();
  }
}
