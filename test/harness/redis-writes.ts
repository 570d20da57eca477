/**
 * Redis round trips counted at the client: the writes an ioredis connection of this process makes to
 * Redis's port, grouped by the stretch of code that made them. Writes made one after another with no
 * turn of the event loop between them (a lone command, a pipeline, an auto-pipelined batch, or two
 * commands sent before either answer is awaited) cannot wait for each other's answers: they are one
 * round trip, and their answers come back together. A write after an answer came back starts the
 * next. Not timed, and blind to other processes (MONITOR would see every test worker's traffic).
 */
import { Socket } from "node:net";

/** Per write, the names of the commands it carries (RESP: `*<n>\r\n$<len>\r\n<NAME>\r\n`). */
const commandsIn = (chunk: string): string[] =>
  [...chunk.matchAll(/\*\d+\r\n\$\d+\r\n([A-Za-z]+)\r\n/g)].map((m) => m[1]!.toLowerCase());

export interface RedisWrites {
  /** Forgets what was seen and starts recording. */
  start(): void;
  /** Stops recording; the commands of each round trip since `start`. */
  stop(): string[][];
  /** Puts Socket.prototype.write back. */
  restore(): void;
}

export function watchRedisWrites(port: number): RedisWrites {
  const original = Socket.prototype.write;
  let seen: string[][] | undefined;
  /** Writes of the running stretch of code are going into the last group. */
  let grouping = false;
  Socket.prototype.write = function (this: Socket, chunk: unknown, ...rest: unknown[]) {
    if (seen !== undefined && this.remotePort === port && chunk !== undefined) {
      const text =
        typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("latin1");
      if (!grouping) {
        // The group closes once the code that is running now has run (an answer can only arrive
        // after that, in a later turn).
        grouping = true;
        seen.push([]);
        process.nextTick(() => (grouping = false));
      }
      seen.at(-1)!.push(...commandsIn(text));
    }
    return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof original;
  return {
    start: () => void (seen = []),
    stop() {
      const writes = seen ?? [];
      seen = undefined;
      return writes;
    },
    restore: () => void (Socket.prototype.write = original),
  };
}
