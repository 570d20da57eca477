/**
 * The calculator's arithmetic, free of Telegram and of texts: the amount to send → the estimated amount
 * to receive and back, rounded as each currency's decimals say, and the check against the direction's
 * limits (min, max) and the receive currency's reserve, answered as which limit was crossed.
 *
 * Amounts are decimal strings from the first byte to the last (big.js, with its own constructor so no
 * global setting is shared, in strict mode so a JavaScript number — and its binary drift, 0.1 + 0.2 —
 * cannot slip in). What is shown is what is sent.
 *
 * Rounding never promises the customer more than the rate gives: the estimate to receive is rounded
 * DOWN, the amount needed to send for a wished amount to receive is rounded UP (sending it yields at
 * least what was wished).
 */
import BigConstructor, { type Big } from "big.js";

const Decimal = BigConstructor();
// Division (the reverse quote) keeps this many places before the final rounding; amounts never need more.
Decimal.DP = 40;
Decimal.strict = true;

/** big.js rounding modes. */
const DOWN = 0;
const UP = 3;

/** Most decimals a currency may ask for; a server's 10^9 must not make strings explode. */
export const MAX_DECIMALS = 18;

/**
 * What the calculator needs of a direction. The exchanger's direction object is adapted to this (the
 * rate as "`send` of the send currency give `receive` of the receive currency", which holds both
 * "1 BTC = 61250 USDT" and "2500000 UAH = 1 BTC" without losing a digit).
 */
export interface QuoteTerms {
  rate: { send: string; receive: string };
  /** Amount-to-send limits in the send currency; undefined or "0" = no limit. */
  min?: string;
  max?: string;
  /** What the exchanger can pay out now, in the receive currency; undefined = not known, not checked. */
  reserve?: string;
  sendDecimals: number;
  receiveDecimals: number;
}

/** Which limit an amount crosses, with the limit itself (in the currency it is set in). */
export type LimitCrossed =
  | { limit: "min"; min: string }
  | { limit: "max"; max: string }
  /** The payout would exceed the reserve; `maxSend` is the most that may be sent (0 when the reserve is empty). */
  | { limit: "reserve"; reserve: string; maxSend: string };

export type Quote =
  | { ok: true; send: string; receive: string }
  | { ok: false; send: string; receive: string; crossed: LimitCrossed }
  /** The direction's terms cannot give an estimate (no usable rate or decimals): not the user's fault. */
  | { ok: false; unusableTerms: true };

/** Why typed text is not an amount. */
export type AmountProblem = "not-a-number" | "not-positive" | "too-many-decimals" | "too-large";

/**
 * Most digits before the decimal point of a typed amount. No exchange direction's amount comes near
 * (10^24 of any currency); a longer number (a 400-digit paste) is refused as an amount, never carried
 * into the rate arithmetic where it would read as the direction's fault ("no usable rate").
 */
export const MAX_WHOLE_DIGITS = 24;

export type ParsedAmount =
  { ok: true; amount: string } | { ok: false; problem: AmountProblem; decimals: number };

/**
 * An amount as a person types it: "1500", "1 500,50", "0.015", "1,5" (a comma as the decimal
 * separator, as ru/uk write it), "1,500.25" / "1.500,25" (the last separator is the decimal one when
 * both appear). Not more decimals than the currency has: the user is told, nothing is cut silently.
 * Returns the amount as a plain decimal string with exactly `decimals` places.
 */
