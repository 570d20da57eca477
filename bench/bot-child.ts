/**
 * Child process: one bot polling the Bot API fake under @grammyjs/runner, for P2 and P7. Each bot
 * (ours, and the bare baseline) runs in a process of its own, so its CPU and its peak memory are its
 * own and not the bench's or the other bot's.
 *
 * env: BENCH_BOT ("ours" | "bare"), BENCH_EXCHANGER (base URL), BENCH_API_ROOT; the bare bot also
 * BENCH_API_KEY, BENCH_PAGE_SIZE and BENCH_CONNECTIONS (ours reports its page size and exchanger
 * connections when ready). BENCH_P2_PROFILE=<dir>: a CPU profile of each timed burst (from "mark"
 * to its "report"; start-up and linking left out), `<dir>/ours-<k>.cpuprofile` and `bare-<k>…`:
 * `node dist-bench/bench/profile-summary.js --per <updates> <dir>/ours-* -- <dir>/bare-*`.
 * Ours runs exactly as src/main.ts starts it. The bare bot gets the runner's per-chat sequentialize,
 * the same ordering ours keeps (two edits of one message must not race), and nothing else.
 */
import { run, sequentialize } from "@grammyjs/runner";
import { startBareBotAt } from "./lib/bare-bot.js";
import type { BotReply, BotRequest } from "./lib/bot-protocol.js";
import { cpuMicros } from "./lib/measure.js";
import { startOurBotAt } from "./lib/our-bot.js";
import { createProfiler } from "./lib/profiler.js";

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`bot child: ${name} is not set`);
  return value;
};
const send = (message: BotReply) => process.send?.(message);
const ALLOWED = { allowed_updates: ["message" as const, "callback_query" as const] };

const kind = env("BENCH_BOT");
const exchangerBaseUrl = env("BENCH_EXCHANGER");
const apiRoot = env("BENCH_API_ROOT");

const bot =
  kind === "ours"
    ? await startOurBotAt({ exchangerBaseUrl }, apiRoot).then((b) => ({
        grammy: b.app.bot,
        pageSize: b.config.ordersPageSize,
        connections: b.config.exchanger.connections,
        openScreen: undefined,
        close: b.close,
      }))
    : await startBareBotAt(
        {
          exchangerBaseUrl,
          apiKey: env("BENCH_API_KEY"),
          pageSize: Number(env("BENCH_PAGE_SIZE")),
          connections: Number(env("BENCH_CONNECTIONS")),
          before: sequentialize((ctx) => String(ctx.chat?.id ?? "")),
        },
        apiRoot,
      ).then((b) => ({
        grammy: b.bot,
        pageSize: Number(env("BENCH_PAGE_SIZE")),
        connections: Number(env("BENCH_CONNECTIONS")),
        openScreen: b.openScreen,
        close: b.close,
      }));
const runner = run(bot.grammy, { runner: { fetch: ALLOWED } });
let cpuStart = 0;
const PROFILE_DIR = process.env.BENCH_P2_PROFILE;
const profiler = PROFILE_DIR === undefined ? undefined : createProfiler(PROFILE_DIR);
/** A burst is being profiled (the last report, for P7, follows no mark). */
let profiling = false;

async function answer(message: BotRequest): Promise<BotReply> {
  switch (message.type) {
    case "send-screens":
      if (!bot.openScreen)
        throw new Error("our bot opens its screens when the users ask (open-screens)");
      await Promise.all(message.chats.map((chatId) => bot.openScreen!(chatId)));
      return { type: "screens-sent" };
    case "mark":
      if (profiler) await profiler.start();
      profiling = profiler !== undefined;
      cpuStart = cpuMicros();
      return { type: "marked" };
    case "report": {
      const cpu = cpuMicros() - cpuStart;
      if (profiling) await profiler?.stop(kind);
      profiling = false;
      // maxRSS is in KiB.
      return {
        type: "report",
        cpuMicros: cpu,
        peakRssBytes: process.resourceUsage().maxRSS * 1024,
        memory: process.memoryUsage(),
      };
    }
    case "stop":
      if (runner.isRunning()) await runner.stop();
      await bot.close();
      return { type: "stopped" };
  }
}

process.on("message", (message: BotRequest) => {
  answer(message).then(
    (reply) => {
      send(reply);
      // Exiting by itself (not killed) lets `node --cpu-prof` write this process's profile.
      if (reply.type === "stopped") process.disconnect();
    },
    (error: unknown) =>
      send({ type: "failed", message: error instanceof Error ? error.message : String(error) }),
  );
});
process.on("disconnect", () => process.exit(0));
send({ type: "ready", pageSize: bot.pageSize, connections: bot.connections });
