/**
 * The bench's handle on the exchanger child process: start it (optionally slowed down), read how
 * many requests it served per path, stop it.
 */
import { fileURLToPath } from "node:url";
import { forkChild, nextReply, stopChild } from "./child.js";
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
  const child = forkChild(CHILD, { BENCH_DELAY_MS: String(delayMs) });
  const ready = await nextReply<ChildReply, "ready">(child, "ready");
  return {
    baseUrl: ready.baseUrl,
    apiKey: ready.apiKey,
    async counts() {
      const reply = nextReply<ChildReply, "counts">(child, "counts");
      child.send({ type: "counts" });
      return (await reply).counts;
    },
    reset() {
      child.send({ type: "reset" });
    },
    stop: () => stopChild(child),
  };
}
