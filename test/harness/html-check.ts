/**
 * A faithful-enough check of Telegram's HTML parse mode: only Telegram's tags, balanced, and every
 * `&` starting a known entity. Telegram answers 400 "can't parse entities" otherwise, so the fake does too.
 */
const ALLOWED = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "span",
  "tg-spoiler",
  "a",
  "code",
  "pre",
  "blockquote",
  "tg-emoji",
  // A date_time entity (Bot API of grammY 1.46's types): `<tg-time unix="…" format="…">text</tg-time>`.
  "tg-time",
]);

export function htmlProblem(text: string): string | undefined {
  const stack: string[] = [];
  const tag = /<\/?([a-zA-Z-]+)([^>]*)>|<|&(#?[a-zA-Z0-9]+);?|&/g;
  for (const match of text.matchAll(tag)) {
    const whole = match[0];
    if (whole === "<") return `Unexpected '<' at byte offset ${match.index}`;
    if (whole.startsWith("&")) {
      if (!/^&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);$/.test(whole))
        return `Unsupported or unterminated entity '${whole}' at offset ${match.index}`;
      continue;
    }
    const name = match[1]!.toLowerCase();
    if (!ALLOWED.has(name)) return `Unsupported start tag "${name}" at byte offset ${match.index}`;
    if (whole.startsWith("</")) {
      if (stack.pop() !== name) return `Unmatched end tag "${name}" at byte offset ${match.index}`;
    } else {
      if (name === "tg-time" && !validTime(match[2] ?? ""))
        return `Invalid date_time entity attributes at byte offset ${match.index}`;
      stack.push(name);
    }
  }
  if (stack.length > 0) return `Can't find end tag corresponding to start tag "${stack.at(-1)}"`;
  return undefined;
}

/** A date_time entity's attributes: a unix time, and a format of r or [w][d|D][t|T] when given. */
function validTime(attributes: string): boolean {
  if (!/(^|\s)unix="\d+"/.test(attributes)) return false;
  const format = /(^|\s)format="([^"]*)"/.exec(attributes)?.[2];
  return format === undefined || /^(r|w?[dD]?[tT]?)$/.test(format);
}

/** The text a user sees: tags stripped, entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, "&");
}

/** No lone surrogate (Telegram rejects text that is not valid UTF-16): encodeURIComponent throws on one. */
export function wellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
