/** What an API key looks like in a message: used by linking and by the secret guard (which deletes keys wherever they appear). */
import { parseOrderStartPayload } from "./deep-link.js";

/** Exchanger CMS keys are long random tokens; anything with spaces or too short is not one. */
export function looksLikeApiKey(text: string): boolean {
  const trimmed = text.trim();
  // `order_1234567890` (a deep link's payload, deep-link.ts) has the shape but is an order number.
  return /^[A-Za-z0-9_\-.:+/=]{16,256}$/.test(trimmed) && parseOrderStartPayload(trimmed) === undefined;
}

/** What may wrap a pasted key inside a sentence: spaces, quotes, brackets, commas, semicolons. */
const AROUND_KEY = /[\s"'`«»“”„‘’‚,;()[\]{}<>|]+/u;

/**
 * A key anywhere in a text: the whole text, or one of its words once quotes, brackets and trailing
 * commas or dots are taken off. A word inside a sentence must also mix letters and digits, as random
 * keys do, and not be a link, so that ordinary words and addresses in a group are not taken for keys.
 */
export function containsApiKey(text: string): boolean {
  if (looksLikeApiKey(text)) return true;
  return text
    .split(AROUND_KEY)
    .map((word) => word.replace(/[.:]+$/, ""))
    .some((word) => /[A-Za-z]/.test(word) && /\d/.test(word) && !word.includes("://") && looksLikeApiKey(word));
}
