/**
 * Error raised by a sandbox method. The server turns it into the error envelope
 * `{"success":false,"message":"<localized>","result":false}`; the message is localized late, in the
 * caller's language, so methods only name the message key and its placeholders.
 */
import type { MessageKey } from "./i18n.js";

export class SandboxError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly vars: Record<string, string | number> = {},
    /** Real Exchanger CMS scripts answer validation errors with HTTP 200; only protocol errors differ. */
    readonly httpStatus = 200,
    /** The parameter the error is about: a framework's validation answer names it (respond.ts). */
    readonly field?: string,
  ) {
    super(key);
    this.name = "SandboxError";
  }
}
