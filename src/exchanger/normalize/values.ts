/**
 * The general readers every normalizer is built from. Real Exchanger CMS servers write the same fact
 * in many plausible PHP shapes (docs/exchanger-api.md): a scalar or an object carrying it
 * (`{"id": "0", "name": "…", "title": "…"}`), a number or a numeric string with thousands separators
 * or a decimal comma, a date as unix seconds, milliseconds, ISO, "YYYY-MM-DD HH:MM:SS" or
 * "dd.mm.yyyy HH:MM", a map keyed by id or a list of objects carrying the id, HTML-encoded text.
 * Each reader here handles ONE of those variations for every field, so a new shape is tolerated
 * wherever it appears instead of in the one place somebody met it.
 *
 * Pure, no I/O; bounded work whatever the input (depth and entry limits).
 */
import { Memo, RecordMemo } from "../../runtime/memo.js";

export type RawRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is RawRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Keys a scalar is found under when the server wraps it in an object, most telling first. */
export const SCALAR_KEYS = ["value", "id", "code", "name", "title", "label", "text"] as const;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  laquo: "«",
  raquo: "»",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  euro: "€",
  copy: "©",
};

/**
 * Server text HTML-encoded by the script ("Visa &amp; MasterCard") decoded ONCE, so the bot's own
 * escaping (ui/html.ts) does not encode it a second time. Decoding once keeps "&amp;lt;" as the
 * literal text "&lt;", which is what the server meant.
 */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X"
          ? parseInt(body.slice(2), 16)
          : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/**
 * A scalar where one is expected: a string (trimmed, entities decoded), a finite number as text, or
 * the first scalar of an object under `keys` (`{"code": "BTC"}` → "BTC"). Undefined when empty.
 */
