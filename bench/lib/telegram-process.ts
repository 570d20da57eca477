/** The bench's handle on the Bot API fake child process (telegram-child.ts), used by P1 and P2. */
import type { Update } from "grammy/types";
import { fileURLToPath } from "node:url";
import { forkChild, nextReply, stopChild } from "./child.js";
import type { ScreenPayload, TelegramReply, TelegramRequest } from "./telegram-protocol.js";

export interface TelegramProcess {
  apiRoot: string;
  /** Links each chat with the key and opens its /orders screen (the bot must be polling). */
  openScreens(chats: number[], apiKey: string): Promise<void>;
  /** Takes each chat's newest message with page buttons (sent by the bot itself) as its screen. */
  findScreens(chats: number[]): Promise<void>;
  /** Queues `rounds` page presses in each of the first `chats` chats at once; resolves when all are answered. */
  burst(
    rounds: number,
    chats: number,
  ): Promise<{ updates: number; seconds: number; apiCalls: number; edits: number }>;
  /** A user's text message, for the bot to be handed directly (not queued for getUpdates). */
  text(chatId: number, text: string): Promise<Update>;
  /** The chat's next `count` presses of its screen's page buttons (alternating), not queued either. */
  presses(chatId: number, count: number): Promise<Update[]>;
  /** The screen the bot's newest edit in the chat showed (text, keyboard and options, byte for byte). */
  lastEdit(chatId: number): Promise<ScreenPayload>;
  /** Drops the fake's record of API calls (it grows with every call). */
  forgetCalls(): Promise<void>;
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
    async findScreens(chats) {
      await request({ type: "find-screens", chats }, "screens-ready");
    },
    async burst(rounds, chats) {
      const { updates, seconds, apiCalls, edits } = await request(
        { type: "burst", rounds, chats },
        "burst-done",
      );
      return { updates, seconds, apiCalls, edits };
    },
    async text(chatId, text) {
      return (await request({ type: "text", chatId, text }, "updates")).updates[0]!;
    },
    async presses(chatId, count) {
      return (await request({ type: "presses", chatId, count }, "updates")).updates;
    },
    async lastEdit(chatId) {
      return (await request({ type: "last-edit", chatId }, "edit")).payload;
    },
    async forgetCalls() {
      await request({ type: "forget-calls" }, "calls-forgotten");
    },
    stop: () => stopChild(child),
  };
}
