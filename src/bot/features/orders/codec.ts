/**
 * Callback data of the order screens (own and referral orders), kept compact and ≤ 64 bytes:
 *
 *   <scope>:l:<filter>:<page>        a page of the list          e.g. "ord:l:a:3", "rord:l:1:1", "ord:l:@success:1"
 *   <scope>:c:<id>:<filter>:<page>   one order's card, remembering the list it was opened from
 *   <scope>:f                        the filter chip already showing its first page: answered, nothing edited
 *
 * scope: "ord" own orders, "rord" referral orders. filter: "a" (all), a spec status id 0-4 (sent to
 * the server as a number) or "@" + a status name of the server's own (sent as `@name`), ≤ 16
 * characters. Longest: "rord:c:" + 32-character id + ":@" + 16 + ":" + 6-digit page = 64 bytes.
 *
 * Parsing is the validation: data that does not match exactly (forged, stale from an older layout,
 * page 0, an id with odd characters) parses to undefined, so it reaches the fallback's
 * "this button has expired".
 */
import { FILTER_NAME, type StatusChoice } from "../../../exchanger/server-statuses.js";

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
  id: string;
}

/** Ids we can put in a button: what exchangers use (digits, sometimes letters), short enough for 64 bytes. */
const ID = "[A-Za-z0-9_-]{1,32}";
const FILTER = `a|[0-4]|@${FILTER_NAME.source.replace(/^\^|\$$/g, "")}`;
/** Pages 1..999999: no leading zero, so each page has exactly one spelling. */
const PAGE = "[1-9]\\d{0,5}";

const LIST = new RegExp(`^(ord|rord):l:(${FILTER}):(${PAGE})$`);
const CARD = new RegExp(`^(ord|rord):c:(${ID}):(${FILTER}):(${PAGE})$`);
const SAME = /^(ord|rord):f$/;

function encodeFilter(filter: StatusFilter): string {
  if (filter === "all") return "a";
  return filter.form === "number" ? filter.value : `@${filter.value}`;
}

function decodeFilter(code: string): StatusFilter {
  if (code === "a") return "all";
  return code.startsWith("@") ? { form: "name", value: code.slice(1) } : { form: "number", value: code };
}

export function sameFilter(a: StatusFilter, b: StatusFilter): boolean {
  return encodeFilter(a) === encodeFilter(b);
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

/** The data of the chip whose list is already on screen. */
export const sameFilterData = (scope: OrderScope): string => `${scope}:f`;

export function parseListData(scope: OrderScope, data: string): ListView | undefined {
  const match = LIST.exec(data);
  if (!match || match[1] !== scope) return undefined;
  return { scope, filter: decodeFilter(match[2]!), page: Number(match[3]) };
}

export function parseCardData(scope: OrderScope, data: string): CardView | undefined {
  const match = CARD.exec(data);
  if (!match || match[1] !== scope) return undefined;
  return { scope, id: match[2]!, filter: decodeFilter(match[3]!), page: Number(match[4]) };
}

export function isSameFilterData(scope: OrderScope, data: string): boolean {
  return SAME.exec(data)?.[1] === scope;
}