export function textOf(
  value: unknown,
  keys: readonly string[] = SCALAR_KEYS,
  depth = 0,
): string | undefined {
  if (typeof value === "string") {
    const text = decodeEntities(value).trim();
    return text === "" ? undefined : text;
  }
  if (typeof value === "number") return Number.isFinite(value) ? numberText(value) : undefined;
  if (typeof value === "bigint") return String(value);
  if (isRecord(value) && depth < 3) {
    for (const key of keys) {
      const found = textOf(value[key], keys, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** An id as opaque text: "0012" stays "0012", 123 is "123", `{"id": 5}` is "5". */
export function idOf(value: unknown): string | undefined {
  return textOf(value, ["id", "value", "code"]);
}

function numberText(value: number): string {
  // No exponent for the amounts servers send (1e-7 BTC is "0.0000001").
  if (Math.abs(value) < 1e21 && Math.abs(value) >= 1e-6) return String(value);
  return value === 0 ? "0" : value.toFixed(20).replace(/\.?0+$/, "");
}

/**
 * A decimal amount as canonical text ("1234.5"), never a float: "1 234,50", "1,234.50", "1.234,50",
 * "1234,5", 1234.5, "  12 BTC" → as written without grouping; a `{amount|sum|value}` object is read
 * through. Undefined when it is not a number.
 */
/**
 * A number (digits, grouping spaces or apostrophes, dots and commas) and, after it, a currency code:
 * whatever follows the number, digits included ("0.32000000 USDTTRC20", "5 USDTERC20"), or a symbol.
 */
const AMOUNT_TEXT =
  /^([+-]?)\s*(\d(?:[\d\s\u00a0\u202f'.,]*\d)?)\s*(?:[\p{L}$€₽£][\p{L}\p{N}_-]{0,19})?$/u;

export function amountOf(value: unknown): string | undefined {
  if (isRecord(value)) return amountOf(firstOf(value, AMOUNT_NAMES));
  const text =
    typeof value === "number"
      ? Number.isFinite(value)
        ? numberText(value)
        : undefined
      : textOf(value, []);
  if (text === undefined) return undefined;
  const match = AMOUNT_TEXT.exec(text.trim());
  if (!match) return undefined;
  const sign = match[1]!;
  const body = match[2]!.replace(/[\s\u00a0\u202f']/g, "");
  const lastDot = body.lastIndexOf(".");
  const lastComma = body.lastIndexOf(",");
  let integer: string;
  let fraction = "";
  if (lastDot >= 0 && lastComma >= 0) {
    // Both: the later one is the decimal mark, the other groups thousands.
    const mark = Math.max(lastDot, lastComma);
    const grouping = body[mark] === "." ? /^\d{1,3}(,\d{3})*$/ : /^\d{1,3}(\.\d{3})*$/;
    if (!grouping.test(body.slice(0, mark))) return undefined;
    integer = body.slice(0, mark).replace(/[.,]/g, "");
    fraction = body.slice(mark + 1);
  } else if (lastComma >= 0 || lastDot >= 0) {
    const markChar = lastComma >= 0 ? "," : ".";
    const parts = body.split(markChar);
    // "1,234,567" or "1.234.567" (several marks, groups of three) group thousands. One dot is decimal
    // (JSON's and PHP's own form); one comma is decimal ("0,03", "1234,5") except before exactly
    // three digits after a non-zero integer part ("1,500"): PHP's number_format default grouping.
    if (parts.length > 2 && parts.slice(1).every((p) => p.length === 3)) integer = parts.join("");
    else if (
      markChar === "," &&
      parts.length === 2 &&
      parts[1]!.length === 3 &&
      /^[1-9]\d{0,2}$/.test(parts[0]!)
    )
      integer = parts.join("");
    else if (parts.length === 2) [integer, fraction] = parts as [string, string];
    else return undefined;
  } else integer = body;
  if (!/^\d*$/.test(integer) || !/^\d*$/.test(fraction) || integer + fraction === "")
    return undefined;
  const whole = integer.replace(/^0+(?=\d)/, "") || "0";
  return `${sign === "-" ? "-" : ""}${whole}${fraction === "" ? "" : `.${fraction}`}`;
}

export function numberOf(value: unknown): number | undefined {
  const amount = amountOf(value);
  return amount === undefined ? undefined : Number(amount);
}

/** Where an object carrying a date holds it. */
const DATE_NAMES = ["timestamp", "unix", "date", "value", "datetime", "time"];

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DOTTED = /^(\d{2})\.(\d{2})\.(\d{4})(?:[ ,]+(\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const ZONE_AFTER_TIME =
  /^(.*\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|UTC|GMT|(?:UTC|GMT)?[+-]\d{1,2}(?::?\d{2})?)$/i;

/** "+03:00", "+0300", "-5", "UTC+3", "Z" → minutes east of UTC; undefined beyond ±14 hours. */
function offsetMinutes(zone: string): number | undefined {
  const parts = /([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(zone);
  if (!parts) return 0;
  const minutes = Number(parts[2]) * 60 + Number(parts[3] ?? 0);
  return minutes > 14 * 60 ? undefined : parts[1] === "-" ? -minutes : minutes;
}

/**
 * The moment a server value names: unix seconds or milliseconds (number or digits), ISO 8601 with a
 * zone, "YYYY-MM-DD HH:MM[:SS]" and "dd.mm.yyyy[ HH:MM[:SS]]" with a zone after the time (a space
 * before it or not: "+03:00", "+0300", "UTC", "GMT+3") or without one (read as UTC: the vendor does
 * not say which zone, and the screens say "UTC" so the assumption is visible), a Date, or an object
 * carrying one of those. Undefined when it is not a date we can read safely.
 */
/** "0000-00-00 00:00:00", "0000-00-00": how MySQL writes "no date"; read as absent, never shown. */
export function isZeroDate(value: unknown): boolean {
  return typeof value === "string" && /^0000-00-00([ T]00:00(:00)?)?$/.test(value.trim());
}

export function dateOf(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (isRecord(value)) return dateOf(firstOf(value, DATE_NAMES));
  const text = textOf(value, []);
  if (text === undefined) return undefined;
  // A zone after the time, with or without a space ("2026-11-20 14:03:00 +03:00", "… 14:03 UTC").
  const zoned = ZONE_AFTER_TIME.exec(text);
  if (zoned && !ZONED.test(text)) {
    const local = dateOf(zoned[1]);
    const offset = offsetMinutes(zoned[2]!);
    return local && offset !== undefined ? new Date(local.getTime() - offset * 60_000) : undefined;
  }
  let date: Date | undefined;
  let parts: RegExpExecArray | null;
  if (/^\d{9,13}(\.\d+)?$/.test(text)) {
    const n = Number(text);
    date = new Date(n < 1e11 ? Math.round(n * 1000) : n);
  } else if ((parts = NAIVE.exec(text))) {
    const [, y, mo, d, h, mi, s] = parts;
    date = utc(y, mo, d, h, mi, s);
  } else if ((parts = DAY_ONLY.exec(text))) {
    const [, y, mo, d] = parts;
    date = utc(y, mo, d);
  } else if ((parts = DOTTED.exec(text))) {
    const [, d, mo, y, h, mi, s] = parts;
    date = utc(y, mo, d, h, mi, s);
  } else if (ZONED.test(text)) {
    date = new Date(text);
  }
  return date &&
    !Number.isNaN(date.getTime()) &&
    date.getUTCFullYear() > 1990 &&
    date.getUTCFullYear() < 2200
    ? date
    : undefined;
}

function utc(...parts: Array<string | undefined>): Date | undefined {
  const [y, mo, d, h, mi, s] = parts.map((p) => Number(p ?? 0));
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  // 31.02.2025 is not a date, whatever Date.UTC rolls it into.
  return date.getUTCMonth() === mo! - 1 && date.getUTCDate() === d ? date : undefined;
}

/** Spellings already computed: the same few dozen names are asked for on every record. */
const FIELD_KEYS = new Memo<string, string>(4096);

const spelledAsKey = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[\s\-.]+/g, "_")
    .toLowerCase();

/** "createdAt", "Created-At" and "created_at" are one name. */
export function fieldKey(name: string): string {
  return name.length > 64 ? spelledAsKey(name) : FIELD_KEYS.get(name, spelledAsKey);
}

/** The first present (non-empty) value under any of `names` (compared as fieldKey), or undefined. */
export function firstOf(record: RawRecord, names: readonly string[]): unknown {
  return found(record, names)?.value;
}

/**
 * Like firstOf, also saying under which of the record's own keys it was found: the first of `names`
 * that is an own key holding a present value, else the first whose fieldKey spelling matches one
 * ("sendAmount", "Send-Amount" for "send_amount").
 */
export function found(
  record: RawRecord,
  names: readonly string[],
): { key: string; value: unknown } | undefined {
  for (const key of candidateKeys(record, names)) {
    const value = record[key];
    if (present(value)) return { key, value };
  }
  return undefined;
}

/**
 * The record's own keys that may answer `names`, in the order they are tried: exact names first,
 * then other spellings. They depend on the record's keys only, so they are worked out once per
 * shape (the keys in order) and names list: every record of a page has the same shape, and reading
 * one asks for some forty facts (a page of orders made ≈ 375 look-ups, each trying every synonym).
 */
function candidateKeys(record: RawRecord, names: readonly string[]): readonly string[] {
  const shape = shapeOf(record);
  let keys = shape.lookups.get(names);
  if (keys === undefined) {
    keys = keysAnswering(record, names, shape.spellings);
    // Names are the normalizers' constant lists; a caller building a list per call would grow this.
    if (shape.lookups.size >= MAX_LOOKUPS_PER_SHAPE) shape.lookups.clear();
    shape.lookups.set(names, keys);
  }
  return keys;
}

function keysAnswering(
  record: RawRecord,
  names: readonly string[],
  spellings: ReadonlyMap<string, string>,
): string[] {
  const keys = names.filter((name) => Object.hasOwn(record, name));
  if (spellings.size === 0) return keys;
  for (const name of names) {
    const key = spellings.get(fieldKey(name));
    if (key !== undefined) keys.push(key);
  }
  return keys;
}

/** A record's keys, in order, and the look-ups answered for records of exactly those keys. */
interface Shape {
  lookups: Map<readonly string[], readonly string[]>;
  /** fieldKey(key) → key for the keys not already in fieldKey form. */
  spellings: ReadonlyMap<string, string>;
}

/** Shapes seen, by their keys; bounded (a hostile server may invent a shape per record). */
const SHAPES = new Memo<string, Shape>(256);
const MAX_LOOKUPS_PER_SHAPE = 256;
/** A record with more keys than this keeps a shape of its own, shared with no other record. */
const MAX_SHAPE_KEYS = 64;
/** Each record's shape, kept while the record lives (its reading asks many names of it). */
const SHAPE_OF = new RecordMemo<RawRecord, Shape>();

const newShape = (record: RawRecord, keys: readonly string[]): Shape => ({
  lookups: new Map(),
  spellings: spellingsOfKeys(record, keys),
});

function shapeOf(record: RawRecord): Shape {
  return SHAPE_OF.get(record, () => {
    const keys = Object.keys(record);
    // A record of many keys keeps a shape of its own: its signature would be long, its like rare.
    if (keys.length > MAX_SHAPE_KEYS) return newShape(record, keys);
    // JSON of the list: keys holding any character still make distinct signatures.
    return SHAPES.get(JSON.stringify(keys), () => newShape(record, keys));
  });
}

const NO_SPELLINGS: ReadonlyMap<string, string> = new Map();

function spellingsOfKeys(record: RawRecord, keys: readonly string[]): ReadonlyMap<string, string> {
  let map: Map<string, string> | undefined;
  for (const key of keys) {
    const spelled = fieldKey(key);
    // Keys already in fieldKey form are found by the exact lookup.
    if (spelled !== key && !Object.hasOwn(record, spelled)) (map ??= new Map()).set(spelled, key);
  }
  return map ?? NO_SPELLINGS;
}

export function present(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  return true;
}

/**
 * Entries of a collection written as a map keyed by id (`{"12": {...}}` or `{"12": "value"}`) or as a
 * list of objects carrying the id (`[{"id": "12", ...}]`). The key is the map key, or the entry's own
 * id when it has one; a list of bare values is keyed by position.
 */
export function entriesOf(
  value: unknown,
  idNames: readonly string[] = ["id"],
): Array<{ key: string; value: unknown }> {
  const out: Array<{ key: string; value: unknown }> = [];
  if (Array.isArray(value)) {
    value.slice(0, MAX_ENTRIES).forEach((item, index) => {
      const own = isRecord(item) ? idOf(firstOf(item, idNames)) : undefined;
      out.push({ key: own ?? String(index), value: item });
    });
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value).slice(0, MAX_ENTRIES)) {
      const own = isRecord(item) ? idOf(firstOf(item, idNames)) : undefined;
      out.push({ key: own ?? key, value: item });
    }
  }
  return out;
}

/** A collection is never read past this many entries (a hostile server may send millions). */
export const MAX_ENTRIES = 500;

/** Name synonyms: one list per fact, shared by every normalizer. */
export const AMOUNT_NAMES = ["amount", "sum", "value", "total", "summa", "qty"] as const;
export const NAME_NAMES = ["name", "title", "label", "caption", "currency_name"] as const;
/** Digits after the point a currency states. */
export const DECIMALS_NAMES = ["decimals", "precision", "scale", "digits"] as const;
/** A form field's id and name (a direction's fields, the user's saved fields). */
export const FIELD_ID_NAMES = ["id", "input_id", "field_id"] as const;
export const FIELD_NAME_NAMES = ["name", "title", "label", "field_name"] as const;
export const CODE_NAMES = [
  "code",
  "xml_code",
  "currency_code",
  "symbol",
  "ticker",
  "xml",
  "iso",
] as const;

/** The record without the given own keys (what is left to show as "other fields"). */
export function without(record: RawRecord, keys: Iterable<string>): RawRecord {
  const drop = new Set(keys);
  return Object.fromEntries(Object.entries(record).filter(([key]) => !drop.has(key)));
}
