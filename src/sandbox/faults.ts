/**
 * Injected failures, so clients can be tested against the ways a real exchanger breaks:
 * a hung PHP worker (stall), an nginx error page (html500), a maintenance page served with 200
 * (nonjson), a dropped connection (reset), a 500 that still carries the JSON envelope, and an answer
 * lost after the method ran (lost-answer: the write happened, the client never hears of it).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Language } from "../languages.js";
import { errorEnvelope, send, sendJson, type ErrorStyle, type StatusRecord } from "./respond.js";

export type Fault = "stall" | "html500" | "nonjson" | "reset" | "envelope500" | "lost-answer";

interface FaultRule {
  path: string | undefined;
  kind: Fault;
  remaining: number;
}

const HTML_500 =
  "<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head>" +
  "<body><center><h1>500 Internal Server Error</h1></center><hr><center>nginx</center></body></html>\n";

export class FaultQueue {
  private rules: FaultRule[] = [];

  add(path: string | undefined, kind: Fault, times = 1): void {
    if (times > 0) this.rules.push({ path, kind, remaining: times });
  }

  clear(): void {
    this.rules = [];
  }

  /** The first armed rule matching this path, consuming one use of it. */
  take(path: string): Fault | undefined {
    const rule = this.rules.find((r) => r.path === undefined || r.path === path);
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules.splice(this.rules.indexOf(rule), 1);
    return rule.kind;
  }
}

export function applyFault(
  kind: Fault,
  req: IncomingMessage,
  res: ServerResponse,
  record: StatusRecord,
  style: ErrorStyle,
  language: Language,
): void {
  switch (kind) {
    case "stall":
      // Never answer; the socket is destroyed by close() (or by the client giving up).
      return;
    case "reset":
    case "lost-answer": // server.ts applies it after the method ran; before, it is a reset
      req.socket.destroy();
      return;
    case "html500":
      send(res, record, 500, "text/html; charset=utf-8", HTML_500);
      return;
    case "nonjson":
      send(res, record, 200, "text/html; charset=utf-8", "<html>maintenance</html>");
      return;
    case "envelope500":
      // The fault's point is the 500 itself, so its status stays; the envelope is the dialect's.
      sendJson(res, record, 500, errorEnvelope(style, language, "internal"));
      return;
  }
}
