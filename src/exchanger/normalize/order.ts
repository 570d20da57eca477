/**
 * An order as the bot holds it, whatever shape the server wrote it in: the id as opaque text, the
 * token, the status (what it means, by the vocabulary, and the server's own label), both sides as
 * Money, the rate, the dates, the payment instructions when the server gives some, who placed it
 * (referral orders), and every other field masked and flattened for the card. Screens, the pay flow,
 * the filters, the watcher and the doctor read orders only through this object.
 */
import { isPayableStatus, readStatus, UNREADABLE_STATUS, type OrderStatus } from "../vocabulary.js";
import { provenanceOf } from "./layout.js";
import { displayFields, type FlatFields } from "./fields.js";
import { readRate, readSide, type Money, type Rate } from "./money.js";
import type { Notes } from "./notes.js";
import { dateOf, found, idOf, isRecord, textOf, type RawRecord } from "./values.js";

export interface Order {
  /** Opaque text: "0012", a 21-digit number and a UUID are all kept exactly as sent. */
  id: string;
  token?: string;
  status: OrderStatus;
  /** The direction's id (the spec's `exchange_id`). */
  directionId?: string;
  send?: Money;
  receive?: Money;
  rate?: Rate;
  createdAt?: Date;
  updatedAt?: Date;
  /** Who placed the order, when the server says (a referral's login on referral orders). */
  user?: string;
  /**
   * Where and how to pay, when the server says (address, card, account, memo, payment id, amount,
   * deadline): flattened and NOT masked — the exchanger's own requisites, to be read and copied in
   * full (secret-named fields are still left out).
   */
  payment?: FlatFields;
  /** Every other field, masked and flattened (fields.ts). */
  fields: FlatFields;
  /**
   * Read from a positional record: the facts its layout does not place with certainty (normalize/
   * layout.ts), left out of the order — the screens say they cannot read them; Pay needs none missing.
   */
  unproven?: OrderFact[];
  /**
   * Read from a positional record: the row's fingerprint as the server wrote it, which the money
   * proofs compare the server's filtered answers with (exchanger/orders/payable-proof.ts).
   */
  row?: string;
}

/** What a positional order may leave unproven: the token, the status, either side (amount or currency). */
export type OrderFact = "token" | "status" | "send" | "receive";

const FACT_OF: Readonly<Record<string, OrderFact>> = {
  token: "token",
  status: "status",
  send_amount: "send",
  send_currency_id: "send",
  receive_amount: "receive",
  receive_currency_id: "receive",
};

/** The order's facts its record's layout leaves unproven, and the row's fingerprint (positional records only). */
function provenanceFacts(raw: RawRecord): Pick<Order, "unproven" | "row"> {
  const provenance = provenanceOf(raw);
  if (provenance === undefined) return {};
  const unproven = [...new Set(provenance.unproven.map((name) => FACT_OF[name]!))];
  return { ...(unproven.length > 0 && { unproven }), row: provenance.row };
}

/** Synonyms per fact; the first is the spec's (or the most common) name. */
const ID = ["id", "order_id", "orderId", "bid_id", "number"];
const TOKEN = ["token", "order_token", "hash_id", "uid", "uuid"];
const STATUS = ["status", "state", "order_status", "status_id"];
const STATUS_LABEL = ["status_title", "status_name", "status_label", "status_text", "state_title"];
const DIRECTION = ["exchange_id", "direction_id", "exchange", "direction", "pair_id"];
const RATE = ["rate", "course", "exchange_rate", "rate_value"];
/** Where servers put an order's creation time, most common first. */
export const CREATED = [
  "created_at",
  "date",
  "created",
  "date_create",
  "create_date",
  "created_time",
  "time_create",
  "timestamp",
];
const UPDATED = [
  "updated_at",
  "updated",
  "date_update",
  "update_date",
  "modified_at",
  "changed_at",
];
const USER = ["user_login", "login", "user", "customer", "client", "username"];
const PAYMENT = [
  "payment",
  "payment_details",
  "payment_info",
  "requisites",
  "pay_to",
  "payment_address",
  "deposit_address",
  "instructions",
  "pay_info",
];

/**
 * Top-level fields that are payment instructions by their name, beside or instead of a PAYMENT
 * object: "pay_amount", "pay_until", "payment_id", "payment_memo", "deposit_tag"…
 */
const PAYMENT_PREFIX = /^(pay|payment|deposit)_/i;

type Take = (names: readonly string[]) => unknown;

