/** Messages between the P2 bench and its Bot API fake child process (telegram-child.ts). */
export type TelegramRequest =
  | { type: "open-screens"; chats: number[]; apiKey: string }
  | { type: "burst"; rounds: number; chats: number };
export type TelegramReply =
  | { type: "ready"; apiRoot: string }
  | { type: "screens-ready" }
  | { type: "burst-done"; updates: number; seconds: number; apiCalls: number }
  | { type: "failed"; message: string };
