/**
 * Callback data of the order screens (own and referral orders), kept compact and ≤ 64 bytes:
 *
 *   <scope>:l:<filter>:<page>        a page of the list          e.g. "ord:l:a:3", "rord:l:1:1"
 *   <scope>:c:<id>:<filter>:<page>   one order's card, remembering the list it was opened from
 *
 * scope: "ord" own orders, "rord" referral orders. filter: "a" (all) or a status id 0-4.
 * The regular expressions are the validation: data that does not match exactly (forged, stale from
 * an older layout, page 0, an id with odd characters) is not handled, so it reaches the fallback's
 * "this button has expired".
 */
import { ORDER_STATUSES, type OrderStatusName } from "../../exchanger/types.js";

export type OrderScope = "ord" | "rord";
export type StatusFilter = "all" | OrderStatusName;

export interface ListView {
  scope: OrderScope;
  filter: StatusFilter;
  /** 1-based */
  page: number;
}

export interface CardView extends ListView {
  id: string;
}

/** Ids we can put in a button: what exchangers use (digits, sometimes letters), short enough for 64 bytes. */
const ID = "[A-Za-z0-9_-]{1,32}";
const FILTER = "[a0-4]";
/** Pages 1..999999: no leading zero, so each page has exactly one spelling. */
const PAGE = "[1-9]\\d{0,5}";

export const listDataPattern = (scope: OrderScope): RegExp => new RegExp(`^${scope}:l:(${FILTER}):(${PAGE})$`);
export const cardDataPattern = (scope: OrderScope): RegExp => new RegExp(`^${scope}:c:(${ID}):(${FILTER}):(${PAGE})$`);

export const STATUS_NAMES = Object.keys(ORDER_STATUSES) as OrderStatusName[];

function encodeFilter(filter: StatusFilter): string {
  return filter === "all" ? "a" : String(ORDER_STATUSES[filter]);
}

function decodeFilter(code: string): StatusFilter {
  return code === "a" ? "all" : STATUS_NAMES[Number(code)]!;
}

export function listData(view: ListView): string {
  return `${view.scope}:l:${encodeFilter(view.filter)}:${view.page}`;
}

/** Undefined when the order's id cannot travel in callback data (then the order gets no button). */
export function cardData(view: ListView, id: unknown): string | undefined {
  const text = String(id);
  if (!new RegExp(`^${ID}$`).test(text)) return undefined;
  return `${view.scope}:c:${text}:${encodeFilter(view.filter)}:${view.page}`;
}

/** From the match of listDataPattern. */
export function parseListMatch(scope: OrderScope, match: RegExpMatchArray): ListView {
  return { scope, filter: decodeFilter(match[1]!), page: Number(match[2]) };
}

/** From the match of cardDataPattern. */
export function parseCardMatch(scope: OrderScope, match: RegExpMatchArray): CardView {
  return { scope, id: match[1]!, filter: decodeFilter(match[2]!), page: Number(match[3]) };
}

/** The `status` filter sent to the exchanger: the `@name` form of the spec. */
export function statusParam(filter: StatusFilter): `@${OrderStatusName}` | undefined {
  return filter === "all" ? undefined : `@${filter}`;
}
