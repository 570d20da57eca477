/** Messages between the bench and its Bot API fake child process (telegram-child.ts), used by P1 and P2. */
import type { Update } from "grammy/types";

/** A chat's /orders screen (ours) or "Orders" message (the bare bot): the message and its page buttons. */
export interface Screen {
  messageId: number;
  page1: string;
  page2: string;
}

/** What a bot sent to show a screen (editMessageText's fields but chat_id and message_id). */
export type ScreenPayload = { text: string } & Record<string, unknown>;

export type TelegramRequest =
  | { type: "open-screens"; chats: number[]; apiKey: string }
  | { type: "find-screens"; chats: number[] }
  | { type: "burst"; rounds: number; chats: number }
  | { type: "text"; chatId: number; text: string }
  | { type: "presses"; chatId: number; count: number }
  | { type: "forget-calls" }
  | { type: "last-edit"; chatId: number };
export type TelegramReply =
  | { type: "ready"; apiRoot: string }
  | { type: "screens-ready" }
  | { type: "burst-done"; updates: number; seconds: number; apiCalls: number; edits: number }
  | { type: "updates"; updates: Update[] }
  | { type: "calls-forgotten" }
  | { type: "edit"; payload: ScreenPayload }
  | { type: "failed"; message: string };
