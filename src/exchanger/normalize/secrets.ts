/**
 * Secrets and personal data, wherever they sit in a server's record. A server may nest verification
 * data one level down (`"data": {"card_number": …}`), list it, or put a card number under a name
 * nobody foresaw: the walk below visits every level (bounded), so masking never depends on where a
 * field is.
 *
 * Three outcomes for a field:
 * - hidden (`isHiddenField`): never shown at all — passwords, hashes, API keys, 2FA secrets, private
 *   keys, PINs, recovery phrases. ONE function decides it; a stricter list of secret field names
 *   plugs in there.
 * - masked: card numbers and document numbers show at most their first 6 and last 4 characters
 *   (`maskNumber`), by field name, and any value that IS a card number (13–19 digits passing the Luhn
 *   check) under any name.
 * - key-like values (long hex, bcrypt/argon hashes) are hidden even under an innocent name.
 *
 * What is masked depends on whose the value is, not only on what it looks like (`Role`): the
 * customer's own data ("own": their cards, documents, keys) is masked as above; what the exchanger
 * tells them to pay to ("pay-to": an address, a card, an account, a memo, a 64-hex payment id, the
 * amount, the deadline — an order's payment instructions, normalize/order.ts) is shown in full, since
 * a masked address cannot be paid to. Secret-named fields are left out in either role.
 */
import { isSecretFieldName } from "../secret-names.js";
import { fieldKey, isRecord } from "./values.js";
import { Memo } from "../../runtime/memo.js";

/**
 * THE decision "is this field hidden": the one hook every walk over a server record goes through. The
 * names that denote a secret (private_key, pin_code, backup_codes, recovery_phrase, card_cvv, ga_key,
 * passwords, tokens…) are exchanger/secret-names.ts's single list; a field so named is never shown,
 * whatever its value and however deep it sits.
 */
export function isHiddenField(name: string): boolean {
  // The same few dozen names come on every record: answered once.
  return name.length > 64 ? isSecretFieldName(name) : HIDDEN.get(name, isSecretFieldName);
}

const HIDDEN = new Memo<string, boolean>(4096);

/**
 * Values that look like hashes or keys even under an innocent name, or at a position nobody named:
 * long hex (API keys, reset tokens), bcrypt/argon hashes, base32 TOTP secrets (16 or more of A–Z and
 * 2–7 with a digit among them: "JBSWY3DPEHPK3PXP"), JWT-like tokens (three base64url parts).
 */
const KEY_LIKE = /^(\$2[aby]?\$|\$argon2)|^[a-f0-9]{32,}$|^eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*$/i;
/** Base32 as authenticator apps are given it: capitals only, so that a long lower-case login stays a login. */
const BASE32_SECRET = /^(?=[A-Z2-7]*[2-7])[A-Z2-7]{16,}={0,6}$/;

export function isKeyLike(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const text = value.trim();
  return KEY_LIKE.test(text) || BASE32_SECRET.test(text);
}

/** A field or a value never to be shown. */
export function looksSecret(key: string, value: unknown): boolean {
  return isHiddenField(key) || isKeyLike(value);
}

/** Field names that carry a card number (the known one, look-alikes a server may add, and ru/uk input names: "Номер картки"). */
const CARD_FIELD = /card|карт|(^|_)pan$/i;
/** Field names that carry a document's number: masked like a card. */
const DOCUMENT_NUMBER_FIELD =
  /^(id|passport|document|doc|identity|license|licence)_?(number|no|num|code|series)$|^(passport|inn|snils|ssn|tax_id)$/i;

/** Most characters a masked number shows (first 6 + last 4, as card issuers print them). */
const MAX_SHOWN = 10;
/** Fewest characters a masked number hides: shorter numbers show less, down to nothing. */
const MIN_HIDDEN = 6;

/**
 * "411111******1111": a card or document number with at most its first 6 and last 4 characters
 * shown and at least 6 hidden (a 12-character number shows 2 + 4, an 8-character one only its last 2).
 * A value the server masked already (it has * or • and shows no more than we would) stays as it is.
 */
