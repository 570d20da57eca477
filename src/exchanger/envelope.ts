/**
 * Reading the exchanger's JSON envelope and normalising `result` shapes.
 *
 * The spec fixes only the envelope (`success`, `result`, optional `message` and `pagination`); the rest
 * comes from a PHP server and varies: a PHP array with id keys becomes a JSON *object* rather than a list,
 * an empty PHP array is `[]` even where an object is meant, "nothing" may be `null`, `false` or `""`,
 * and numbers may arrive as strings. These helpers accept all of that and nothing that is not the API.
 */
import { ExchangerError, Unauthorized, Unavailable } from "./errors.js";
import type { Pagination } from "./records.js";

export type Envelope =
  | { success: true; result: unknown; pagination: unknown }
  /** `fields`: the parameters a validation answer names (`errors: {"field": ["…"]}`). */
  | { success: false; message: string | undefined; fields: string[] };

/** Longest server message we keep; a misbehaving server must not fill logs or chat messages. */
const MAX_MESSAGE_LENGTH = 500;

/** Parses a body as an envelope; `undefined` when it is not JSON or not an envelope. */
export function parseEnvelope(text: string): Envelope | undefined {
  let value: unknown;
  try {
    // PHP files saved with a BOM leak it into the output; JSON.parse rejects it.
    value = JSON.parse(quoteBigIntegers(text.replace(/^\uFEFF/, "")));
  } catch {
    return undefined;
  }
  if (!isPlainObject(value)) return undefined;
  const success = toFlag(value.success);
  // Field errors under `errors`, or (older scripts) as the message itself: `{"value": ["too short"]}`.
  const errors = validationErrors(value.errors) ?? validationErrors(value.message);
  // A PHP framework's validation answer (`{"message": "The given data was invalid.", "errors": {…}}`)
  // carries no `success`: it is a refusal all the same, and its field messages are what it says.
  if (success === undefined && errors === undefined) return undefined;
  if (success === true)
    return { success: true, result: value.result, pagination: value.pagination };
  if (errors === undefined)
    return { success: false, message: messageText(value.message), fields: [] };
  return {
    success: false,
    message: messageText(Object.values(errors)) ?? messageText(value.message),
    fields: Object.keys(errors),
  };
}

/** `errors: {"field": ["message", …]}` of a validation answer, when the body has one. */
function validationErrors(value: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(value) || Object.keys(value).length === 0) return undefined;
  const messages = Object.values(value);
  return messages.every((m) => typeof m === "string" || Array.isArray(m)) ? value : undefined;
}

/** A JSON string, or a number literal (integer, fraction, exponent). */
const STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|(?<![\w.+-])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * Numbers a double cannot hold exactly (a 21-digit order id, an amount with 18 decimals) lose digits in
 * JSON.parse: they are written as strings first, so ids and amounts stay exact end to end (the readers
 * take numbers as strings anyway). A body without a run of 16 digits is left as it is, at the cost of
 * one scan.
 */
export function quoteBigIntegers(text: string): string {
  if (!/\d{16}/.test(text)) return text;
  return text.replace(STRING_OR_NUMBER, (token) =>
    token.startsWith('"') || token.replace(/\D/g, "").length < 16 || String(Number(token)) === token
      ? token
      : `"${token}"`,
  );
}

export interface Success {
  result: unknown;
  pagination: unknown;
}

/**
 * Turns an HTTP status and (maybe) an envelope into the result or one of the three errors.
 * `scrub` removes secrets the server might echo back (e.g. "invalid key abc…") from its message.
 */
