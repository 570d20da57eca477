/**
 * P11 — memory of cleaning verification photos (upload-image.ts): resident memory above the idle
 * process, at the peak and once settled, for a real 49-megapixel JPEG (8100×6050, small on disk as a
 * document photo's flat background makes it), a 16383×3000 WebP (the format's widest), and three of
 * them at once. Goal: peak ≤ 120 MB above idle whatever the pixel count within the limit, settled
 * near idle, in the process as the Dockerfile starts it (MALLOC_MMAP_THRESHOLD_). Each run is a fresh child process (bench/image-child.ts), so its peak is its own.
 */
import { fork } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { nextReply } from "./lib/child.js";
import { line, note, round } from "./lib/measure.js";

const CHILD = fileURLToPath(new URL("./image-child.js", import.meta.url));
const GOAL_MB = 120;

interface Figures {
  idle: number;
  peak: number;
  settled: number;
}
type Reply = ({ type: "p11" } & Figures) | { type: "failed"; message: string };

export interface P11Result {
  /** The worst run's peak above idle, MB (goal ≤ 120). */
  peakAboveIdleMb: number;
  /** The worst run's settled memory above idle, MB. */
  settledAboveIdleMb: number;
  runs: Record<string, { peak: number; settled: number }>;
}

/** An image with a document's look: a flat page, a patch of texture (noise), some contrast. */
async function image(width: number, height: number, format: "jpeg" | "webp"): Promise<Buffer> {
  const patch = await sharp({
    create: {
      width: 1200,
      height: 800,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 120, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const page = sharp({
    create: { width, height, channels: 3, background: { r: 236, g: 232, b: 220 } },
    limitInputPixels: false,
  }).composite([{ input: patch, top: 100, left: 100 }]);
  return format === "jpeg" ? page.jpeg({ quality: 80 }).toBuffer() : page.webp().toBuffer();
}

/** What the Dockerfile sets: glibc gives large freed blocks back at once. */
const ALLOCATOR = { MALLOC_MMAP_THRESHOLD_: "131072" };

async function run(files: string[], atOnce: boolean, dockerAllocator = true): Promise<Figures> {
  const { MALLOC_MMAP_THRESHOLD_: _unset, ...env } = process.env;
  const child = fork(CHILD, files, {
    env: { ...env, ...(dockerAllocator && ALLOCATOR), BENCH_P11_AT_ONCE: atOnce ? "1" : "0" },
    execArgv: ["--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const reply = await nextReply<Reply, "p11">(child, "p11");
  await new Promise((resolve) =>
    child.exitCode === null ? child.once("exit", resolve) : resolve(0),
  );
  return reply;
}

export async function measureP11(): Promise<P11Result> {
  const dir = await mkdtemp(join(tmpdir(), "bench-p11-"));
  try {
    const jpeg = join(dir, "49mp.jpg");
    const webp = join(dir, "wide.webp");
    await writeFile(jpeg, await image(8100, 6050, "jpeg"));
    await writeFile(webp, await image(16383, 3000, "webp"));
    const runs: Record<string, Figures> = {
      "49 MP JPEG": await run([jpeg], false),
      "16383×3000 WebP": await run([webp], false),
      "three at once": await run([jpeg, webp, jpeg], true),
    };
    // The same without the Dockerfile's allocator setting (a bare `node dist/main.js`): reported, not the figure.
    const bare = await run([jpeg, webp, jpeg], true, false);
    const out: P11Result = { peakAboveIdleMb: 0, settledAboveIdleMb: 0, runs: {} };
    for (const [name, figures] of Object.entries(runs)) {
      const peak = round(figures.peak - figures.idle, 0);
      const settled = round(figures.settled - figures.idle, 0);
      note(`${name}: idle ${round(figures.idle, 0)} MB, peak +${peak} MB, settled +${settled} MB`);
      out.runs[name] = { peak, settled };
      out.peakAboveIdleMb = Math.max(out.peakAboveIdleMb, peak);
      out.settledAboveIdleMb = Math.max(out.settledAboveIdleMb, settled);
    }
    note(
      `three at once, glibc's default allocator: peak +${round(bare.peak - bare.idle, 0)} MB, settled +${round(bare.settled - bare.idle, 0)} MB`,
    );
    line(
      "P11",
      `peak +${out.peakAboveIdleMb} MB, settled +${out.settledAboveIdleMb} MB`,
      "(none)",
      `peak ≤ +${GOAL_MB} MB above idle`,
    );
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
