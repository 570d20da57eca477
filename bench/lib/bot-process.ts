/** The P2 bench's handle on a bot child process (bot-child.ts). */
import { fileURLToPath } from "node:url";
import { forkChild, nextReply, stopChild } from "./child.js";
import type { BotReply, BotRequest } from "./bot-protocol.js";

export interface BotProcess {
  pageSize: number;
  /** Connections its exchanger client may open. */
  connections: number;
  /** The bare bot sends each chat its "Orders" message (ours opens screens when users ask). */
  sendScreens(chats: number[]): Promise<void>;
  /** Starts counting the bot's CPU. */
  mark(): Promise<void>;
  /** CPU since mark() (µs) and the process's peak RSS so far (bytes). */
  report(): Promise<{ cpuMicros: number; peakRssBytes: number; memory: NodeJS.MemoryUsage }>;
  /** Stops polling, closes the bot (our bot's Redis keys are removed), ends the process. */
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL("../bot-child.js", import.meta.url));

export async function startBotProcess(env: {
  BENCH_BOT: "ours" | "bare";
  BENCH_EXCHANGER: string;
  BENCH_API_ROOT: string;
  BENCH_API_KEY?: string;
  BENCH_PAGE_SIZE?: string;
  BENCH_CONNECTIONS?: string;
}): Promise<BotProcess> {
  const child = forkChild(
    CHILD,
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >,
  );
  const { pageSize, connections } = await nextReply<BotReply, "ready">(child, "ready");
  const request = <T extends BotReply["type"]>(message: BotRequest, answer: T) => {
    const reply = nextReply<BotReply, T>(child, answer);
    child.send(message);
    return reply;
  };
  return {
    pageSize,
    connections,
    async sendScreens(chats) {
      await request({ type: "send-screens", chats }, "screens-sent");
    },
    async mark() {
      await request({ type: "mark" }, "marked");
    },
    async report() {
      const { cpuMicros, peakRssBytes, memory } = await request({ type: "report" }, "report");
      return { cpuMicros, peakRssBytes, memory };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        await request({ type: "stop" }, "stopped").catch(() => undefined);
        // It leaves by itself once stopped (see bot-child.ts); kill it only if it hangs.
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      }
      await stopChild(child);
    },
  };
}
