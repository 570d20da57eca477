/**
 * pino with redaction. Secrets must never reach a log line; redaction is the last line of defence
 * (the first is never passing secrets to the logger at all).
 */
import { createRequire } from "node:module";
import { pino, type Logger, type LoggerOptions } from "pino";

export type { Logger };

/** LOG_FORMAT: JSON lines for a log collector (the default, the image's), or readable lines. */
export type LogFormat = "json" | "pretty";

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
  format: LogFormat = "json",
): Logger {
  const options: LoggerOptions = {
    level,
    redact: { paths: redactPaths, censor: "[redacted]" },
    base: { service: "exchanger-bot" },
  };
  // Redaction happens before either format sees the line, so pretty lines are as clean as JSON ones.
  const pretty = format === "pretty" ? prettyStream(destination) : undefined;
  if (pretty) return pino(options, pretty);
  const logger = destination ? pino(options, destination) : pino(options);
  if (format === "pretty")
    logger.warn(
      "LOG_FORMAT=pretty needs pino-pretty, a development dependency (npm install); logging JSON",
    );
  return logger;
}

type PrettyFactory = (options: Record<string, unknown>) => pino.DestinationStream;

/**
 * pino-pretty, loaded only when asked for: it is a development dependency, absent from the image
 * (`npm ci --omit=dev`), where the bot keeps logging JSON rather than failing to start.
 */
function prettyStream(destination?: pino.DestinationStream): pino.DestinationStream | undefined {
  let pretty: PrettyFactory;
  try {
    const loaded = createRequire(import.meta.url)("pino-pretty") as
      PrettyFactory | { default: PrettyFactory };
    pretty = typeof loaded === "function" ? loaded : loaded.default;
  } catch {
    return undefined;
  }
  return pretty({
    destination: destination ?? 1,
    // Written before the process moves on: a laptop run reads the last line before an exit too.
    sync: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,service",
  });
}
