/**
 * One exchange direction as the bot holds it (`public-api-get-exchange`, or an entry of an old-style
 * directions list): its slug, both currencies, the rate, the limits, the reserve, and the fields the
 * customer fills in to create an order. The vendor documents only the id and the input list (each with
 * an id and a name); the rest is read under the names real scripts use, flat or nested per side.
 *
 * What the exchange flow (and its calculator) reads: `rate` (receive per `rate.send` units sent),
 * `min`/`max` (in the send currency), `reserve` (in the receive currency), `send.decimals` /
 * `receive.decimals` when known, and `fields` — each with the `param` name the Private API's
 * create-order takes (field-parameter.ts).
 */
import type { QuoteTerms } from "../exchange-quote.js";
import { fieldParameterName } from "../field-parameter.js";
import { displayFields, type FlatFields } from "./fields.js";
import { readCurrencyRef, readRate, readSide, type CurrencyRef, type Rate } from "./money.js";
import type { Notes } from "./notes.js";
import {
  amountOf,
  entriesOf,
  FIELD_ID_NAMES,
  FIELD_NAME_NAMES,
  found,
  idOf,
  isRecord,
  textOf,
  type RawRecord,
} from "./values.js";

export interface DirectionField {
  /** The input's id (the key saved fields are stored under). */
  id: string;
  /** The field's name as the server gives it ("E-mail"). */
  name: string;
  /** What to show the customer: the server's label or title, else the name. */
  label: string;
  /** The parameter name for create-order: the name in snake_case ("e_mail"), by field-parameter.ts (the one rule). */
  param: string;
  required: boolean;
}

export interface Direction {
  id?: string;
  /** The handle `get-exchange` takes as `pair` and create-order as `slug`. */
  slug?: string;
  send: CurrencyRef;
  receive: CurrencyRef;
  rate?: Rate;
  /** Least and most the customer may send, in the send currency. */
  min?: string;
  max?: string;
  /** What the exchanger holds of the receive currency for this direction. */
  reserve?: string;
  /** What the customer fills in; empty when the direction needs nothing (or the server lists none). */
  fields: DirectionField[];
  /** Whether the server listed input fields at all (an empty list is "nothing to fill in"). */
  listsFields: boolean;
  /** Every other field, masked and flattened. */
  extras: FlatFields;
  /** Values of a positional direction no layout placed (its rate and limits among them): counted, never shown. */
  unplaced?: number;
}

/** What normalize/layout.ts nameRecord calls a position it could not place. */
const UNPLACED = /^field_\d+$/;

const RATE = ["rate", "course", "exchange_rate", "course_rate"];
const MIN = ["min_amount", "min", "min_send_amount", "min_sum", "minimum", "min_send", "send_min"];
const MAX = ["max_amount", "max", "max_send_amount", "max_sum", "maximum", "max_send", "send_max"];
/** Where a reserve is found (a direction's, or a currency's in the currency list). */
export const RESERVE = ["reserve", "reserve_amount", "amount_reserve", "receive_reserve"];
const FIELDS = ["inputs", "fields", "input_fields", "form", "requisites"];
const LIMITS = ["limits", "limit"];

/** A direction's own id and slug; its fields' label and whether one is required (id, name: values.ts). */
const DIRECTION_ID = ["id", "direction_id", "exchange_id"];
const SLUG = ["slug", "pair", "alias"];
const FIELD_LABEL = ["label", "title", "caption", "name"];
const FIELD_REQUIRED = ["required", "is_required", "mandatory"];

function isOff(value: unknown): boolean {
  return value === false || value === 0 || value === "0" || value === "false" || value === "no";
}

