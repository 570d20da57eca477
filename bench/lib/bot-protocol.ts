/** Messages between the P2 bench and a bot child process (bot-child.ts). */
export type BotRequest =
  | { type: "send-screens"; chats: number[] }
  | { type: "mark" }
  | { type: "report" }
  | { type: "stop" };
export type BotReply =
  | { type: "ready"; pageSize: number; connections: number }
  | { type: "screens-sent" }
  | { type: "marked" }
  /** CPU (µs) since "mark"; peak resident set size (bytes) over the process's life. */
  | { type: "report"; cpuMicros: number; peakRssBytes: number; memory: NodeJS.MemoryUsage }
  | { type: "stopped" }
  | { type: "failed"; message: string };
