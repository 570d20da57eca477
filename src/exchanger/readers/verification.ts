/**
 * The verification request (`user-api-get-verification`). "No request" is written as null, false, [],
 * {} or a blank request template: an object whose `status` is empty. A real request always has a
 * status, so an empty one means there is none.
 */
import { isNothing, isPlainObject } from "../envelope.js";
import type { VerificationRequest } from "../types.js";

/** The request, null when there is none, undefined when the result cannot be a request. */
export function readVerification(result: unknown): VerificationRequest | null | undefined {
  if (isNothing(result)) return null;
  if (!isPlainObject(result)) return undefined;
  if ("status" in result && isBlank(result.status)) return null;
  return result;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === false || (typeof value === "string" && value.trim() === "");
}