/** The payment instructions: the PAYMENT object (or a bare value under its own name) and the prefixed fields. */
function orderPayment(raw: RawRecord, take: Take, used: Set<string>): FlatFields | undefined {
  const hit = found(raw, PAYMENT);
  const paymentRaw = take(PAYMENT);
  const instructions: RawRecord = isRecord(paymentRaw)
    ? { ...paymentRaw }
    : paymentRaw === undefined
      ? {}
      : { [hit!.key]: paymentRaw };
  for (const [key, value] of Object.entries(raw)) {
    if (used.has(key) || !PAYMENT_PREFIX.test(key)) continue;
    used.add(key);
    instructions[key] = value;
  }
  const payment = displayFields(instructions, undefined, "pay-to");
  return Object.keys(payment).length > 0 ? payment : undefined;
}

/** The status; a separate title beside it is the label, and the meaning when the status itself says none. */
function orderStatus(take: Take, notes?: Notes): OrderStatus {
  const statusRaw = take(STATUS);
  if (isRecord(statusRaw)) notes?.understand("status", "understood from an object");
  const status = readStatus(statusRaw);
  const label = textOf(take(STATUS_LABEL));
  if (label === undefined) return status;
  const titled = readStatus(label);
  const meant =
    status.key === undefined && titled.key !== undefined
      ? { ...titled, ...status, meaning: titled.meaning, key: titled.key, emoji: titled.emoji }
      : status;
  return { ...meant, label };
}

/** Created and updated times; a value that is no date stays among the fields shown as they came. */
function orderDates(raw: RawRecord, take: Take, used: Set<string>, notes?: Notes) {
  const createdRaw = take(CREATED);
  const createdAt = dateOf(createdRaw);
  if (createdRaw !== undefined && createdAt === undefined) used.delete(found(raw, CREATED)!.key);
  else if (typeof createdRaw === "number") notes?.understand("created_at", "unix time");
  const updatedRaw = take(UPDATED);
  const updatedAt = dateOf(updatedRaw);
  if (updatedRaw !== undefined && updatedAt === undefined) used.delete(found(raw, UPDATED)!.key);
  return { createdAt, updatedAt };
}

/** The order, or undefined when the record has no id (nothing could ever address it). */
export function readOrder(raw: unknown, notes?: Notes): Order | undefined {
  if (!isRecord(raw)) return undefined;
  const used = new Set<string>();
  const take = (names: readonly string[]): unknown => {
    const hit = found(raw, names);
    if (hit === undefined) return undefined;
    used.add(hit.key);
    return hit.value;
  };
  const idRaw = take(ID);
  const id = idOf(idRaw);
  if (id === undefined) return undefined;
  if (isRecord(idRaw)) notes?.understand("id", "understood from an object");

  const token = textOf(take(TOKEN));
  const proven = provenanceFacts(raw);
  const status = proven.unproven?.includes("status") ? UNREADABLE_STATUS : orderStatus(take, notes);

  const directionRaw = take(DIRECTION);
  const directionId = idOf(directionRaw);
  const send = readSide(raw, "send", notes);
  const receive = readSide(raw, "receive", notes);
  for (const key of [...send.used, ...receive.used]) used.add(key);

  const rateRaw = take(RATE);
  const rate = readRate(rateRaw, notes);
  const { createdAt, updatedAt } = orderDates(raw, take, used, notes);

  const userRaw = take(USER);
  const user = textOf(userRaw, ["login", "username", "name", "email", "id"]);
  if (isRecord(userRaw)) notes?.understand("user", "login understood from an object");

  const payment = orderPayment(raw, take, used);

  const rest: RawRecord = Object.fromEntries(Object.entries(raw).filter(([key]) => !used.has(key)));
  return {
    id,
    ...(token !== undefined && { token }),
    status,
    ...(directionId !== undefined && { directionId }),
    ...(send.money && !proven.unproven?.includes("send") && { send: send.money }),
    ...(receive.money && !proven.unproven?.includes("receive") && { receive: receive.money }),
    ...(rate && { rate }),
    ...(createdAt && { createdAt }),
    ...(updatedAt && { updatedAt }),
    ...(user !== undefined && { user }),
    ...(payment && { payment }),
    fields: displayFields(rest, notes),
    ...proven,
  };
}

/** Every order of a list that has an id (one without cannot be shown or addressed). */
export function readOrders(items: readonly unknown[], notes?: Notes): Order[] {
  return items.flatMap((item) => readOrder(item, notes) ?? []);
}

/**
 * Whether Pay may be offered: a status that allows it, and nothing money depends on left unproven
 * (a positional order is still proved by the server before any payment: orders/payable-proof.ts).
 */
export function isPayableOrder(order: Order): boolean {
  return (order.unproven?.length ?? 0) === 0 && isPayableStatus(order.status);
}

/**
 * An order the bot cannot offer Pay for because what money depends on is not proven (its status, its
 * token or its amounts): the screens say so and link to the website instead. A status that is read and
 * does not allow paying is not such an order.
 */
export function isPayableButUnsure(order: Order): boolean {
  if ((order.unproven?.length ?? 0) === 0) return false;
  return order.unproven!.includes("status") || isPayableStatus(order.status);
}
