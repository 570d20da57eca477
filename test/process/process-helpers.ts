/** Starting the compiled bot as a real process for the process-level tests. */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { lock } from "proper-lockfile";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");
export const MAIN = join(ROOT, "dist/main.js");

/** The stamp `scripts/ensure-built.mjs` keeps too: dist/ is newer than every build input. */
const STAMP = join(ROOT, "dist/.built");
const INPUTS = ["src", "tsconfig.json", "tsconfig.build.json", "package-lock.json", "scripts"];

/** The newest modification time (ms) under a file or folder. */
function newest(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/**
 * Compiles src/ to dist/ (called once per run by the global setup, test/process/build.ts). Type errors are the type check's business (`npm test` runs it first);
 * here we only need the emitted JavaScript, which tsc writes even when it reports errors.
 *
 * Two test runs at once (two terminals, CI jobs on one machine) share dist/: one compiling while the
 * other starts `node dist/main.js` would hand it half-written files. So the build holds a lock, and
 * is skipped when dist/ is already newer than every input — a second run then writes nothing.
 */
export async function buildOnce(): Promise<void> {
  const release = await lock(ROOT, {
    lockfilePath: join(
      tmpdir(),
      `xbot-build-${createHash("sha256").update(ROOT).digest("hex").slice(0, 12)}.lock`,
    ),
    retries: { retries: 1200, minTimeout: 100, maxTimeout: 250 },
    stale: 120_000,
  });
  try {
    const built = statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (existsSync(MAIN) && Math.max(...INPUTS.map((p) => newest(join(ROOT, p)))) <= built) return;
    const started = new Date();
    try {
      execFileSync("npx", ["tsc", "-p", "tsconfig.build.json"], { cwd: ROOT, stdio: "pipe" });
    } catch {
      // reported by the type check
    }
    execFileSync("node", ["scripts/copy-assets.mjs"], { cwd: ROOT, stdio: "pipe" });
    if (!existsSync(MAIN)) throw new Error("dist/main.js was not built");
    writeFileSync(STAMP, "");
    utimesSync(STAMP, started, started);
  } finally {
    await release();
  }
}

export interface BotProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/**
 * Runs `node dist/main.js` in an empty working folder (no stray .env) with exactly `env`.
 * `wrapper`: a command to run it under (e.g. `unshare --pid --fork --mount-proc`).
 */
export function startBot(env: Record<string, string>, wrapper: string[] = []): BotProcess {
  const cwd = mkdtempSync(join(tmpdir(), "xbot-proc-"));
  const [command, ...args] = [...wrapper, process.execPath, MAIN];
  const child = spawn(command!, args, {
    cwd,
    // The monitoring port is off unless a test asks for it: files run in parallel and 9464 is one port.
    env: { PATH: process.env.PATH ?? "", DATA_DIR: join(cwd, "data"), METRICS_PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) =>
    child.on("exit", (code) => resolveExit(code)),
  );
  return {
    child,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Polls `check` until it is truthy or the deadline passes. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
