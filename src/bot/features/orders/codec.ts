/**
 * Callback data of the order screens (own and referral orders), kept compact and ≤ 64 bytes:
 *
 *   <scope>:l:<filter>:<page>        a page of the list          e.g. "ord:l:a:3", "rord:l:1:1", "ord:l:@success:1"
 *   <scope>:c:<ref>:<filter>:<page>  one order's card, remembering the list it was opened from
 *   <scope>:r:<ref>:<filter>:<page>  the card's Refresh: the same card again, its QR code not sent again
 *   <scope>:f                        the filter chip already showing its first page: answered, nothing edited
 *   ord:p:<page>                     a page of the own orders awaiting payment (💳 Pay an order)
 *   ord:n:<ref>                      a notification's "Open order": the card as a new message below
 *                                    the notice (which stays as it was); its Back leads to all orders
 *
 * scope: "ord" own orders, "rord" referral orders. filter: "a" (all), a spec status id 0-4 (sent to
 * the server as a number) or "@" + a status name of the server's own (sent as `@name`), ≤ 16
 * characters. ref: the order's id, or a short reference to it (core/order-refs.ts). Longest:
 * "rord:c:" + 32-character id + ":@" + 16 + ":" + 6-digit page = 64 bytes.
 *
 * Parsing is the validation: data that does not match exactly (forged, stale from an older layout,
 * page 0, an id with odd characters) parses to undefined, so it reaches the fallback's
 * "this button has expired".
 */
import { FILTER_NAME, type StatusChoice } from "../../../exchanger/index.js";
import { orderRefField, type OrderRef } from "../../core/order-refs.js";
import { callbackData, pageField, type Field } from "../../ui/callback-data.js";

export type OrderScope = "ord" | "rord";
/** "all", or one status in the server's form. */
export type StatusFilter = "all" | StatusChoice;

export interface ListView {
  scope: OrderScope;
  filter: StatusFilter;
  /** 1-based */
  page: number;
}

export interface CardView extends ListView {
  /** Resolved to the order's id when pressed (core/order-refs.ts). */
  ref: OrderRef;
}

const FILTER = `a|[0-4]|@${FILTER_NAME.source.replace(/^\^|\$$/g, "")}`;

function encodeFilter(filter: StatusFilter): string {
  if (filter === "all") return "a";
  return filter.form === "number" ? filter.value : `@${filter.value}`;
}

function decodeFilter(code: string): StatusFilter {
  if (code === "a") return "all";
  return code.startsWith("@")
    ? { form: "name", value: code.slice(1) }
    : { form: "number", value: code };
}

const filter: Field<StatusFilter> = { pattern: FILTER, encode: encodeFilter, decode: decodeFilter };

/** One codec set per scope: "ord" and "rord" buttons never reach each other's handlers. */
const codecs = (scope: OrderScope) => ({
  list: callbackData(`${scope}:l`, { filter, page: pageField }),
  card: callbackData(`${scope}:c`, { ref: orderRefField, filter, page: pageField }),
  refresh: callbackData(`${scope}:r`, { ref: orderRefField, filter, page: pageField }),
  same: `${scope}:f`,
});
const SCOPES = { ord: codecs("ord"), rord: codecs("rord") };

export function sameFilter(a: StatusFilter, b: StatusFilter): boolean {
  return encodeFilter(a) === encodeFilter(b);
}

export function listData(view: ListView): string {
  return SCOPES[view.scope].list.pack(view);
}

/** An order's card; `ref` from core/order-refs.ts (stored before the button is shown). */
export function cardData(view: ListView, ref: OrderRef): string {
  return SCOPES[view.scope].card.pack({ ref, filter: view.filter, page: view.page });
}

/** The card's Refresh: the card again, in place, without sending its QR code again (orders/pay-to.ts). */
export function refreshData(view: ListView, ref: OrderRef): string {
  return SCOPES[view.scope].refresh.pack({ ref, filter: view.filter, page: view.page });
}

export const sameFilterData = (scope: OrderScope): string => SCOPES[scope].same;

export function parseListData(scope: OrderScope, data: string): ListView | undefined {
  const view = SCOPES[scope].list.unpack(data);
  return view && { scope, ...view };
}

export function parseCardData(scope: OrderScope, data: string): CardView | undefined {
  const view = SCOPES[scope].card.unpack(data);
  return view && { scope, ...view };
}

/** A card's button: opened (from the list: its QR code follows) or refreshed (in place, nothing more). */
export function parseCardPress(
  scope: OrderScope,
  data: string,
): (CardView & { refresh: boolean }) | undefined {
  const opened = parseCardData(scope, data);
  if (opened) return { ...opened, refresh: false };
  const view = SCOPES[scope].refresh.unpack(data);
  return view && { scope, ...view, refresh: true };
}

export function isSameFilterData(scope: OrderScope, data: string): boolean {
  return data === SCOPES[scope].same;
}

/** A notification's "Open order" (own orders only): the card below the notice. */
export const noticeCard = callbackData("ord:n", { ref: orderRefField });

/** A page of the own orders awaiting payment, each button opening its pay card. */
export const payableList = callbackData("ord:p", { page: pageField });
export const payableData = (page: number): string => payableList.pack({ page });
