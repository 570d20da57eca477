/**
 * Pure helpers for Telegram HTML. Every string that came from the exchanger or the user goes through
 * `escapeHtml` before it is placed in a message.
 */

export const MESSAGE_LIMIT = 4096;

export function escapeHtml(value: unknown): string {
  return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Control characters, bidi overrides/isolates/marks and zero-width characters. */
const INVISIBLE = /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

/**
 * What the user typed, quoted back in a message ("no currency matches …"): invisible and
 * direction-changing characters dropped (a U+202E would flip the bot's own sentence around it),
 * whitespace collapsed, cut to `max` characters without splitting an emoji, HTML-escaped.
 */
export function quoteInput(text: string, max = 50): string {
  const visible = text.replace(/[\t\n\r]/g, " ").replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
  const chars = [...visible];
  return escapeHtml(chars.length <= max ? visible : `${chars.slice(0, max - 1).join("")}…`);
}

/** "send_currency_id" → "Send currency id"; "createdAt" → "Created at". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Field names whose values must never be shown: hashes, tokens, passwords, secrets. */
const SECRET_NAME = /pass|hash|secret|token|salt|api_?key|auth|session|cookie|pin\b|otp|2fa|two_factor/i;
/** Values that look like hashes/keys (long hex, bcrypt/argon) even under an innocent name. */
const SECRET_VALUE = /^(\$2[aby]?\$|\$argon2)|^[a-f0-9]{32,}$/i;

export function looksSecret(key: string, value: unknown): boolean {
  if (SECRET_NAME.test(key)) return true;
  return typeof value === "string" && SECRET_VALUE.test(value.trim());
}

/** A readable scalar, or undefined when there is nothing worth showing. */
export function displayValue(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "✓" : "✗";
  if (Array.isArray(value)) {
    const parts = value.map(displayValue).filter((v): v is string => v !== undefined);
    return parts.length > 0 ? parts.join(", ") : undefined;
  }
  if (typeof value === "object") {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => !looksSecret(k, v))
      .map(([k, v]) => {
        const shown = displayValue(v);
        return shown === undefined ? undefined : `${humanizeKey(k)}: ${shown}`;
      })
      .filter((v): v is string => v !== undefined);
    return parts.length > 0 ? parts.join("; ") : undefined;
  }
  return undefined;
}

/** Cuts plain text (before escaping) so a field cannot blow the message limit. */
export function clip(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Lines "<b>Label:</b> value" for every field not listed in `skip`, unknown fields humanized.
 * Values are escaped here; labels from translations are trusted.
 */
export function fieldLines(
  record: Record<string, unknown>,
  options: { skip?: Iterable<string>; label?: (key: string) => string | undefined; maxValue?: number } = {},
): string[] {
  const skip = new Set(options.skip ?? []);
  const lines: string[] = [];
  for (const [key, raw] of Object.entries(record)) {
    if (skip.has(key) || looksSecret(key, raw)) continue;
    const shown = displayValue(raw);
    if (shown === undefined) continue;
    const label = options.label?.(key) ?? humanizeKey(key);
    lines.push(`<b>${escapeHtml(label)}:</b> ${escapeHtml(clip(shown, options.maxValue ?? 300))}`);
  }
  return lines;
}

/** Joins blocks and guarantees the Telegram limit by dropping trailing lines (never cutting a tag). */
export function fitMessage(lines: string[], limit = MESSAGE_LIMIT): string {
  let text = lines.join("\n");
  if (text.length <= limit) return text;
  const kept: string[] = [];
  let length = 2; // room for the ellipsis line
  for (const line of lines) {
    if (length + line.length + 1 > limit) break;
    kept.push(line);
    length += line.length + 1;
  }
  text = `${kept.join("\n")}\n…`;
  return text;
}

/** "abcd…wxyz" for keys and long identifiers. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return "••••";
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}
