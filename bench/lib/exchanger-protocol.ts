/** Messages between the bench and its exchanger child process (exchanger-child.ts). */
export type ParentMessage = { type: "counts" } | { type: "reset" };
export type ChildReply =
  | { type: "ready"; baseUrl: string; apiKey: string }
  | { type: "counts"; counts: Record<string, number> };
