/**
 * Pure helpers for Telegram HTML. Every string that came from the exchanger or the user goes through
 * `escapeHtml` before it is placed in a message.
 */

import { isHiddenField, looksSecret, maskDeep } from "../../exchanger/index.js";

export const MESSAGE_LIMIT = 4096;

/** Anything `escapeHtml` would change: most texts (numbers, names, dates) hold none of it. */
const TO_ESCAPE = /[&<>"]/;

export function escapeHtml(value: unknown): string {
  const text = visibleText(String(value));
  if (!TO_ESCAPE.test(text)) return text;
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/**
 * Characters that must never reach a chat from outside: control characters (the line break excepted),
 * bidi marks, embeddings, overrides and isolates (a U+202E flips the bot's own sentence around it),
 * zero-width and other invisible characters, and lone surrogates (invalid UTF-16: Telegram rejects
 * the whole message). In a `u` regex a proper surrogate pair is one code point, so only lone halves match.
 */
const UNSAFE =
  /(?!\n)[\p{Cc}\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb\ud800-\udfff]/gu;
/**
 * Anything `visibleText` might change (CR and tab are control characters too), tested before
 * replacing: UNSAFE's classes spelled out without the `u` flag, which V8 scans far faster (a text of
 * a screen goes through this dozens of times). Without `u` a surrogate pair is two halves, so a text
 * with an emoji matches too and takes the precise path, which keeps the pair.
 */
const MAY_NEED_CLEANING =
  /[\x00-\x09\x0b-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb\ud800-\udfff]/;

/**
 * The one sanitizer for text from outside (the exchanger, the user): what is left can be shown as it
 * reads. Tabs become spaces and CR/CRLF line breaks become \n. Every HTML message gets it through
 * `escapeHtml`, every button label through `clip`.
 */
export function visibleText(text: string): string {
  if (!MAY_NEED_CLEANING.test(text)) return text;
  return text.replace(/\r\n?/g, "\n").replace(/\t/g, " ").replace(UNSAFE, "");
}

/**
 * What the user typed, quoted back in a message ("no currency matches …"): sanitized, whitespace
 * collapsed, cut to `max` characters without splitting an emoji, HTML-escaped.
 */
export function quoteInput(text: string, max = 50): string {
  return escapeHtml(clip(visibleText(text).replace(/\s+/g, " ").trim(), max));
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

/** Hidden fields and key-like values: the one decision lives with the normalizer (exchanger/normalize/secrets.ts). */
export { looksSecret };

/** Nesting shown in one value; deeper parts become "…" (a server sent JSON nested 100,000 deep). */
const MAX_DEPTH = 3;
/** Entries of one array or object shown; the rest are summed up as "…". */
const MAX_ENTRIES = 20;
/** Characters one value may hold (a long string is cut here already); clip() cuts what is shown later. */
const MAX_VALUE_TEXT = 2000;

/**
 * A readable value, or undefined when there is nothing worth showing. Objects read "Key: value; …",
 * nested ones in parentheses, at most MAX_DEPTH levels and MAX_ENTRIES entries per level, so that any
 * answer costs bounded time and stack however it is shaped. `label` names the keys of nested objects
 * (a screen passes its field dictionary, ui/field-names.ts, so "settings" reads in the user's language).
 */
export function displayValue(
  value: unknown,
  label: (key: string) => string = humanizeKey,
  number?: NumberFormat,
): string | undefined {
  return readable(value, 0, { left: MAX_VALUE_TEXT }, { label, number });
}

/**
 * Writes a decimal in the reader's language (ui/money.ts formatNumber, passed in by the screen).
 * Only numbers with a fractional part are given to it ("0.5" → "0,5" in ru/uk): whole numbers stay
 * as written, since a generic field's integer is as often an id, a phone or a count as a quantity.
 */
export type NumberFormat = (decimal: string) => string;
const FRACTIONAL = /^[+-]?\d+\.\d+$/;

function leafNumber(value: string | number, number: NumberFormat | undefined): string {
  const text = String(value);
  return number !== undefined && FRACTIONAL.test(text.trim()) ? number(text.trim()) : text;
}

function readable(
  value: unknown,
  depth: number,
  budget: { left: number },
  how: { label: (key: string) => string; number?: NumberFormat },
): string | undefined {
  const label = how.label;
  if (value === null || value === undefined) return undefined;
  if (budget.left <= 0) return "…";
  let out: string | undefined;
  if (typeof value === "string")
    out =
      value.trim() === ""
        ? undefined
        : value.length > budget.left
          ? `${value.slice(0, budget.left)}…`
          : leafNumber(value, how.number);
  else if (typeof value === "number") out = leafNumber(value, how.number);
  else if (typeof value === "bigint") out = String(value);
  else if (typeof value === "boolean") out = value ? "✓" : "✗";
  else if (typeof value === "object") {
    if (depth >= MAX_DEPTH) return "…";
    const parts: string[] = [];
    let seen = 0;
    const entries = Array.isArray(value)
      ? value.map((v) => [undefined, v] as const)
      : Object.entries(value as Record<string, unknown>);
    for (const [key, item] of entries) {
      if (key !== undefined && looksSecret(key, item)) continue;
      if (seen === MAX_ENTRIES || budget.left <= 0) {
        parts.push("…");
        break;
      }
      seen++;
      const shown = readable(item, depth + 1, budget, how);
      if (shown === undefined) continue;
      // A nested list or object is put in parentheses, so its "; " and ", " do not read as its parent's.
      const part =
        typeof item === "object" && item !== null && shown !== "…" ? `(${shown})` : shown;
      parts.push(key === undefined ? part : `${label(key)}: ${part}`);
    }
    out = parts.length > 0 ? parts.join(Array.isArray(value) ? ", " : "; ") : undefined;
  }
  if (out !== undefined) budget.left -= out.length;
  return out;
}

/**
 * Cuts plain text (a value before escaping, a button label) so it cannot blow the message limit,
 * without splitting a character; sanitized like everything shown (visibleText).
 */
export function clip(text: string, max = 300): string {
  // Long server strings are cut before the character-wise work; a surrogate pair split here is a
  // lone half, which visibleText drops.
  const clean = visibleText(text.length > max * 4 ? text.slice(0, max * 4) : text);
  if (clean.length <= max) return clean;
  const chars = [...clean];
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join("")}…`;
}

/**
 * Lines "<b>Label:</b> value" for every field not listed in `skip`; `label` names the fields (and the
 * keys of nested values), unknown ones humanized. Screens pass `fieldLabels(ctx, scope)`
 * (ui/field-names.ts). Values and labels are escaped here.
 */
const MAX_FIELD_LINES = 100;

export function fieldLines(
  record: Record<string, unknown>,
  options: {
    skip?: Iterable<string>;
    label?: (key: string) => string | undefined;
    maxValue?: number;
    /**
     * Where the exchanger says to pay (an order's payment instructions, normalize/secrets.ts Role):
     * shown in full (the card's copy buttons carry each value); only secret-named fields are left out.
     */
    payTo?: boolean;
    /** Decimals in the reader's language (not for `payTo`: where to pay is shown as the exchanger wrote it). */
    number?: NumberFormat;
  } = {},
): string[] {
  const skip = new Set(options.skip ?? []);
  const labelOf = (key: string): string => options.label?.(key) ?? humanizeKey(key);
  const lines: string[] = [];
  for (const [key, raw] of Object.entries(record)) {
    // More lines than a message can hold are never shown (fitMessage would drop them anyway).
    if (lines.length === MAX_FIELD_LINES) break;
    if (skip.has(key) || (options.payTo ? isHiddenField(key) : looksSecret(key, raw))) continue;
    // Card and document numbers masked at any depth, whatever screen the record came from — except
    // where to pay, which is the exchanger's and must be read whole.
    const shown = options.payTo
      ? displayValue(raw, labelOf)
      : displayValue(maskDeep(raw, key), labelOf, options.number);
    if (shown === undefined) continue;
    const label = labelOf(key);
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
