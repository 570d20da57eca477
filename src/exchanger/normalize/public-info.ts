/**
 * `public-api-get-status` and `public-api-get-referral-program` are documented nowhere: a server may
 * answer with an object of fields, a list, a sentence or a plain yes/no. This reader says which one it
 * was so a screen can show each readably (a list as a list, a sentence as text, a flag as words).
 */
import { isNothing, isPlainObject } from "../envelope.js";
import type { PublicInfo } from "../types.js";

export function readPublicInfo(result: unknown): PublicInfo {
  // `false` is an answer here ("offline", "no programme"), not "nothing".
  if (typeof result === "boolean") return { kind: "flag", value: result };
  if (typeof result === "number" && (result === 0 || result === 1))
    return { kind: "flag", value: result === 1 };
  if (isNothing(result)) return { kind: "nothing" };
  if (typeof result === "string") return { kind: "text", text: result.trim() };
  if (typeof result === "number") return { kind: "text", text: String(result) };
  if (Array.isArray(result)) return { kind: "list", items: result };
  if (isPlainObject(result)) return { kind: "fields", fields: result };
  return { kind: "nothing" };
}
