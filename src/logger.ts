/**
 * pino with redaction. Secrets must never reach a log line; redaction is the last line of defence
 * (the first is never passing secrets to the logger at all).
 */
import { pino, type Logger, type LoggerOptions } from "pino";

export type { Logger };

/** Field names that may carry secrets, wherever they appear in a logged object. */
export const SECRET_FIELDS = [
  "apiKey",
  "api_key",
  "key",
  "token",
  "password",
  "new_password",
  "newPassword",
  "code",
  "secret",
  "two_factor_authentication_password",
  "two_factor_authentication_token",
  "x-authorization",
  "X-Authorization",
  "authorization",
  "botToken",
  "encryptionKey",
  "privateApiKey",
  "operatorKey",
] as const;

const redactPaths = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  ...SECRET_FIELDS.map((f) => `*.*.${f}`),
  'headers["x-authorization"]',
  'req.headers["x-authorization"]',
  'req.headers["x-telegram-bot-api-secret-token"]',
];

export function createLogger(
  level: LoggerOptions["level"] = "info",
  destination?: pino.DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level,
    redact: { paths: redactPaths, censor: "[redacted]" },
    base: { service: "exchanger-bot" },
  };
  return destination ? pino(options, destination) : pino(options);
}
