/**
 * Pure validators for what users type into forms. Each returns the cleaned value or an error code;
 * the code names a translation (`verification-error-<code>`), so the bot can say exactly what is
 * wrong and ask again. No I/O, no clock: "today" is passed in, which keeps conversations replay-safe.
 */

export type Parsed<T = string> = { ok: true; value: T } | { ok: false; error: ValidationError };

export type ValidationError =
  | "empty"
  | "too-long"
  | "control-chars"
  | "no-letters"
  | "name-chars"
  | "card-chars"
  | "card-length"
  | "card-checksum"
  | "date-format"
  | "date-not-real"
  | "date-future"
  | "date-too-young"
  | "date-too-old"
  | "phone-format"
  | "id-number-chars"
  | "zip-chars";

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (error: ValidationError): Parsed<never> => ({ ok: false, error });

/** C0/C1 control characters, plus bidi overrides and zero-width marks that disguise text. */
const CONTROL = /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;

/**
 * Free text of one line (country, city, address, id type): trimmed, inner whitespace collapsed,
 * non-empty, at most `max` characters, no control characters.
 */
export function parsePlainText(input: string, max = 100): Parsed {
  if (CONTROL.test(input.replace(/[\r\n\t]/g, " "))) return fail("control-chars");
  const value = input.replace(/\s+/g, " ").trim();
  if (value === "") return fail("empty");
  if ([...value].length > max) return fail("too-long");
  return ok(value);
}

/**
 * A person's name: letters (with their accents), spaces, hyphens, apostrophes and dots, at least one
 * letter ("Anna-Maria", "O'Neil", "J. R.", "Ковальчук"). Digits, emoji and markup are no part of a
 * name as a document spells it, and the exchanger's staff compares the two.
 */
export function parseName(input: string): Parsed {
  const text = parsePlainText(input, 100);
  if (!text.ok) return text;
  if (!/\p{L}/u.test(text.value)) return fail("no-letters");
  if (!/^[\p{L}\p{M} .'’ʼ-]+$/u.test(text.value)) return fail("name-chars");
  return text;
}

/** Passport / ID number: letters, digits, spaces, dashes and slashes, up to 50 characters. */
export function parseIdNumber(input: string): Parsed {
  const text = parsePlainText(input, 50);
  if (!text.ok) return text;
  if (!/^[\p{L}\p{N} \-/.]+$/u.test(text.value) || !/\p{N}/u.test(text.value))
    return fail("id-number-chars");
  return text;
}

/** Postal code: letters, digits, spaces and dashes, up to 12 characters ("01001", "SW1A 1AA"). */
export function parseZipCode(input: string): Parsed {
  const text = parsePlainText(input, 12);
  if (!text.ok) return text;
  if (!/^[\p{L}\p{N} -]+$/u.test(text.value)) return fail("zip-chars");
  return text;
}

/** Luhn checksum (ISO/IEC 7812) over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card number: digits with optional spaces or dashes, 12–19 digits, Luhn-valid. Value: digits only. */
export function parseCardNumber(input: string): Parsed {
  const compact = input.trim().replace(/[\s-]+/g, "");
  if (compact === "") return fail("empty");
  if (!/^\d+$/.test(compact)) return fail("card-chars");
  if (compact.length < 12 || compact.length > 19) return fail("card-length");
  if (!luhnValid(compact)) return fail("card-checksum");
  return ok(compact);
}

/** Phone in international form: "+" then 7–15 digits; spaces, dashes, dots and brackets allowed. */
export function parsePhone(input: string): Parsed {
  const compact = input.trim().replace(/[\s\-.()]+/g, "");
  if (compact === "") return fail("empty");
  if (!/^\+\d{7,15}$/.test(compact)) return fail("phone-format");
  return ok(compact);
}

export const MIN_AGE_YEARS = 14;
export const MAX_AGE_YEARS = 120;

/**
 * Birth date as dd.mm.yyyy (single-digit day or month and "/" or "-" separators are accepted and
 * normalised). Must be a real calendar date, in the past, for someone aged 14–120 on `today`.
 */
export function parseBirthDate(input: string, today: Date): Parsed {
  const match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(input.trim());
  if (!match) return fail("date-format");
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return fail("date-not-real");
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() >= todayUtc) return fail("date-future");
  const age = ageOn(date, today);
  if (age < MIN_AGE_YEARS) return fail("date-too-young");
  if (age > MAX_AGE_YEARS) return fail("date-too-old");
  return ok(`${String(day).padStart(2, "0")}.${String(month).padStart(2, "0")}.${year}`);
}

/** Full years between a birth date and a day (both read in UTC). */
function ageOn(birth: Date, day: Date): number {
  let age = day.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    day.getUTCMonth() < birth.getUTCMonth() ||
    (day.getUTCMonth() === birth.getUTCMonth() && day.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age--;
  return age;
}
