/**
 * What a log line says of an error, decided once for every log in src/: its name and message
 * ("Unavailable: timeout"), never more. A message may quote what it failed on (JSON.parse quotes the
 * body it read; a request error its URL), so quoted text and anything shaped like a bot token are
 * left out, and a long message is clipped. Something thrown that is not an Error is said by the same
 * rule. A leaf: the log's redaction (logger.ts) stays the last line of defence, not the first.
 */

const BOT_TOKEN = /\d{5,}:[A-Za-z0-9_-]{20,}/g;
const QUOTED = /"[^"]*"|`[^`]*`/g;
const MAX = 200;

/** "Name: message" of an error as it may be logged. */
export function loggedError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const clean = text.replace(BOT_TOKEN, "[bot token]").replace(QUOTED, "…");
  return clean.length > MAX ? `${clean.slice(0, MAX - 1)}…` : clean;
}

/** Where an error was thrown, without its message (the frames only). */
export function loggedStack(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.stack === undefined) return undefined;
  return error.stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}
