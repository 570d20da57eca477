/**
 * Money as the bot holds it: an amount (canonical decimal text, never a float) and the currency it is
 * in, as far as the server said (id, code, name). Servers write a side of an order flat
 * (`send_amount`, `send_currency_id`), nested (`"send": {"amount": "0.03", "currency": {"code": "BTC"}}`),
 * grouped per fact (`"amounts": {"send": …}`), under synonyms (give/get, from/to, sum/value…): one reader
 * takes them all.
 */
import type { Notes } from "./notes.js";
import {
  amountOf,
  CODE_NAMES,
  DECIMALS_NAMES,
  found,
  idOf,
  isRecord,
  NAME_NAMES,
  numberOf,
  textOf,
  AMOUNT_NAMES,
  type RawRecord,
} from "./values.js";

export interface CurrencyRef {
  /** The server's currency id, as text. */
  id?: string;
  /** "BTC", "USDTTRC20". */
  code?: string;
  /** "Bitcoin", "Tether TRC20". */
  name?: string;
  /** Digits after the decimal point, when the server says. */
  decimals?: number;
}

export interface Money {
  amount?: string;
  currency: CurrencyRef;
}

const CURRENCY_REF_ID = ["id", "currency_id"];

/** A currency written as an id (`1`), a code (`"BTC"`), or an object carrying any of id/code/name. */
export function readCurrencyRef(value: unknown): CurrencyRef {
  if (isRecord(value)) {
    const id = idOf(found(value, CURRENCY_REF_ID)?.value);
    const code = textOf(found(value, CODE_NAMES)?.value);
    const name = textOf(found(value, NAME_NAMES)?.value);
    const decimals = numberOf(found(value, DECIMALS_NAMES)?.value);
    return {
      ...(id !== undefined && { id }),
      ...(code !== undefined && { code }),
      ...(name !== undefined && { name }),
      ...(decimals !== undefined &&
        Number.isInteger(decimals) &&
        decimals >= 0 &&
        decimals <= 30 && { decimals }),
    };
  }
  const text = textOf(value);
  if (text === undefined) return {};
  // Digits are an id; anything else names the currency by its code.
  return /^\d+$/.test(text) ? { id: text } : { code: text };
}

function merge(into: CurrencyRef, from: CurrencyRef): CurrencyRef {
  return { ...from, ...into };
}

export function isEmptyCurrency(currency: CurrencyRef): boolean {
  return currency.id === undefined && currency.code === undefined && currency.name === undefined;
}

/** Words a side is spelled with, first the spec's. */
export const SIDE_WORDS = {
  send: ["send", "give", "from", "in", "sell"],
  receive: ["receive", "get", "to", "out", "buy"],
} as const;
export type Side = keyof typeof SIDE_WORDS;

/** Where a side's facts were found, so the caller can leave those fields out of "other fields". */
export interface SideRead {
  money?: Money;
  /** Own keys of the record the side was read from. */
  used: string[];
}

/**
 * One side of an order (or a direction): the amount and currency, from flat fields, a nested object
 * per side, or objects per fact keyed by side. Undefined money when nothing about it was found.
 */
/** Where each fact of a side may be, per side word: built once, not per record. */
interface SideNames {
  word: string;
  nested: string[];
  amount: string[];
  currencyId: string[];
  currency: string[];
  code: string[];
  name: string[];
}

const sideNames = (word: string): SideNames => ({
  word,
  nested: [word, `${word}_info`, `${word}_side`],
  amount: [`${word}_amount`, `amount_${word}`, `${word}_sum`, `sum_${word}`, `${word}_value`],
  currencyId: [`${word}_currency_id`, `currency_${word}_id`, `currency_id_${word}`],
  currency: [`${word}_currency`, `currency_${word}`],
  code: [`${word}_currency_code`, `${word}_code`, `${word}_xml_code`, `${word}_symbol`],
  name: [`${word}_currency_name`, `${word}_currency_title`, `${word}_name`],
});

const SIDE_NAMES: Readonly<Record<Side, readonly SideNames[]>> = {
  send: SIDE_WORDS.send.map(sideNames),
  receive: SIDE_WORDS.receive.map(sideNames),
};
const CURRENCY_OBJECT = ["currency", "currency_info"];
const CURRENCY_ID = ["currency_id", "currencyId"];

/** What one side has gathered so far: the keys it used, its amount, its currency. */
interface SideParts {
  used: string[];
  amount?: string;
  currency: CurrencyRef;
}

export function readSide(record: RawRecord, side: Side, notes?: Notes): SideRead {
  const parts: SideParts = { used: [], currency: {} };
  for (const names of SIDE_NAMES[side]) {
    readNestedSide(record, names, parts, notes);
    readFlatSide(record, names, parts, notes);
  }
  readGroupedSide(record, side, parts, notes);
  const { used, amount, currency } = parts;
  if (amount === undefined && isEmptyCurrency(currency)) return { used };
  return { money: { ...(amount !== undefined && { amount }), currency }, used };
}

type SideNameSet = (typeof SIDE_NAMES)[Side][number];