function readFields(value: unknown, notes?: Notes): DirectionField[] {
  const fields: DirectionField[] = [];
  for (const { key, value: item } of entriesOf(value, FIELD_ID_NAMES)) {
    if (isRecord(item)) {
      const name = textOf(found(item, FIELD_NAME_NAMES)?.value);
      const label = textOf(found(item, FIELD_LABEL)?.value) ?? name;
      if (name === undefined || label === undefined) continue;
      const id = idOf(found(item, FIELD_ID_NAMES)?.value) ?? key;
      const required = !isOff(found(item, FIELD_REQUIRED)?.value ?? true);
      fields.push({ id, name, label, param: fieldParameterName(name), required });
    } else {
      // A map of id → name: `{"12": "E-mail"}`.
      const name = textOf(item);
      if (name === undefined) continue;
      notes?.understand("inputs", "a map of id → name");
      fields.push({ id: key, name, label: name, param: fieldParameterName(name), required: true });
    }
  }
  return fields;
}

/** The direction, or undefined when the result is not an object. `slug`: what the bot asked with. */
export function readDirection(raw: unknown, slug?: string, notes?: Notes): Direction | undefined {
  if (!isRecord(raw)) return undefined;
  const used = new Set<string>();
  const take = (names: readonly string[], record: RawRecord = raw): unknown => {
    const hit = found(record, names);
    if (hit === undefined) return undefined;
    if (record === raw) used.add(hit.key);
    return hit.value;
  };
  const id = idOf(take(DIRECTION_ID));
  const ownSlug = textOf(take(SLUG));
  const send = readSide(raw, "send", notes);
  const receive = readSide(raw, "receive", notes);
  for (const key of [...send.used, ...receive.used]) used.add(key);
  const rate = readRate(take(RATE), notes);
  const limits = take(LIMITS);
  const limitRecord = isRecord(limits) ? limits : undefined;
  if (limitRecord) notes?.understand("limits", "min and max nested in an object");
  const min = amountOf(take(MIN)) ?? (limitRecord && amountOf(take(MIN, limitRecord)));
  const max = amountOf(take(MAX)) ?? (limitRecord && amountOf(take(MAX, limitRecord)));
  const reserve = amountOf(take(RESERVE));
  const fieldsRaw = take(FIELDS);
  const fields = fieldsRaw === undefined ? [] : readFields(fieldsRaw, notes);
  const unplaced = Object.keys(raw).filter((key) => UNPLACED.test(key)).length;
  const rest = Object.fromEntries(
    Object.entries(raw).filter(([key]) => !used.has(key) && !UNPLACED.test(key)),
  );
  const sideOf = (read: typeof send): CurrencyRef => read.money?.currency ?? {};
  const chosenSlug = ownSlug ?? slug;
  return {
    ...(id !== undefined && { id }),
    ...(chosenSlug !== undefined && { slug: chosenSlug }),
    send: sideOf(send),
    receive: sideOf(receive),
    ...(rate && { rate }),
    ...(min !== undefined && { min }),
    ...(max !== undefined && { max }),
    ...(reserve !== undefined && { reserve }),
    fields,
    listsFields: Array.isArray(fieldsRaw) || isRecord(fieldsRaw),
    extras: displayFields(rest, notes),
    ...(unplaced > 0 && { unplaced }),
  };
}

export { readCurrencyRef };

/**
 * The calculator's terms (exchange-quote.ts) of a direction: its rate, limits and reserve as read, the
 * decimals the direction's currencies state, else `fallback` (the currency list's, or the amounts'
 * own). Undefined when the direction has no usable rate: no estimate can be given.
 */
export function quoteTermsOf(
  direction: Direction,
  fallback: { send: number; receive: number },
): QuoteTerms | undefined {
  if (direction.rate === undefined) return undefined;
  return {
    rate: direction.rate,
    ...(direction.min !== undefined && { min: direction.min }),
    ...(direction.max !== undefined && { max: direction.max }),
    ...(direction.reserve !== undefined && { reserve: direction.reserve }),
    sendDecimals: direction.send.decimals ?? fallback.send,
    receiveDecimals: direction.receive.decimals ?? fallback.receive,
  };
}
