/**
 * What the watcher remembers per chat, and how a fresh page of orders is compared with it. Pure.
 *
 * Stored under `chat:<id>:notify` (so /logout's wipe of the chat removes it) as compact JSON:
 *   { "l": "ru", "m": 1057, "s": "1057:0,1056:1,990:~7,..." }
 *   l — the chat's language when notifications were switched on (used unless /language set one);
 *   m — the highest numeric order id seen: an unseen order below it is an old one that slid into
 *       the page (e.g. after a deletion), not a new order;
 *   s — order id → status (spec id, or "~" + the vocabulary's key or the text for others) of the orders on the last page. Absent until the first poll,
 *       which only records this baseline and announces nothing.
 * Twenty orders cost ~200 bytes; every idle chat's keys stay within the per-chat budget, and MAX_TRACKED
 * bounds it whatever the exchanger sends.
 */
import { LANGUAGES, type Language } from "../config.js";
import type { Order } from "../exchanger/types.js";
import { isActiveStatus, specStatusId, statusKey } from "../exchanger/vocabulary.js";

export interface SeenState {
  lang?: Language;
  maxId?: number;
  /** order id → normalized status; undefined = no baseline yet. */
  statuses?: Map<string, string>;
}

export interface OrderChange {
  kind: "new" | "status";
  order: Order;
  /** The status now, as the vocabulary's statusKey. */
  status: string;
}

export interface Comparison {
  changes: OrderChange[];
  /** The state to store once the changes are announced. */
  next: SeenState;
  /** Some order is still moving (vocabulary's isActiveStatus): poll the chat often. */
  active: boolean;
}

/**
 * Bounds on what one chat's state may hold, whatever the exchanger sends (one server ignored `limit`
 * and sent 10,000 orders: 160 KB of state per chat). The client already cuts a page to the size asked
 * for; these hold even if it did not: at most MAX_TRACKED orders, ids up to MAX_ID_LENGTH characters
 * (longer ones are not followed), status keys cut to MAX_STATUS_LENGTH.
 */
export const MAX_TRACKED = 50;
const MAX_ID_LENGTH = 64;
const MAX_STATUS_LENGTH = 32;

/** The vocabulary's key of a status, bounded for storage. */
function storedStatus(status: unknown): string {
  return [...statusKey(status)].slice(0, MAX_STATUS_LENGTH).join("");
}

/** The orders a state follows: the first MAX_TRACKED with an id short enough to store. */
function followable(orders: readonly Order[]): Order[] {
  return orders.filter((order) => String(order.id).length <= MAX_ID_LENGTH).slice(0, MAX_TRACKED);
}

export function compareOrders(previous: SeenState, page: readonly Order[]): Comparison {
  const orders = followable(page);
  const statuses = new Map<string, string>();
  let maxId = previous.maxId;
  for (const order of orders) {
    statuses.set(String(order.id), storedStatus(order.status));
    const numeric = Number(order.id);
    if (Number.isSafeInteger(numeric) && (maxId === undefined || numeric > maxId)) maxId = numeric;
  }
  const active = [...statuses.values()].some(isActiveStatus);
  const next: SeenState = { ...previous, statuses, ...(maxId === undefined ? {} : { maxId }) };
  if (previous.statuses === undefined) return { changes: [], next, active }; // baseline only

  const changes: OrderChange[] = [];
  for (const order of orders) {
    const id = String(order.id);
    const status = statuses.get(id)!;
    const before = previous.statuses.get(id);
    if (before === undefined) {
      const numeric = Number(order.id);
      const older = previous.maxId !== undefined && Number.isSafeInteger(numeric) && numeric <= previous.maxId;
      if (!older) changes.push({ kind: "new", order, status });
    } else if (before !== status) {
      changes.push({ kind: "status", order, status });
    }
  }
  // Oldest first: the chat reads the story in the order it happened.
  return { changes: changes.reverse(), next, active };
}

/** The state after announcing only some changes: the others keep their old status and come up again. */
export function withAnnounced(previous: SeenState, comparison: Comparison, announced: readonly OrderChange[]): SeenState {
  if (announced.length === comparison.changes.length) return comparison.next;
  const done = new Set(announced.map((c) => String(c.order.id)));
  const statuses = new Map(comparison.next.statuses);
  for (const change of comparison.changes) {
    const id = String(change.order.id);
    if (done.has(id)) continue;
    const before = previous.statuses?.get(id);
    if (before === undefined) statuses.delete(id);
    else statuses.set(id, before);
  }
  // maxId must not pass an unannounced new order, or it would later count as "old".
  const pendingNew = comparison.changes.filter((c) => c.kind === "new" && !done.has(String(c.order.id))).map((c) => Number(c.order.id));
  const floor = pendingNew.filter(Number.isSafeInteger).reduce((min, id) => Math.min(min, id - 1), Number.POSITIVE_INFINITY);
  const maxId = comparison.next.maxId === undefined ? undefined : Math.min(comparison.next.maxId, floor);
  return { ...comparison.next, statuses, ...(maxId === undefined ? {} : { maxId }) };
}

// The spec's statuses are stored as their id (one byte); others as "~" + their key or text.
function statusCode(status: string): string {
  const id = specStatusId(status);
  return id === undefined ? `~${encodeURIComponent(status)}` : String(id);
}
const statusFromCode = (code: string): string => (code.startsWith("~") ? decodeURIComponent(code.slice(1)) : statusKey(Number(code)));

export function encodeSeen(state: SeenState): string {
  const out: { l?: string; m?: number; s?: string } = {};
  if (state.lang) out.l = state.lang;
  if (state.maxId !== undefined) out.m = state.maxId;
  if (state.statuses) out.s = [...state.statuses].map(([id, status]) => `${encodeURIComponent(id)}:${statusCode(status)}`).join(",");
  return JSON.stringify(out);
}

/** Damaged or foreign values read as "no baseline": the next poll records a fresh one. */
export function decodeSeen(raw: string | undefined): SeenState {
  if (raw === undefined) return {};
  let parsed: { l?: unknown; m?: unknown; s?: unknown };
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null) return {};
  const state: SeenState = {};
  if ((LANGUAGES as readonly unknown[]).includes(parsed.l)) state.lang = parsed.l as Language;
  if (typeof parsed.m === "number" && Number.isSafeInteger(parsed.m)) state.maxId = parsed.m;
  if (typeof parsed.s === "string") {
    state.statuses = new Map();
    for (const pair of parsed.s === "" ? [] : parsed.s.split(",")) {
      const [id, status] = pair.split(":");
      if (id === undefined || status === undefined) return { ...state, statuses: undefined };
      state.statuses.set(decodeURIComponent(id), statusFromCode(status));
    }
  }
  return state;
}