/** Nested per side: "send": {"amount": …, "currency_id": …, "currency": {…}}; or "send": "0.03", a scalar side is its amount. */
function readNestedSide(
  record: RawRecord,
  names: SideNameSet,
  parts: SideParts,
  notes?: Notes,
): void {
  const nested = found(record, names.nested);
  if (nested !== undefined && isRecord(nested.value)) {
    parts.used.push(nested.key);
    notes?.understand(nested.key, "nested per side");
    const inner = nested.value;
    parts.amount ??= amountOf(found(inner, AMOUNT_NAMES)?.value);
    parts.currency = merge(parts.currency, readCurrencyRef(found(inner, CURRENCY_OBJECT)?.value));
    parts.currency = merge(parts.currency, readCurrencyRef(inner));
    const innerId = idOf(found(inner, CURRENCY_ID)?.value);
    if (innerId !== undefined) parts.currency = merge(parts.currency, { id: innerId });
  } else if (nested !== undefined && parts.amount === undefined) {
    const scalar = amountOf(nested.value);
    if (scalar !== undefined) {
      parts.used.push(nested.key);
      parts.amount = scalar;
    }
  }
}

/** Flat fields: "send_amount", "send_currency_id", "send_currency" (a code or an object), "send_code", "send_name". */
function readFlatSide(
  record: RawRecord,
  names: SideNameSet,
  parts: SideParts,
  notes?: Notes,
): void {
  const take = (hit: { key: string; value: unknown } | undefined): unknown => {
    if (hit === undefined) return undefined;
    parts.used.push(hit.key);
    return hit.value;
  };
  parts.amount ??= amountOf(take(found(record, names.amount)));
  const id = idOf(take(found(record, names.currencyId)));
  if (id !== undefined) parts.currency = merge(parts.currency, { id });
  const ref = take(found(record, names.currency));
  if (ref !== undefined) {
    if (isRecord(ref)) notes?.understand(`${names.word}_currency`, "understood from an object");
    parts.currency = merge(parts.currency, readCurrencyRef(ref));
  }
  const code = textOf(take(found(record, names.code)));
  if (code !== undefined) parts.currency = merge(parts.currency, { code });
  const name = textOf(take(found(record, names.name)));
  if (name !== undefined) parts.currency = merge(parts.currency, { name });
}

/** Each group name alone, tried in turn (constant lists: found() keeps its look-ups per list). */
const AMOUNT_GROUPS = ["amounts", "amount", "sums", "sum"].map((group) => [group]);
const CURRENCY_GROUPS = ["currencies", "currency"].map((group) => [group]);

/** Grouped per fact: "amounts": {"send": "0.03"}, "currencies": {"send": {"code": "BTC"}}. */
function readGroupedSide(record: RawRecord, side: Side, parts: SideParts, notes?: Notes): void {
  const grouped = (groups: readonly string[][], what: string, use: (value: unknown) => void) => {
    for (const group of groups) {
      const hit = found(record, group);
      if (hit === undefined || !isRecord(hit.value)) continue;
      const inner = found(hit.value, SIDE_WORDS[side]);
      if (inner === undefined) continue;
      parts.used.push(hit.key);
      notes?.understand(hit.key, what);
      use(inner.value);
    }
  };
  grouped(AMOUNT_GROUPS, "amounts grouped per side", (value) => (parts.amount ??= amountOf(value)));
  grouped(
    CURRENCY_GROUPS,
    "currencies grouped per side",
    (value) => (parts.currency = merge(parts.currency, readCurrencyRef(value))),
  );
}

const SINGLE_RATE = ["rate", "value", "course", ...AMOUNT_NAMES];

/** A rate as two amounts: 1 BTC (send) = 61234.5 USDT (receive). */
export interface Rate {
  send: string;
  receive: string;
}

/**
 * A rate written as one number (receive per one send), a pair `[1, 61234.5]`, an object
 * `{"send"|"from"|"in": 1, "receive"|"to"|"out": 61234.5}`, or text "1 : 61234.5" / "1 BTC = 61234.5 USDT".
 */
export function readRate(value: unknown, notes?: Notes, field = "rate"): Rate | undefined {
  if (Array.isArray(value) && value.length === 2) {
    const [send, receive] = value.map(amountOf);
    if (send !== undefined && receive !== undefined) {
      notes?.understand(field, "a pair");
      return { send, receive };
    }
    return undefined;
  }
  if (isRecord(value)) {
    const send = amountOf(found(value, SIDE_WORDS.send)?.value);
    const receive = amountOf(found(value, SIDE_WORDS.receive)?.value);
    if (send !== undefined && receive !== undefined) {
      notes?.understand(field, "understood from an object");
      return { send, receive };
    }
    const single = amountOf(found(value, SINGLE_RATE)?.value);
    return single === undefined ? undefined : { send: "1", receive: single };
  }
  const single = amountOf(value);
  if (single !== undefined) return { send: "1", receive: single };
  const text = textOf(value);
  if (text === undefined) return undefined;
  const parts = text.split(/\s*[=:→/]\s*|\s+(?:to|за)\s+/i);
  if (parts.length === 2) {
    // Each side is a number and whatever code follows it ("1 USDTTRC20 = 40.85 CARDUAH").
    const [send, receive] = parts.map((p) => amountOf(p));
    if (send !== undefined && receive !== undefined) {
      notes?.understand(field, "read from text");
      return { send, receive };
    }
  }
  return undefined;
}
