/**
 * Telegram's refusals, recognised in one place. The Bot API tells causes apart only by the error code
 * and the wording of `description`, so the wording is matched here once and everyone else asks for a
 * typed cause (after grammY's own split of errors by cause: GrammyError vs HttpError).
 */
import { GrammyError } from "grammy";

export type RefusalCause =
  /** The edit would change nothing: the message already shows it. */
  | "not-modified"
  /** The message to edit or delete is gone (deleted by the user, or never existed). */
  | "message-gone"
  /** It exists but may not be edited (too old, not the bot's own, a different kind of message). */
  | "cannot-edit"
  /** It exists but may not be deleted (older than 48 hours, no rights in a group). */
  | "cannot-delete"
  /** The user blocked the bot (or deleted their account). */
  | "blocked"
  /** The chat does not exist for the bot (never started, left the group). */
  | "chat-not-found"
  /** Flood control: wait `retryAfterSeconds`. */
  | "too-many-requests";

export interface Refusal {
  cause: RefusalCause;
  retryAfterSeconds?: number;
}

const BY_WORDING: readonly [RegExp, RefusalCause][] = [
  [/message is not modified/i, "not-modified"],
  [/message to (edit|delete) not found|message_id_invalid/i, "message-gone"],
  [/message can't be edited/i, "cannot-edit"],
  [/message can't be deleted/i, "cannot-delete"],
  [/chat not found/i, "chat-not-found"],
];

/** The cause of a Telegram refusal; undefined for anything else (network errors, other refusals). */
export function refusalOf(error: unknown): Refusal | undefined {
  if (!(error instanceof GrammyError)) return undefined;
  if (error.error_code === 429)
    return { cause: "too-many-requests", retryAfterSeconds: error.parameters.retry_after };
  if (error.error_code === 403) return { cause: "blocked" };
  for (const [wording, cause] of BY_WORDING) if (wording.test(error.description)) return { cause };
  return undefined;
}

/** True when `error` is a Telegram refusal of one of these causes. */
export function isRefusal(error: unknown, ...causes: RefusalCause[]): boolean {
  const refusal = refusalOf(error);
  return refusal !== undefined && causes.includes(refusal.cause);
}
