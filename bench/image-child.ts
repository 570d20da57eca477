/**
 * The P11 child: one process that cleans verification images the way the bot does
 * (upload-image.ts) and reports its resident memory — idle, the peak while cleaning, and settled
 * afterwards. A child of its own, so that the peak (the kernel's maxRSS) is this run's alone.
 * argv: the image files; BENCH_P11_AT_ONCE=1 cleans them all at once, otherwise one after another.
 */
import { readFile } from "node:fs/promises";
import {
  cleanUploadImage,
  HEAD_BYTES,
  probeImageHead,
} from "../src/bot/features/verification/upload-image.js";

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function main(): Promise<void> {
  const files = await Promise.all(process.argv.slice(2).map((path) => readFile(path)));
  // Idle: the module and sharp loaded (sharp comes with the first photo: a header probe here, nothing
  // decoded), the files read. The figure is what cleaning costs, not the library's own ≈ 13 MB.
  await probeImageHead(files[0]!.subarray(0, HEAD_BYTES), false);
  collect();
  await sleep(200);
  const idle = process.memoryUsage.rss();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  const clean = (data: Buffer, n: number) =>
    cleanUploadImage(new Uint8Array(data), n).then((verdict) => {
      if (!verdict.ok) throw new Error(`image ${n} refused: ${verdict.reason}`);
    });
  if (process.env.BENCH_P11_AT_ONCE === "1")
    await Promise.all(files.map((data, i) => clean(data, i + 1)));
  else for (const [i, data] of files.entries()) await clean(data, i + 1);
  clearInterval(sampler);
  // maxRSS (KB) catches a peak between two samples.
  peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
  // Settled: what stays once the work is done and the process idles a little.
  for (let i = 0; i < 4; i++) {
    collect();
    await sleep(500);
  }
  const settled = process.memoryUsage.rss();
  process.send!({ type: "p11", idle: idle / MB, peak: peak / MB, settled: settled / MB });
}

main().catch((error: unknown) => {
  process.send!({
    type: "failed",
    message: error instanceof Error ? error.message : String(error),
  });
});
