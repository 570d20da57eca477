/** What an API key looks like in a message: used by linking and by the secret guard (which deletes keys wherever they appear). */
import { parseOrderStartPayload } from "./deep-link.js";

/** Exchanger CMS keys are long random tokens; anything with spaces or too short is not one. */
export function looksLikeApiKey(text: string): boolean {
  const trimmed = text.trim();
  // `order_1234567890` (a deep link's payload, deep-link.ts) has the shape but is an order number.
  return (
    /^[A-Za-z0-9_\-.:+/=]{16,256}$/.test(trimmed) && parseOrderStartPayload(trimmed) === undefined
  );
}

/**
 * Invisible format characters (Unicode Cf: zero-width space and joiners, soft hyphen, word joiner,
 * bidi marks, BOM…): a key pasted from a web page or a password manager may carry them, and they must
 * neither hide it from the guard nor end up in the key the bot sends.
 */
const INVISIBLE = /\p{Cf}/gu;

/** What may wrap a pasted key inside a sentence: spaces, quotes, brackets, commas, semicolons. */
const AROUND_KEY = /[\s"'`«»“”„‘’‚,;()[\]{}<>|]+/u;

/** One piece of a key broken by spaces or line breaks: key characters, letters and digits mixed (as random keys are). */
const isKeyFragment = (word: string): boolean =>
  /^[A-Za-z0-9_\-+/=]+$/.test(word) && /[A-Za-z]/.test(word) && /\d/.test(word);

/**
 * The key a message holds as a whole, cleaned: invisible characters taken out, and the pieces of a key
 * broken by whitespace (a line break in the middle of it) joined again. Undefined when the message is
 * not a key on its own. Pieces are joined only when they mix letters and digits (a short end piece
 * excepted), so that a sentence ("hello there my friend") is never taken for a key.
 */
export function keyCandidate(text: string): string | undefined {
  const clean = text.replace(INVISIBLE, "").trim();
  if (looksLikeApiKey(clean)) return clean;
  const pieces = clean.split(/\s+/);
  // A short end piece ("…9f\nab") may lack a digit or a letter by chance; the pieces between may not.
  const fits = (piece: string, i: number): boolean =>
    isKeyFragment(piece) ||
    ((i === 0 || i === pieces.length - 1) && piece.length <= 4 && /^[A-Za-z0-9]+$/.test(piece));
  if (
    pieces.length > 1 &&
    pieces.every(fits) &&
    pieces.some(isKeyFragment) &&
    looksLikeApiKey(pieces.join(""))
  )
    return pieces.join("");
  return undefined;
}

/**
 * A key anywhere in a text: the whole text (keyCandidate), or one of its words once quotes, brackets
 * and trailing commas or dots are taken off, or a run of key fragments broken by whitespace. A word
 * inside a sentence must also mix letters and digits, as random keys do, and not be a link, so that
 * ordinary words and addresses in a group are not taken for keys.
 */
export function containsApiKey(text: string): boolean {
  if (keyCandidate(text) !== undefined) return true;
  const words = text
    .replace(INVISIBLE, "")
    .split(AROUND_KEY)
    .map((word) => word.replace(/[.:]+$/, ""));
  if (
    words.some(
      (word) =>
        /[A-Za-z]/.test(word) && /\d/.test(word) && !word.includes("://") && looksLikeApiKey(word),
    )
  )
    return true;
  // A key broken across lines inside a longer message: consecutive fragments that together have its shape.
  let run = "";
  for (const word of words) {
    run = isKeyFragment(word) ? run + word : "";
    if (run.length >= 16 && run !== word && looksLikeApiKey(run)) return true;
  }
  return false;
}