export function interpret(
  method: string,
  status: number,
  envelope: Envelope | undefined,
  scrub: (text: string) => string,
): Success {
  const message =
    envelope && !envelope.success && envelope.message !== undefined
      ? scrub(envelope.message)
      : undefined;
  // The key was rejected whatever the body says; the bot must ask the user to re-link.
  if (status === 401 || status === 403) throw new Unauthorized(method, message, status);
  if (envelope === undefined) {
    if (status >= 500)
      throw new Unavailable(method, "server-error", "no API envelope in the response", status);
    throw new Unavailable(method, "bad-response", "the response is not an API envelope", status);
  }
  // A proper error envelope is an answer of the API even under a 4xx/5xx status: the call was
  // understood and refused, so it is an ExchangerError (not retried), never "unavailable".
  if (!envelope.success) throw new ExchangerError(method, message, status, envelope.fields);
  // A success envelope counts only with a 2xx status. Under a 5xx (or a redirect) the body may be a
  // half-done PHP page, a cached answer or a proxy's: one such "success" showed "paid" beside
  // "Status: Created". It is Unavailable instead: reads are retried, and a write's outcome is reported
  // as unknown (spend-balance: "check the order", never "failed"), so nobody is invited to pay twice.
  if (status < 200 || status > 299)
    throw new Unavailable(
      method,
      "server-error",
      "a success envelope under a non-2xx status",
      status,
    );
  return { result: parsedOnce(envelope.result), pagination: parsedOnce(envelope.pagination) };
}

/**
 * JSON text where a value is meant (`"result": "[{\"id\": 1}]"`, a script that encoded twice):
 * parsed once — never twice, so text inside it stays text. Anything else as it came.
 */
export function parsedOnce(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (!/^(\[[\s\S]*\]|\{[\s\S]*\})$/.test(text)) return value;
  try {
    return JSON.parse(quoteBigIntegers(text)) as unknown;
  } catch {
    return value;
  }
}

/** Where a paginator object (Laravel, Yii, Symfony… serialized as they are) keeps its list. */
const LIST_MEMBERS = ["data", "items", "list", "results", "records", "rows", "entries", "content"];
/** Members only a paginator has beside its list: one of them tells a wrapper from an order record. */
const PAGING_MEMBERS = new Set(
  [
    ...["total", "current_page", "per_page", "last_page", "from", "to", "path", "links", "_links"],
    ...["meta", "_meta", "pagination", "paging", "page", "pages", "limit", "offset", "count"],
    ...["next_page_url", "prev_page_url", "first_page_url", "last_page_url", "totalCount"],
    ...["total_count", "page_count", "pageCount", "currentPage", "perPage", "has_more", "next"],
  ].map((name) => name.toLowerCase()),
);
const TOTAL_MEMBERS = ["total", "totalCount", "total_count", "totalItems", "total_items"];
const PAGE_MEMBERS = ["current_page", "currentPage", "page"];
const SIZE_MEMBERS = ["per_page", "perPage", "page_size", "pageSize", "limit"];

/**
 * A list `result` wrapped in a paginator object — `{data: […], current_page, per_page, total, …}`,
 * `{items: […], _meta: {totalCount, currentPage, perPage}}` — read as its list and its totals (the
 * totals from the object, or from its `meta` / `_meta` / `pagination` member). Anything else is
 * returned as the list itself.
 */
export function unwrapList(result: unknown): { list: unknown; totals?: Pagination } {
  if (!isPlainObject(result)) return { list: result };
  const member = LIST_MEMBERS.find((name) => {
    if (!Object.hasOwn(result, name)) return false;
    const value = result[name];
    return Array.isArray(value) || isPlainObject(value) || isNothing(value);
  });
  if (member === undefined) return { list: result };
  const others = Object.keys(result).filter((name) => name !== member);
  if (!others.some((name) => PAGING_MEMBERS.has(name.toLowerCase()))) return { list: result };
  const totals = totalsOf(result);
  return totals ? { list: result[member], totals } : { list: result[member] };
}