export function maskNumber(value: string): string {
  const chars = [...value.replace(/[\s-]/g, "")];
  if (/[*•]/.test(value) && chars.filter((c) => /[\p{L}\p{N}]/u.test(c)).length <= MAX_SHOWN)
    return value;
  const shown = Math.min(MAX_SHOWN, Math.max(0, chars.length - MIN_HIDDEN));
  const last = Math.min(4, shown);
  const first = Math.min(6, shown - last);
  return (
    chars.slice(0, first).join("") +
    "*".repeat(chars.length - first - last) +
    chars.slice(chars.length - last).join("")
  );
}

/** 13–19 digits (spaces or dashes between groups allowed) passing the Luhn check: a payment card. */
export function isCardNumber(text: string): boolean {
  if (!/^\d[\d -]{11,30}\d$/.test(text)) return false;
  const digits = text.replace(/[ -]/g, "");
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A value the customer typed or saved as a payment detail: masked when it is a card number, shown as
 * it is otherwise (a wallet address, an IBAN, a phone number). "5500 0000 0000 0004" → "550000******0004".
 */
export function maskIfCard(text: string): string {
  return isCardNumber(text.trim()) ? maskNumber(text.trim()) : text;
}

/**
 * Card numbers inside longer text ("pay to 4111 1111 1111 1111 by noon"): only as a token of their
 * own, bounded by the text's ends, spaces or punctuation — never a digit run inside a longer token
 * (an ETH address "0x57f5…7867690511972d9e4c33", a bech32 or base58 address, an id), which is shown
 * as it is: a letter, a digit or "_" right before or after the digits means it is part of something else.
 */
const CARD_IN_TEXT = /(?<![\p{L}\p{N}_])\d(?:[ -]?\d){12,18}(?![\p{L}\p{N}_])/gu;

function maskCardsInText(text: string): string {
  return text.replace(CARD_IN_TEXT, (digits) =>
    isCardNumber(digits) ? maskNumber(digits) : digits,
  );
}

/** Whether the field's name says its value is a card or document number (masked when it has digits). */
export function isNumberField(name: string): boolean {
  const key = fieldKey(name);
  return CARD_FIELD.test(key) || DOCUMENT_NUMBER_FIELD.test(key);
}

const MAX_DEPTH = 6;
const MAX_ENTRIES = 200;

/** Whose value it is: the customer's own (masked), or where the exchanger says to pay (shown in full). */
export type Role = "own" | "pay-to";

/**
 * The value with every hidden field left out and every card or document number masked, at any depth
 * (up to MAX_DEPTH levels, MAX_ENTRIES entries a level; deeper or further parts are dropped, never shown
 * unmasked). `name` is the field the value sits under, when it has one.
 */
export function maskDeep(value: unknown, name?: string, depth = 0, role: Role = "own"): unknown {
  if ((typeof value === "string" || typeof value === "number") && role === "pay-to") return value;
  if (typeof value === "string" || typeof value === "number") {
    const text = String(value);
    // Four digits at least: a card's currency id or a count under a card-ish name is not a number to hide.
    if (name !== undefined && isNumberField(name) && /(\d\D*){4}/.test(text))
      return maskNumber(text.trim());
    if (typeof value === "string") return isKeyLike(value) ? undefined : maskCardsInText(value);
    return isCardNumber(text) ? maskNumber(text) : value;
  }
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    return value
      .slice(0, MAX_ENTRIES)
      .map((item) => maskDeep(item, name, depth + 1, role))
      .filter((item) => item !== undefined);
  }
  if (!isRecord(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value).slice(0, MAX_ENTRIES)) {
    if (isHiddenField(key)) continue;
    const masked = maskDeep(item, key, depth + 1, role);
    if (masked !== undefined) out[key] = masked;
  }
  return out;
}

/** maskDeep for a record (the remaining fields of an order, a verification request…). */
export function maskRecord(record: Record<string, unknown>): Record<string, unknown> {
  return maskDeep(record) as Record<string, unknown>;
}
