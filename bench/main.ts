/**
 * `npm run bench`: every figure beside its baseline measured in the same run; the last line is one
 * JSON object {"P1": ours ÷ (bare grammY plus the one store round trip a multi-instance bot needs), "P1overBare": ours ÷ bare grammY (the old P1, for the record), "P2": updates/s, "P2ratio": ours ÷ bare grammY, "P3": bytes, "P4":
 * connections, "P5": calls, "P6": bytes, "P7": MB, "P7ratio": ours ÷ bare grammY, "P8": {activeP95Intervals,
 * quietVsBest, budgetUse, peakSecond}, "P9": worst screen ÷ its floor, "P10": Redis round trips per
 * update kind, ours and the minimum, "P11": {peakMb, settledMb} of cleaning verification images, above
 * the idle process, "P12": {polling, webhooks} — exchanger calls a minute and change-to-message delays
 * of 100,000 chats notified by polling only and by the exchanger's webhooks, "P13": the most
 * rate-alert reads in one interval (10,000 alerts, 50 directions, 2 instances)}.
 * Needs Redis at REDIS_URL (default redis://127.0.0.1:6379); keys live under a unique prefix and are
 * removed afterwards.
 */
import { cpus } from "node:os";
import { startExchangerProcess, type ExchangerProcess } from "./lib/exchanger-process.js";
import { note } from "./lib/measure.js";
import { measureP1 } from "./p1-cpu.js";
import { measureP2 } from "./p2-throughput.js";
import { measureP3 } from "./p3-redis-bytes.js";
import { measureP4 } from "./p4-connections.js";
import { measureP5 } from "./p5-calls.js";
import { measureP6 } from "./p6-notify-bytes.js";
import { measureP8 } from "./p8-notify-scale.js";
import { measureP9 } from "./p9-tap-latency.js";
import { measureP10 } from "./p10-round-trips.js";
import { measureP11 } from "./p11-image-memory.js";
import { measureP12 } from "./p12-webhooks.js";
import { measureP13 } from "./p13-rate-alerts.js";

/** BENCH_ONLY=P1 (or P2..P13; P7 comes with P2) runs one figure, e.g. under `node --cpu-prof` to see where time goes. */
const only = process.env.BENCH_ONLY;

const withExchanger: Record<string, (exchanger: ExchangerProcess) => Promise<unknown>> = {
  P1: measureP1,
  P3: measureP3,
  P4: measureP4,
  P5: measureP5,
  P6: measureP6,
  P8: (exchanger) => measureP8(exchanger.baseUrl),
  P13: (exchanger) => measureP13(exchanger.baseUrl),
  P10: measureP10,
};

async function main(): Promise<void> {
  if (only !== undefined) return runOne(only);
  const started = Date.now();
  process.stdout.write(
    `machine: ${cpus().length} CPU(s), ${cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}\n`,
  );
  const exchanger = await startExchangerProcess();
  let p1, p3, p4, p5, p6, p8, p10, p13;
  try {
    p1 = await measureP1(exchanger);
    p3 = await measureP3(exchanger);
    p4 = await measureP4(exchanger);
    p5 = await measureP5(exchanger);
    p6 = await measureP6(exchanger);
    p8 = await measureP8(exchanger.baseUrl);
    p10 = await measureP10(exchanger);
    p13 = await measureP13(exchanger.baseUrl);
  } finally {
    await exchanger.stop();
  }
  const p2 = await measureP2();
  const p9 = await measureP9();
  const p11 = await measureP11();
  const p12 = await measureP12();
  note(`finished in ${Math.round((Date.now() - started) / 1000)} s`);
  process.stdout.write(
    `${JSON.stringify({ P1: p1.overGate, P1overBare: p1.ratio, P2: p2.updatesPerSecond, P2ratio: p2.ratio, P3: p3, P4: p4, P5: p5, P6: p6, P7: p2.peakRssMb, P7ratio: p2.peakRssRatio, P8: p8, P9: p9.ratio, P10: p10, P11: { peakMb: p11.peakAboveIdleMb, settledMb: p11.settledAboveIdleMb }, P12: p12, P13: p13.maxReadsPerInterval })}\n`,
  );
}

async function runOne(figure: string): Promise<void> {
  if (figure === "P2" || figure === "P7") {
    await measureP2();
    return;
  }
  if (figure === "P9") {
    await measureP9();
    return;
  }
  if (figure === "P11") {
    await measureP11();
    return;
  }
  if (figure === "P12") {
    await measureP12();
    return;
  }
  const measure = withExchanger[figure];
  if (!measure) throw new Error(`BENCH_ONLY must be one of P1..P13, not "${figure}"`);
  const exchanger = await startExchangerProcess();
  try {
    await measure(exchanger);
  } finally {
    await exchanger.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
