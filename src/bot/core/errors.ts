/** What went wrong, in the user's language: shared by the error boundary and the flows that report a failure themselves. */
import { ExchangerError, Unauthorized, Unavailable, Unreadable } from "../../exchanger/index.js";
import type { FlowContext } from "../context.js";
import { escapeHtml } from "../ui/html.js";
import { CodesLocked, minutesToWait } from "./code-attempts.js";

/** Thrown by `getCaller` when the chat has no linked key. */
export class NotLinked extends Error {
  constructor() {
    super("chat has no linked API key");
    this.name = "NotLinked";
  }
}

export function describeError(ctx: FlowContext, error: unknown): string {
  if (error instanceof NotLinked) return ctx.t("error-not-linked");
  if (error instanceof Unauthorized) return ctx.t("error-key-rejected");
  if (error instanceof Unavailable) return ctx.t("error-unavailable");
  if (error instanceof Unreadable) return ctx.t("error-unreadable");
  if (error instanceof CodesLocked)
    return ctx.t("secure-codes-locked", { minutes: minutesToWait(error.retryAfterMs) });
  if (error instanceof ExchangerError) {
    return error.serverMessage
      ? ctx.t("error-exchanger", { message: escapeHtml(error.serverMessage) })
      : ctx.t("error-exchanger-generic");
  }
  return ctx.t("error-internal");
}
