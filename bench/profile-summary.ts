/**
 * Where a CPU profile's time goes: `node --cpu-prof` writes a .cpuprofile; this sums its self time by
 * file (or package, for node_modules) and by function, so a bench run's profile can be read without a
 * browser. Usage: node dist-bench/bench/profile-summary.js <file.cpuprofile> [top=25]
 *
 * Differential (P1 with BENCH_P1_PROFILE): `profile-summary.js --per <presses> [--top n] <ours…> --
 * <baseline…>` sums several profiles per side and prints µs per press of each side and their
 * difference, largest difference first, so many small frames that only one side has add up.
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
/** A sampling heap profile (.heapprofile): a call tree and sampled allocations, in bytes. */
interface HeapNode {
  id: number;
  callFrame: ProfileNode["callFrame"];
  children: HeapNode[];
}
interface HeapProfile {
  head: HeapNode;
  samples: { size: number; nodeId: number }[];
}

/**
 * A CPU or heap profile as (frame, weight) pairs: µs of self time, or bytes allocated. Both come out in
 * the same tables, so `--per` gives µs or bytes per press.
 */
function weightedFrames(file: string): [ProfileNode["callFrame"], number][] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile | HeapProfile;
  if ("head" in profile) {
    const byId = new Map<number, HeapNode>();
    const visit = (node: HeapNode): void => {
      byId.set(node.id, node);
      node.children.forEach(visit);
    };
    visit(profile.head);
    // A sample can name a node the profile's tree left out (allocations of a collected script).
    return profile.samples.flatMap((s) => {
      const node = byId.get(s.nodeId);
      return node === undefined
        ? []
        : [[node.callFrame, s.size] as [ProfileNode["callFrame"], number]];
    });
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  return profile.samples.map((id, i) => [byId.get(id)!.callFrame, profile.timeDeltas[i] ?? 0]);
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

/** Self time (µs) by place and by function over the given profiles. */
function sums(files: string[]): {
  all: number;
  byPlace: Map<string, number>;
  byFunction: Map<string, number>;
} {
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let all = 0;
  for (const file of files) {
    for (const [frame, micros] of weightedFrames(file)) {
      if (frame.functionName === "(idle)" || frame.functionName === "(program)") continue; // waiting, not working
      const where = place(frame.url, frame.functionName);
      all += micros;
      byPlace.set(where, (byPlace.get(where) ?? 0) + micros);
      const fn = `${frame.functionName || "(anonymous)"}  ${where}:${frame.lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
    }
  }
  return { all, byPlace, byFunction };
}

function differential(
  ours: ReturnType<typeof sums>,
  base: ReturnType<typeof sums>,
  per: number,
  n: number,
  unit: string,
): string {
  const table = (a: Map<string, number>, b: Map<string, number>) =>
    [...new Set([...a.keys(), ...b.keys()])]
      .map((k) => [k, (a.get(k) ?? 0) / per, (b.get(k) ?? 0) / per] as const)
      .sort((x, y) => y[1] - y[2] - (x[1] - x[2]))
      .slice(0, n)
      .map(
        ([k, o, b]) =>
          `${(o - b).toFixed(1).padStart(7)}  ${o.toFixed(1).padStart(7)}  ${b.toFixed(1).padStart(7)}  ${k}`,
      )
      .join("\n");
  return `${unit} per press: ours ${(ours.all / per).toFixed(0)}, baseline ${(base.all / per).toFixed(0)} (idle and "(program)" left out)

by file / package:   ours−base    ours    base
${table(ours.byPlace, base.byPlace)}

by function:         ours−base    ours    base
${table(ours.byFunction, base.byFunction)}
`;
}

const args = process.argv.slice(2);
const option = (name: string): number | undefined => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = Number(args[at + 1]);
  args.splice(at, 2);
  return value;
};
const per = option("--per");
const topN = option("--top");
const split = args.indexOf("--");
if (per !== undefined && split > 0) {
  process.stdout.write(
    differential(
      sums(args.slice(0, split)),
      sums(args.slice(split + 1)),
      per,
      topN ?? 40,
      args.some((file) => file.endsWith(".heapprofile")) ? "bytes allocated" : "µs",
    ),
  );
} else {
  const [file, count] = args;
  if (!file) throw new Error("usage: profile-summary <file.cpuprofile> [top]");
  const { all, byPlace, byFunction } = sums([file]);
  const n = topN ?? Number(count ?? 25);
  process.stdout.write(
    `busy ${(all / 1000).toFixed(0)} ms (idle and "(program)" left out)\n\nby file / package:\n${top(byPlace, all, n).join("\n")}\n\nby function:\n${top(byFunction, all, n).join("\n")}\n`,
  );
}
