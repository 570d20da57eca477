/** Starting the compiled bot as a real process for the process-level tests. */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");
export const MAIN = join(ROOT, "dist/main.js");

/**
 * Compiles src/ to dist/ (called once per run by the global setup, test/process/build.ts). Type errors are the type check's business (`npm test` runs it first);
 * here we only need the emitted JavaScript, which tsc writes even when it reports errors.
 */
export function buildOnce(): void {
  try {
    execFileSync("npx", ["tsc", "-p", "tsconfig.build.json"], { cwd: ROOT, stdio: "pipe" });
  } catch {
    // reported by the type check
  }
  execFileSync("node", ["scripts/copy-assets.mjs"], { cwd: ROOT, stdio: "pipe" });
  if (!existsSync(MAIN)) throw new Error("dist/main.js was not built");
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
