/**
 * Where a CPU profile's time goes: `node --cpu-prof` writes a .cpuprofile; this sums its self time by
 * file (or package, for node_modules) and by function, so a bench run's profile can be read without a
 * browser. Usage: node dist-bench/bench/profile-summary.js <file.cpuprofile> [top=25]
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** "grammy", "undici", "src/bot/render/orders.ts", "(garbage collector)", "node:internal/…". */
function place(url: string, functionName: string): string {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)";
  const modules = url.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const parts = url.slice(modules + "/node_modules/".length).split("/");
    return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const ours = url.match(/\/dist-bench\/(.*)$/);
  if (ours) return ours[1]!.replace(/\.js$/, ".ts");
  return url.startsWith("node:") ? url : url.replace(/^file:\/\//, "");
}

function top(totals: Map<string, number>, all: number, n: number): string[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([name, micros]) =>
        `${((micros / all) * 100).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    );
}

const [file, count] = process.argv.slice(2);
if (!file) throw new Error("usage: profile-summary <file.cpuprofile> [top]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
let all = 0;
profile.samples.forEach((id, i) => {
  const micros = profile.timeDeltas[i] ?? 0;
  const frame = byId.get(id)!.callFrame;
  if (frame.functionName === "(idle)" || frame.functionName === "(program)") return; // waiting, not working
  const where = place(frame.url, frame.functionName);
  all += micros;
  byPlace.set(where, (byPlace.get(where) ?? 0) + micros);
  const fn = `${frame.functionName || "(anonymous)"}  ${where}:${frame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
});
const n = Number(count ?? 25);
process.stdout.write(
  `busy ${(all / 1000).toFixed(0)} ms (idle and "(program)" left out)\n\nby file / package:\n${top(byPlace, all, n).join("\n")}\n\nby function:\n${top(byFunction, all, n).join("\n")}\n`,
);
