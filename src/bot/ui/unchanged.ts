/**
 * Whether a screen is exactly what the pressed message already shows (pressing the active filter
 * chip, Refresh of an unchanged order): then showScreen sends no edit at all. Telegram would refuse
 * it with "message is not modified" anyway; not asking saves a request per press and a 400 in the logs.
 *
 * The callback's message carries the text as the user sees it (HTML already turned into text) and its
 * keyboard. We compare our HTML's visible text and our keyboard with those. Formatting alone is not
 * compared: the bot's screens never change formatting without changing text or buttons, and an edit
 * skipped wrongly would leave a stale screen while an edit sent needlessly only costs a request.
 * When the message is not there (too old, inaccessible) or has no text, the edit is sent.
 */
import type { InlineKeyboard } from "grammy";
import type { FlowContext } from "../context.js";

const NAMED: Record<string, string> = { lt: "<", gt: ">", quot: '"', amp: "&", apos: "'" };

const TAG = /<[^>]*>/g;
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi;

/**
 * The text Telegram shows for our HTML: tags dropped, entities decoded. Tags go first, in one native
 * pass without a callback (a list screen has dozens); then entities, only where there is an ampersand. The order is safe: an entity
 * never contains a tag, and a decoded `&lt;b&gt;` is text, never stripped.
 */
export function htmlToPlain(html: string): string {
  const text = html.replace(TAG, "");
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (whole, ref: string) => {
    if (ref.startsWith("#x") || ref.startsWith("#X"))
      return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith("#")) return String.fromCodePoint(Number(ref.slice(1)));
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** A button as canonical JSON: key order differs between what we build and what Telegram returns. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
  );
}

const rowsOf = (keyboard: { inline_keyboard?: unknown[][] } | undefined): string =>
  JSON.stringify(canonical((keyboard?.inline_keyboard ?? []).filter((row) => row.length > 0)));

/** Two keyboards with the same buttons in the same rows (empty rows do not count). */
export const sameRows = (
  a: { inline_keyboard?: unknown[][] } | undefined,
  b: { inline_keyboard?: unknown[][] } | undefined,
): boolean => rowsOf(a) === rowsOf(b);

/** The pressed message already has exactly these buttons (a keyboard-only change that changes nothing). */
export function showsButtonsAlready(
  ctx: FlowContext,
  keyboard: InlineKeyboard | undefined,
): boolean {
  const message = ctx.callbackQuery?.message;
  if (!message) return false;
  return sameRows(keyboard, "reply_markup" in message ? message.reply_markup : undefined);
}

export function showsAlready(
  ctx: FlowContext,
  text: string,
  keyboard: InlineKeyboard | undefined,
): boolean {
  const message = ctx.callbackQuery?.message;
  if (!message || !("text" in message) || typeof message.text !== "string") return false;
  if (htmlToPlain(text).trim() !== message.text.trim()) return false;
  const current = "reply_markup" in message ? message.reply_markup : undefined;
  return rowsOf(keyboard) === rowsOf(current);
}
