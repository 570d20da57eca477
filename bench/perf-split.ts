/**
 * Where P1's CPU goes in the whole process, per side: a CPU profile sees JavaScript on the main
 * thread only, not the kernel (socket sends, wake-ups), V8's native runtime and builtins as such,
 * nor its helper threads. This splits `perf` samples of a P1 run by the rounds' windows
 * (BENCH_P1_ROUNDS, p1-cpu.ts) and prints µs per press of each side by thread and kind of code,
 * then, per kind, the symbols where ours spends most beyond the bare bot.
 *
 *   BENCH_ONLY=P1 BENCH_P1_ROUNDS=/tmp/rounds.jsonl perf record -e cpu-clock -F 5000 \
 *     -k CLOCK_MONOTONIC -o /tmp/p1.data -- node --perf-basic-prof dist-bench/bench/main.js
 *   perf script -i /tmp/p1.data -F pid,tid,time,ip,sym,dso > /tmp/p1.txt
 *   node dist-bench/bench/perf-split.js /tmp/rounds.jsonl /tmp/p1.txt [samples per second = 5000]
 *
 * `-k CLOCK_MONOTONIC` puts perf's times on the clock of `process.hrtime`, the rounds' clock. The
 * sampler itself costs CPU (more the more often it samples): compare the sides, not the absolute µs.
 */
import { readFileSync } from "node:fs";

interface Round {
  side: string;
  pid: number;
  start: number;
  end: number;
  presses: number;
}

const SAMPLE = /^\s*(\d+)\/(\d+)\s+([\d.]+):\s+[0-9a-f]+\s+(.*)\((.*)\)\s*$/;

/** The kind of code a sampled symbol is: what a reader would act on differently. */
function kindOf(symbol: string, dso: string): string {
  if (dso.includes("kernel")) return "kernel";
  if (dso.includes("perf-")) return "JavaScript (JIT)";
  if (symbol.startsWith("Builtins_")) return "V8 builtins";
  if (/Heap|Scaveng|MarkCompact|Sweep|Marking|Evacuat|cppgc/.test(symbol)) return "GC";
  if (symbol.includes("compiler::") || symbol.includes("Compile")) return "compiler";
  if (dso.includes("libc")) return "libc";
  return dso.endsWith("/node") ? "node and V8 runtime" : dso.slice(dso.lastIndexOf("/") + 1);
}

function main(roundsFile: string, samplesFile: string, perSecond: number): void {
  const rounds: Round[] = readFileSync(roundsFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const r = JSON.parse(line) as {
        side: string;
        pid: number;
        startNs: string;
        endNs: string;
        presses: number;
      };
      return { ...r, start: Number(r.startNs) / 1e9, end: Number(r.endNs) / 1e9 };
    })
    .sort((a, b) => a.start - b.start);
  const presses = new Map<string, number>();
  for (const r of rounds) presses.set(r.side, (presses.get(r.side) ?? 0) + r.presses);
  const byKind = new Map<string, Map<string, number>>();
  const bySymbol = new Map<string, Map<string, number>>();
  const add = (table: Map<string, Map<string, number>>, side: string, key: string) => {
    let row = table.get(side);
    if (!row) table.set(side, (row = new Map()));
    row.set(key, (row.get(key) ?? 0) + 1);
  };
  let r = 0;
  for (const line of readFileSync(samplesFile, "utf8").split("\n")) {
    const m = SAMPLE.exec(line);
    if (!m) continue;
    const [pid, tid, time] = [Number(m[1]), Number(m[2]), Number(m[3])];
    while (r < rounds.length && rounds[r]!.end < time) r++;
    const round = rounds[r];
    if (round === undefined || time < round.start || pid !== round.pid) continue;
    const thread = pid === tid ? "main" : "helper";
    const kind = kindOf(m[4]!.trim(), m[5]!);
    add(byKind, round.side, `${thread} · ${kind}`);
    if (thread === "main") add(bySymbol, round.side, `${kind} · ${m[4]!.trim().slice(0, 80)}`);
  }
  report(presses, byKind, bySymbol, perSecond);
}

/** The tables: µs per press by side, thread and kind of code; then ours − bare by symbol. */
function report(
  presses: Map<string, number>,
  byKind: Map<string, Map<string, number>>,
  bySymbol: Map<string, Map<string, number>>,
  perSecond: number,
): void {
  const µs = (side: string, count = 0) => (count * 1e6) / perSecond / (presses.get(side) ?? 1);
  const sides = [...presses.keys()];
  const kinds = [...new Set(sides.flatMap((s) => [...(byKind.get(s)?.keys() ?? [])]))];
  kinds.sort(
    (a, b) => µs("ours", byKind.get("ours")?.get(b)) - µs("ours", byKind.get("ours")?.get(a)),
  );
  console.log(`µs per press (${sides.map((s) => `${s} ${presses.get(s)} presses`).join(", ")})`);
  console.log(`${"".padEnd(36)}${sides.map((s) => s.padStart(9)).join("")}`);
  const total = (s: string) => [...(byKind.get(s)?.values() ?? [])].reduce((a, b) => a + b, 0);
  console.log(
    `${"all".padEnd(36)}${sides.map((s) => µs(s, total(s)).toFixed(0).padStart(9)).join("")}`,
  );
  for (const kind of kinds)
    console.log(
      `${kind.padEnd(36)}${sides.map((s) => µs(s, byKind.get(s)?.get(kind)).toFixed(0).padStart(9)).join("")}`,
    );
  if (!presses.has("ours") || !presses.has("bare")) return;
  console.log("\nmain thread, largest differences ours − bare (µs per press):");
  const symbols = new Set([...(bySymbol.get("ours")?.keys() ?? [])]);
  const diff = (k: string) =>
    µs("ours", bySymbol.get("ours")?.get(k)) - µs("bare", bySymbol.get("bare")?.get(k));
  for (const k of [...symbols].sort((a, b) => diff(b) - diff(a)).slice(0, 25))
    console.log(`${diff(k).toFixed(1).padStart(8)}  ${k}`);
}

const [roundsFile, samplesFile, perSecond] = process.argv.slice(2);
if (!roundsFile || !samplesFile) {
  console.error("usage: perf-split.js <rounds.jsonl> <perf script output> [samples per second]");
  process.exit(2);
}
main(roundsFile, samplesFile, Number(perSecond ?? 5000));
