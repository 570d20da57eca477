/**
 * Writing responses. Every answer goes through `send`, which also notes the HTTP status in the
 * request's record so tests can see exactly what the client got.
 */
import type { ServerResponse } from "node:http";
import type { Language } from "../config.js";
import { translate, type MessageKey } from "./i18n.js";

/** The part of RecordedRequest the responder fills in. */
export interface StatusRecord {
  status: number;
}

export function send(
  res: ServerResponse,
  record: StatusRecord,
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  record.status = status;
  res.writeHead(status, { "content-type": contentType, "content-length": String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

export function sendJson(
  res: ServerResponse,
  record: StatusRecord,
  status: number,
  payload: unknown,
  headers?: Record<string, string>,
): void {
  send(res, record, status, "application/json; charset=utf-8", JSON.stringify(payload), headers);
}

/** The spec's error envelope: success=false, a message, result=false. */
export function errorEnvelope(language: Language, key: MessageKey, vars?: Record<string, string | number>) {
  return { success: false, message: translate(key, language, vars), result: false };
}

export function sendError(
  res: ServerResponse,
  record: StatusRecord,
  status: number,
  language: Language,
  key: MessageKey,
  vars?: Record<string, string | number>,
  headers?: Record<string, string>,
): void {
  sendJson(res, record, status, errorEnvelope(language, key, vars), headers);
}
