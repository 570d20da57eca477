/**
 * HTTP/1.1 over a plain socket, for tests that must control when (and whether) a request body is
 * sent: fetch() would send the whole body before showing the answer.
 */
import { connect, type Socket } from "node:net";

export interface RawResponse {
  /** 0 when the server closed the connection without answering. */
  status: number;
  text: string;
  /** Body bytes written before the answer arrived (or the connection closed). */
  bodyBytesSent: number;
  /** ms from the first byte sent to the answer (or close). */
  elapsedMs: number;
}

export interface RawRequest {
  port: number;
  path: string;
  headers: Record<string, string>;
  /** Body bytes to stream, in 64 KB chunks, stopping as soon as an answer arrives. */
  bodyBytes?: number;
  /** Fixed body text (sent at once). */
  body?: string;
  /** Delay between chunks of a streamed body. */
  chunkDelayMs?: number;
}

const CHUNK = Buffer.alloc(64 * 1024, "a");

export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

export async function rawRequest(request: RawRequest): Promise<RawResponse> {
  const socket = await openSocket(request.port);
  const started = Date.now();
  let received = "";
  let bodyBytesSent = 0;
  let gotWhole: () => void = () => undefined;
  /** The whole answer is in: its body as long as announced (or the end of a chunked one), or the socket closed. */
  const whole = new Promise<void>((resolve) => (gotWhole = resolve));
  const answered = new Promise<void>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n\r\n")) resolve();
      if (answerComplete(received)) gotWhole();
    });
    socket.on("close", () => (resolve(), gotWhole()));
    socket.on("error", () => (resolve(), gotWhole())); // EPIPE / ECONNRESET: the server cut the upload off
  });
  let done = false;
  void answered.then(() => (done = true));

  const head = [
    `POST ${request.path} HTTP/1.1`,
    "Host: 127.0.0.1",
    ...Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`),
    "",
    "",
  ].join("\r\n");
  socket.write(head);
  if (request.body !== undefined) {
    socket.write(request.body);
    bodyBytesSent = Buffer.byteLength(request.body);
  } else if (request.bodyBytes !== undefined) {
    const chunked = Object.keys(request.headers).some(
      (k) => k.toLowerCase() === "transfer-encoding",
    );
    while (!done && bodyBytesSent < request.bodyBytes && !socket.destroyed) {
      const size = Math.min(CHUNK.length, request.bodyBytes - bodyBytesSent);
      const piece = CHUNK.subarray(0, size);
      const ok = socket.write(
        chunked
          ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), piece, Buffer.from("\r\n")])
          : piece,
      );
      bodyBytesSent += size;
      if (!ok) await Promise.race([new Promise((r) => socket.once("drain", r)), answered]);
      if (request.chunkDelayMs)
        await Promise.race([new Promise((r) => setTimeout(r, request.chunkDelayMs)), answered]);
    }
  }
  await answered;
  await whole; // the rest of a short answer, before reading it
  socket.destroy();
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
  return { status, text: received, bodyBytesSent, elapsedMs: Date.now() - started };
}

/** True once `received` holds a whole HTTP/1.1 answer (headers and the body they announce). */
function answerComplete(received: string): boolean {
  const end = received.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const head = received.slice(0, end).toLowerCase();
  const body = received.slice(end + 4);
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  if (length) return Buffer.byteLength(body, "latin1") >= Number(length[1]);
  if (/\r\ntransfer-encoding: *chunked/.test(head)) return /(^|\r\n)0\r\n\r\n$/.test(body);
  return /^http\/1\.1 (1\d\d|204|304)/.test(head); // no body; otherwise the body ends with the socket
}

/** Resolves when the server closes the socket (true), or false after `timeoutMs`. */
export function closedWithin(socket: Socket, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed || socket.readableEnded) return resolve(true);
    const timer = setTimeout(() => resolve(false), timeoutMs);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.resume();
  });
}
