/** "Is 2FA on?" as a user object tells it, whatever the field is called and however the flag is spelled. */

/** Field names under which servers report 2FA (the spec names none). */
export const TWO_FACTOR_FIELD = /two_?factor|two_?fa\b|2fa|totp|google_?auth/i;

/** Reads "is 2FA on" from a user object when the server says so; undefined when it does not. */
export function twoFactorFromUser(user: Record<string, unknown>): boolean | undefined {
  for (const [key, value] of Object.entries(user)) {
    if (!TWO_FACTOR_FIELD.test(key)) continue;
    if (typeof value === "boolean") return value;
    if (typeof value === "number") return value !== 0;
    if (typeof value === "string" && /^(0|1|true|false|yes|no|on|off)$/i.test(value.trim()))
      return /^(1|true|yes|on)$/i.test(value.trim());
  }
  return undefined;
}
