/**
 * Redis round trips counted at the client: every write an ioredis connection of this process makes to
 * Redis's port. ioredis writes a lone command, a pipeline, a MULTI … EXEC and an auto-pipelined batch
 * each in one `socket.write`, so one write is one round trip (its answers come back together). Not
 * timed, and blind to other processes (MONITOR would see every test worker's traffic).
 */
import { Socket } from "node:net";

/** Per write, the names of the commands it carries (RESP: `*<n>\r\n$<len>\r\n<NAME>\r\n`). */
const commandsIn = (chunk: string): string[] =>
  [...chunk.matchAll(/\*\d+\r\n\$\d+\r\n([A-Za-z]+)\r\n/g)].map((m) => m[1]!.toLowerCase());

export interface RedisWrites {
  /** Forgets what was seen and starts recording. */
  start(): void;
  /** Stops recording; the commands of each write (round trip) since `start`. */
  stop(): string[][];
  /** Puts Socket.prototype.write back. */
  restore(): void;
}

export function watchRedisWrites(port: number): RedisWrites {
  const original = Socket.prototype.write;
  let seen: string[][] | undefined;
  Socket.prototype.write = function (this: Socket, chunk: unknown, ...rest: unknown[]) {
    if (seen !== undefined && this.remotePort === port && chunk !== undefined) {
      const text =
        typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("latin1");
      seen.push(commandsIn(text));
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
