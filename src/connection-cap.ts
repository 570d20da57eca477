/**
 * A cap on open connections where an idle connection makes room for a new one.
 *
 * Node's own `server.maxConnections` refuses every connection beyond the cap: anyone who can reach
 * the port and open that many connections that send nothing (or one request and then nothing, under
 * keep-alive) locks Telegram and the health checker out until the timeouts close them — and can
 * repeat it forever. Here a new connection beyond the cap closes the connection that has been idle
 * longest instead: one that has not sent a complete request yet, or one waiting under keep-alive for
 * its next request. Only connections with a request in progress (being read, handled or answered)
 * are never closed for room; when all of them are, the new connection is the one refused.
 *
 * A client whose idle connection was closed simply reconnects (Telegram does; so does a scraper).
 * The timeouts of the server (headers, request, keep-alive) still close idle connections on their
 * own after a few seconds; this only decides who goes first when the cap is reached before that.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";

export interface ConnectionCap {
  /** Connections open now (idle and busy). */
  readonly open: number;
  /** Connections closed to make room since the start. */
  readonly evicted: number;
}

export function capConnections(server: Server, maxConnections: number): ConnectionCap {
  // Insertion order = idle since longest first: a Set keeps it, and re-adding moves to the end.
  const idle = new Set<Socket>();
  /** Requests in progress per busy connection (pipelining may queue several). */
  const busy = new Map<Socket, number>();
  let evicted = 0;

  server.on("connection", (socket: Socket) => {
    if (idle.size + busy.size >= maxConnections) {
      const longestIdle = idle.values().next().value;
      if (longestIdle === undefined) {
        socket.destroy(); // every connection is serving a request: this one waits its turn elsewhere
        return;
      }
      idle.delete(longestIdle);
      longestIdle.destroy();
      evicted++;
    }
    idle.add(socket);
    socket.once("close", () => {
      idle.delete(socket);
      busy.delete(socket);
    });
  });

  server.on("request", (req, res) => {
    const socket = req.socket;
    if (socket.destroyed) return;
    idle.delete(socket);
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    res.once("close", () => {
      const left = (busy.get(socket) ?? 1) - 1;
      if (left > 0) return void busy.set(socket, left);
      busy.delete(socket);
      if (!socket.destroyed) idle.add(socket); // at the end: idle since now
    });
  });

  return {
    get open() {
      return idle.size + busy.size;
    },
    get evicted() {
      return evicted;
    },
  };
}
