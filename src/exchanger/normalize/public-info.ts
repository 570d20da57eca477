/**
 * `public-api-get-status` and `public-api-get-referral-program` are documented nowhere: a server may
 * answer with an object of fields, a list, a sentence or a plain yes/no. This reader says which one it
 * was so a screen can show each readably (a list as a list, a sentence as text, a flag as words).
 */
import { isNothing, isPlainObject } from "../envelope.js";
import type { PublicInfo } from "../records.js";

export function readPublicInfo(result: unknown): PublicInfo {
  // `false` is an answer here ("offline", "no programme"), not "nothing".
  if (typeof result === "boolean") return { kind: "flag", value: result };
  if (typeof result === "number" && (result === 0 || result === 1))
    return { kind: "flag", value: result === 1 };
  if (isNothing(result)) return { kind: "nothing" };
  if (typeof result === "string") return { kind: "text", text: result.trim() };
  if (typeof result === "number") return { kind: "text", text: String(result) };
  if (Array.isArray(result)) return listInfo(result);
  if (isPlainObject(result)) return { kind: "fields", fields: result };
  return { kind: "nothing" };
}

/** Whether an item of a list reads by itself: text that is not a bare number. */
const readsAlone = (item: unknown) =>
  typeof item === "string" && item.trim() !== "" && !/^[\d.,\s%-]+$/.test(item);

/**
 * A list of texts is shown as a list. A positional record (texts beside numbers, flags, nested
 * lists: what a server writing objects as arrays sends) has no names for its values: its texts are
 * shown as they are, and the other values are only counted, never given a meaning they may not have.
 */
function listInfo(items: unknown[]): PublicInfo {
  const texts = items.filter(readsAlone);
  const empty = (item: unknown) => item === null || item === "";
  const unplaced = items.filter((item) => !readsAlone(item) && !empty(item)).length;
  return unplaced === 0 ? { kind: "list", items } : { kind: "list", items: texts, unplaced };
}
