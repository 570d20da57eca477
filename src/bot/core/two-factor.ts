/**
 * What the bot knows about two-factor codes, shared by paying, changing the password and 2FA setup.
 * The spec names the parameter (`two_factor_authentication_password`) but not its error messages, so
 * "the exchanger wants a (different) code" is recognised from the message text in the three languages.
 */

import type { ExchangerError } from "../../exchanger/index.js";

/** A wrong code may be retried this many times in total before the flow stops. */
export const MAX_CODE_ATTEMPTS = 3;

/** "123 456" or "123-456" as apps display it → "123456"; undefined when it is not six digits. */
export function normalizeCode(text: string): string | undefined {
  const code = text.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(code) ? code : undefined;
}

const TWO_FACTOR_MESSAGE =
  /two[\s_-]?factor|2fa|\botp\b|authenticator|google.?auth|двухфактор|двофактор|одноразов/i;

/** True when an exchanger error message is about the 2FA code (missing or wrong). */
export function isTwoFactorMessage(message: string | undefined): boolean {
  return message !== undefined && TWO_FACTOR_MESSAGE.test(message);
}

/**
 * True when the exchanger refused for the 2FA code: its message says so, or its validation answer
 * names the code's parameter (`two_factor_authentication_password`) whatever the message says.
 */
export function isTwoFactorRefusal(error: ExchangerError): boolean {
  return (
    isTwoFactorMessage(error.serverMessage) ||
    error.fields.some((field) => TWO_FACTOR_MESSAGE.test(field))
  );
}

const WRONG = /invalid|incorrect|wrong|expired|неверн|неправильн|невірн|истек|минул|сплив/iu;

/**
 * True when an exchanger's refusal of a code says no more than "wrong code" («Неверный пароль 2FA»,
 * "Invalid two-factor authentication code"): the bot says that in its own words, and the server's text
 * is shown only when it adds something.
 */
export function saysWrongCode(message: string): boolean {
  return isTwoFactorMessage(message) || (WRONG.test(message) && /code|код/iu.test(message));
}