/** A paginator's total and the offset of its page, read where its framework writes them. */
function totalsOf(wrapper: Record<string, unknown>): Pagination | undefined {
  for (const source of [wrapper, wrapper.meta, wrapper._meta, wrapper.pagination, wrapper.paging]) {
    if (!isPlainObject(source)) continue;
    const total = toNumber(TOTAL_MEMBERS.map((name) => source[name]).find((v) => v !== undefined));
    if (total === undefined) continue;
    const page = toNumber(PAGE_MEMBERS.map((name) => source[name]).find((v) => v !== undefined));
    const size = toNumber(SIZE_MEMBERS.map((name) => source[name]).find((v) => v !== undefined));
    const from = toNumber(source.from ?? source.offset);
    const position =
      page !== undefined && size !== undefined
        ? Math.max(0, (page - 1) * size)
        : from !== undefined
          ? Math.max(0, from - (source.from !== undefined ? 1 : 0))
          : 0;
    return { total, position };
  }
  return undefined;
}

/** `[total, position]` (numbers or numeric strings; an object form is accepted too), else undefined. */
export function toPagination(value: unknown): Pagination | undefined {
  let total: unknown;
  let position: unknown;
  if (Array.isArray(value) && value.length >= 2) [total, position] = value;
  else if (isPlainObject(value)) ({ total, position } = value);
  else return undefined;
  const t = toNumber(total);
  const p = toNumber(position);
  return t === undefined || p === undefined ? undefined : { total: t, position: p };
}

/**
 * A list `result`: an array, or an object keyed by id (PHP associative array) whose values are taken.
 * "Nothing" (null/false/""/{}) is an empty list. Entries that are not objects cannot be orders or
 * details, so they are dropped rather than passed on to code that reads their fields.
 * Returns undefined when the result cannot be a list at all (a number, `true`, a string).
 */
export function toObjectList(result: unknown): Array<Record<string, unknown>> | undefined {
  if (isNothing(result)) return [];
  const values = Array.isArray(result)
    ? result
    : isPlainObject(result)
      ? Object.values(result)
      : undefined;
  return values?.filter(isPlainObject);
}

/**
 * An object `result`. An empty PHP array arrives as `[]`, and a PHP map with keys 0..n as a JSON list,
 * so arrays become index-keyed records. Returns undefined for "nothing" and for scalars.
 */
export function toRecord(result: unknown): Record<string, unknown> | undefined {
  if (isNothing(result)) return undefined;
  if (Array.isArray(result))
    return Object.fromEntries(result.map((value, index) => [String(index), value]));
  if (isPlainObject(result)) return result;
  return undefined;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** null, false, "", [] and {}: the ways a PHP server says "there is nothing". */
export function isNothing(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  return isPlainObject(value) && Object.keys(value).length === 0;
}

function toFlag(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  // Some PHP code paths emit 1/0 for booleans.
  if (value === 1 || value === 0) return value === 1;
  return undefined;
}

function toNumber(value: unknown): number | undefined {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** The optional `message`: a string, or (validation errors) a list or map of strings. */
/** Entities a PHP page writes into its messages, decoded once (what is left is shown as text). */
const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/**
 * A server message as plain text: HTML entities decoded (a message written `&lt;b&gt;Error!…`) and
 * tags taken out (`<br>` as a space), so the customer reads words, never markup; the screens escape
 * what is left.
 */
export function plainMessage(text: string): string {
  const decoded = text.replace(
    /&(#\d{1,6}|#x[\da-f]{1,6}|[a-z]{2,6});/gi,
    (entity, name: string) => {
      if (name.startsWith("#")) {
        const code =
          name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    },
  );
  return decoded
    .replace(/<\/?[a-z][^<>]{0,200}>/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function messageText(value: unknown): string | undefined {
  const parts: string[] = [];
  const collect = (v: unknown, depth: number): void => {
    if (typeof v === "string" || typeof v === "number") parts.push(plainMessage(String(v)));
    else if (depth < 3 && Array.isArray(v)) v.forEach((x) => collect(x, depth + 1));
    else if (depth < 3 && isPlainObject(v)) Object.values(v).forEach((x) => collect(x, depth + 1));
  };
  collect(value, 0);
  const text = parts.filter((p) => p !== "").join("; ");
  if (text === "") return undefined;
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;
}