export function parseAmount(text: string, decimals: number): ParsedAmount {
  const places = clampDecimals(decimals);
  const compact = text.trim().replace(/[\s\u00a0\u202f']/g, "");
  const fail = (problem: AmountProblem): ParsedAmount => ({ ok: false, problem, decimals: places });
  if (!/^[+]?[\d.,]+$/.test(compact) || !/\d/.test(compact)) return fail("not-a-number");
  const unsigned = compact.replace(/^\+/, "");
  const lastDot = unsigned.lastIndexOf(".");
  const lastComma = unsigned.lastIndexOf(",");
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalMark = lastDot > lastComma ? "." : ",";
    const grouping = decimalMark === "." ? "," : ".";
    const [whole, fraction, ...rest] = unsigned.split(decimalMark);
    const groups = whole!.split(grouping);
    if (rest.length > 0 || fraction!.includes(grouping) || !areThousands(groups))
      return fail("not-a-number");
    normalized = `${groups.join("")}.${fraction}`;
  } else {
    const mark = lastDot >= 0 ? "." : ",";
    const parts = unsigned.split(mark);
    // One mark is the decimal separator; several can only be thousands groups of three digits.
    if (parts.length === 2) normalized = `${parts[0]}.${parts[1]}`;
    else if (parts.length > 2 && areThousands(parts)) normalized = parts.join("");
    else if (parts.length === 1) normalized = unsigned;
    else return fail("not-a-number");
  }
  if (!/^\d*\.?\d*$/.test(normalized) || !/\d/.test(normalized)) return fail("not-a-number");
  const value = new Decimal(
    normalized.startsWith(".") ? `0${normalized}` : normalized.replace(/\.$/, ""),
  );
  if (value.lte("0")) return fail("not-positive");
  if (value.round(0, DOWN).toFixed(0).length > MAX_WHOLE_DIGITS) return fail("too-large");
  const fraction = normalized.split(".")[1]?.replace(/0+$/, "") ?? "";
  if (fraction.length > places) return fail("too-many-decimals");
  return { ok: true, amount: value.toFixed(places) };
}

/** "1,500", "1.500", "2,000": one mark, then exactly three digits — a group separator or a decimal mark? */
const AMBIGUOUS = /^\+?([1-9]\d{0,2})[.,](\d{3})$/;

/**
 * The readings of an amount that could be either (`AMBIGUOUS`): the user is asked which one they
 * meant rather than guessed for. `decimal` is absent when that reading has more decimals than the
 * currency takes ("1.234" for a currency of 2): the user is still asked — "1234?" — never told
 * "too many decimals" for what may well be a thousands group. Undefined: one reading only.
 */
export interface AmountReadings {
  group: string;
  decimal?: string;
}

export function amountReadings(text: string, decimals: number): AmountReadings | undefined {
  const match = AMBIGUOUS.exec(text.trim().replace(/[\s\u00a0\u202f']/g, ""));
  if (match === null) return undefined;
  const group = parseAmount(`${match[1]}${match[2]}`, decimals);
  const decimal = parseAmount(`${match[1]}.${match[2]}`, decimals);
  if (!group.ok) return undefined;
  return decimal.ok ? { group: group.amount, decimal: decimal.amount } : { group: group.amount };
}

/** The estimate to receive for an amount to send, and whether the amount is within the limits. */
export function quoteFromSend(terms: QuoteTerms, sendAmount: string): Quote {
  const t = readTerms(terms);
  const send = decimalOrUndefined(sendAmount);
  if (t === undefined || send === undefined) return { ok: false, unusableTerms: true };
  const sendRounded = send.round(t.sendDecimals, DOWN);
  return judge(t, sendRounded, receiveFor(t, sendRounded));
}

/**
 * The amount to send for a wished amount to receive (rounded up), with the limits checked on the
 * amount to send. The estimate shown is the wish itself: the send rounding gives at least that, and a
 * few units of the last digit more ("≈ 500.00000798" for a typed 500) read as a different amount.
 */
export function quoteFromReceive(terms: QuoteTerms, receiveAmount: string): Quote {
  const t = readTerms(terms);
  const wished = decimalOrUndefined(receiveAmount);
  if (t === undefined || wished === undefined) return { ok: false, unusableTerms: true };
  const send = wished.times(t.rateSend).div(t.rateReceive).round(t.sendDecimals, UP);
  const gives = receiveFor(t, send);
  return judge(t, send, gives, gives.gt(wished) ? wished.round(t.receiveDecimals, DOWN) : gives);
}

/**
 * Whether a server's amount (a string such as "100.50" or "100.5", or a number) is the same decimal as
 * ours: for finding an order by its amount, where "100.5" and "100.50" are one amount.
 */
export function sameAmount(server: unknown, ours: string): boolean {
  const a =
    typeof server === "number" && Number.isFinite(server)
      ? decimalOrUndefined(String(server))
      : typeof server === "string"
        ? decimalOrUndefined(server)
        : undefined;
  const b = decimalOrUndefined(ours);
  return a !== undefined && b !== undefined && a.eq(b);
}

/** The smaller of two reserves (the direction's and the currency list's); either may be unknown. */
export function smallerReserve(a: string | undefined, b: string | undefined): string | undefined {
  const x = a === undefined ? undefined : decimalOrUndefined(a);
  const y = b === undefined ? undefined : decimalOrUndefined(b);
  if (x === undefined) return y === undefined ? undefined : b;
  if (y === undefined) return a;
  return x.lte(y) ? a : b;
}

/**
 * How far a rate may move against the customer, after they confirmed a moved rate once, and the
 * order still be created without asking again: 0.5 % of the estimate to receive. A move in the
 * customer's favour never needs asking again; one beyond this against them is said and nothing created.
 */
export const RATE_TOLERANCE = "0.005";

/** Whether `fresh` (the estimate to receive now) is at most RATE_TOLERANCE below `confirmed`. */
export function withinTolerance(confirmed: string, fresh: string): boolean {
  const a = decimalOrUndefined(confirmed);
  const b = decimalOrUndefined(fresh);
  if (a === undefined || b === undefined) return false;
  return b.gte(a.times(new Decimal("1").minus(RATE_TOLERANCE)));
}

// ---- internals ----------------------------------------------------------------------------------------

interface Terms {
  rateSend: Big;
  rateReceive: Big;
  min: Big | undefined;
  max: Big | undefined;
  reserve: Big | undefined;
  sendDecimals: number;
  receiveDecimals: number;
}

function readTerms(terms: QuoteTerms): Terms | undefined {
  const rateSend = decimalOrUndefined(terms.rate.send);
  const rateReceive = decimalOrUndefined(terms.rate.receive);
  if (
    rateSend === undefined ||
    rateReceive === undefined ||
    rateSend.lte("0") ||
    rateReceive.lte("0")
  )
    return undefined;
  if (!Number.isInteger(terms.sendDecimals) || !Number.isInteger(terms.receiveDecimals))
    return undefined;
  const positiveLimit = (value: string | undefined) => {
    const limit = value === undefined ? undefined : decimalOrUndefined(value);
    return limit !== undefined && limit.gt("0") ? limit : undefined;
  };
  const reserve = terms.reserve === undefined ? undefined : decimalOrUndefined(terms.reserve);
  return {
    rateSend,
    rateReceive,
    min: positiveLimit(terms.min),
    max: positiveLimit(terms.max),
    reserve: reserve !== undefined && reserve.gte("0") ? reserve : undefined,
    sendDecimals: clampDecimals(terms.sendDecimals),
    receiveDecimals: clampDecimals(terms.receiveDecimals),
  };
}

function receiveFor(t: Terms, send: Big): Big {
  return send.times(t.rateReceive).div(t.rateSend).round(t.receiveDecimals, DOWN);
}

/** `shown`: the estimate to show when it differs from what `receive` the limits are checked on. */
function judge(t: Terms, send: Big, receive: Big, shown = receive): Quote {
  const amounts = {
    send: send.toFixed(t.sendDecimals),
    receive: shown.toFixed(t.receiveDecimals),
  };
  const crossed = crossedLimit(t, send, receive);
  return crossed === undefined ? { ok: true, ...amounts } : { ok: false, ...amounts, crossed };
}

function crossedLimit(t: Terms, send: Big, receive: Big): LimitCrossed | undefined {
  if (t.min !== undefined && send.lt(t.min)) return { limit: "min", min: t.min.toFixed() };
  if (t.max !== undefined && send.gt(t.max)) return { limit: "max", max: t.max.toFixed() };
  if (t.reserve !== undefined && receive.gt(t.reserve)) {
    const maxSend = t.reserve.times(t.rateSend).div(t.rateReceive).round(t.sendDecimals, DOWN);
    return {
      limit: "reserve",
      reserve: t.reserve.toFixed(),
      maxSend: maxSend.toFixed(t.sendDecimals),
    };
  }
  return undefined;
}

/** A decimal from a server's or a caller's string ("61250.00", "4e-7"); undefined when it is none. */
function decimalOrUndefined(value: string): Big | undefined {
  if (
    typeof value !== "string" ||
    !/^\s*[+-]?(\d{1,40}(\.\d{0,40})?|\.\d{1,40})(e[+-]?\d{1,2})?\s*$/i.test(value)
  )
    return undefined;
  try {
    return new Decimal(value.trim());
  } catch {
    return undefined;
  }
}

/** "1", "500", "000" as in 1.500.000: a first group of 1–3 digits, then groups of exactly three. */
function areThousands(groups: readonly string[]): boolean {
  return (
    groups.length === 1 ||
    (/^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g)))
  );
}

function clampDecimals(decimals: number): number {
  return Number.isInteger(decimals) ? Math.min(MAX_DECIMALS, Math.max(0, decimals)) : 2;
}
