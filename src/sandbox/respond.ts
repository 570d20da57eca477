/**
 * Writing responses. Every answer goes through `send`, which also notes the HTTP status in the
 * request's record so tests can see exactly what the client got.
 */
import type { ServerResponse } from "node:http";
import type { Language } from "../languages.js";
import type { Dialect } from "./dialect.js";
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
  res.writeHead(status, {
    "content-type": contentType,
    "content-length": String(Buffer.byteLength(body)),
    ...headers,
  });
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

/** How a dialect writes its error envelopes (dialect.ts): their HTTP status, whether they carry `message`, a framework's forms. */
export type ErrorStyle = Pick<
  Dialect,
  "rejectedKeyStatus" | "errorStatus" | "errorMessage" | "framework"
>;

/**
 * The HTTP status an error envelope goes out with. `documented` is what the spec dialect sends; a
 * rejected key follows `rejectedKeyStatus`, every other error `errorStatus` (real servers often send
 * 200 for everything and only say `success: false`).
 */
export function errorHttpStatus(
  style: ErrorStyle,
  documented: number,
  rejectedKey = false,
): number {
  if (rejectedKey) return style.rejectedKeyStatus;
  return style.errorStatus === "as-documented" ? documented : style.errorStatus;
}

/** The error envelope: success=false, a message (unless the style omits it), result=false. */
export function errorEnvelope(
  style: ErrorStyle,
  language: Language,
  key: MessageKey,
  vars?: Record<string, string | number>,
) {
  if (!style.errorMessage) return { success: false, result: false };
  const message = translate(key, language, vars);
  // A PHP framework's page helper wraps the message in (encoded) markup.
  const written = style.framework ? `&lt;b&gt;Error!&lt;/b&gt; ${message}&lt;br&gt;` : message;
  return { success: false, message: written, result: false };
}

/** A framework's validation answer: no `success`, the field's message under `errors`, HTTP 422. */
function validationAnswer(language: Language, field: string, key: MessageKey) {
  const message = translate(key === "required" ? "fieldRequired" : key, language);
  return { message: translate("invalidData", language), errors: { [field]: [message] } };
}

export interface ErrorAnswer {
  /** The status the spec dialect would send; the style may replace it (errorHttpStatus). */
  documentedStatus: number;
  key: MessageKey;
  vars?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** The key was missing, unknown or revoked. */
  rejectedKey?: boolean;
  /** The parameter the error is about (a framework answers it as a validation error). */
  field?: string;
}

export function sendError(
  res: ServerResponse,
  record: StatusRecord,
  style: ErrorStyle,
  language: Language,
  answer: ErrorAnswer,
): void {
  if (style.framework && answer.field !== undefined && !answer.rejectedKey) {
    sendJson(
      res,
      record,
      422,
      validationAnswer(language, answer.field, answer.key),
      answer.headers,
    );
    return;
  }
  const status = errorHttpStatus(style, answer.documentedStatus, answer.rejectedKey);
  sendJson(
    res,
    record,
    status,
    errorEnvelope(style, language, answer.key, answer.vars),
    answer.headers,
  );
}
