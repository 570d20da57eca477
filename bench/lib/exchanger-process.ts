/**
 * The bench's handle on the exchanger child process: start it (optionally slowed down), read how
 * many requests it served per path, stop it.
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ChildReply } from "./exchanger-protocol.js";

export interface ExchangerProcess {
  baseUrl: string;
  /** API key of the sandbox's "main" account (orders, details, everything). */
  apiKey: string;
  /** Requests served per path since the last reset. */
  counts(): Promise<Record<string, number>>;
  reset(): void;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL("../exchanger-child.js", import.meta.url));

export async function startExchangerProcess(delayMs = 0): Promise<ExchangerProcess> {
  const child: ChildProcess = fork(CHILD, [], { env: { ...process.env, BENCH_DELAY_MS: String(delayMs) }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ready = await nextReply(child, "ready");
  return {
    baseUrl: ready.baseUrl,
    apiKey: ready.apiKey,
    async counts() {
      const reply = nextReply(child, "counts");
      child.send({ type: "counts" });
      return (await reply).counts;
    },
    reset() {
      child.send({ type: "reset" });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill();
      await exited;
    },
  };
}

function nextReply<T extends ChildReply["type"]>(child: ChildProcess, type: T): Promise<Extract<ChildReply, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ChildReply) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message as Extract<ChildReply, { type: T }>);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the exchanger child process exited (code ${code}) before answering "${type}"`));
    };
    const cleanup = () => {
      child.off("message", onMessage);
      child.off("exit", onExit);
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}
