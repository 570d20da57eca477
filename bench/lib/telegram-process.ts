/** The bench's handle on the Bot API fake child process (telegram-child.ts), used by P2. */
import { fileURLToPath } from "node:url";
import { forkChild, nextReply, stopChild } from "./child.js";
import type { TelegramReply, TelegramRequest } from "./telegram-protocol.js";

export interface TelegramProcess {
  apiRoot: string;
  /** Links each chat with the key and opens its /orders screen (the bot must be polling). */
  openScreens(chats: number[], apiKey: string): Promise<void>;
  /** Queues `rounds` page presses in each of the first `chats` chats at once; resolves when all are answered. */
  burst(rounds: number, chats: number): Promise<{ updates: number; seconds: number; apiCalls: number }>;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL("../telegram-child.js", import.meta.url));

export async function startTelegramProcess(): Promise<TelegramProcess> {
  const child = forkChild(CHILD);
  const { apiRoot } = await nextReply<TelegramReply, "ready">(child, "ready");
  const request = <T extends TelegramReply["type"]>(message: TelegramRequest, answer: T) => {
    const reply = nextReply<TelegramReply, T>(child, answer);
    child.send(message);
    return reply;
  };
  return {
    apiRoot,
    async openScreens(chats, apiKey) {
      await request({ type: "open-screens", chats, apiKey }, "screens-ready");
    },
    async burst(rounds, chats) {
      const { updates, seconds, apiCalls } = await request({ type: "burst", rounds, chats }, "burst-done");
      return { updates, seconds, apiCalls };
    },
    stop: () => stopChild(child),
  };
}
