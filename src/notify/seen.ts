/**
 * What the watcher remembers per chat, and how a fresh page of orders is compared with it. Pure.
 *
 * Stored in the chat's settings (`chat:<id>:settings`, field "seen"; so /logout's wipe of the chat
 * removes it) as a compact JSON object (seenRecord below has the exact format):
 *   l — the chat's language when notifications were switched on (used unless /language set one);
 *   m — the highest numeric order id seen: an unseen order below it is an old one that slid into
 *       the page (e.g. after a deletion), not a new order;
 *   a — the day (days since 1970) the chat was last active: a change seen, the user's own look at
 *       the orders, or the baseline; chats idle for weeks are polled less often (schedule.ts);
 *   o (d, x) — order id → status (the vocabulary's key, or the text for others) of the orders on the
 *       last page. Absent until the first poll, which only records this baseline and announces nothing.
 * Twenty orders cost 20–80 characters; MAX_TRACKED bounds the state whatever the exchanger sends.
 */
import { LANGUAGES, type Language } from "../languages.js";
import { type Order, isActiveStatus, specStatusId, statusKey } from "../exchanger/index.js";

/** What the state keeps of an order: its id and status. */
export type SeenOrder = Pick<Order, "id" | "status">;

export interface SeenState {
  lang?: Language;
  maxId?: number;
  /** Day (since 1970) the chat was last active; undefined for state written before it was kept. */
  activeDay?: number;
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
function followable<T extends SeenOrder>(orders: readonly T[]): T[] {
  return orders.filter((order) => String(order.id).length <= MAX_ID_LENGTH).slice(0, MAX_TRACKED);
}

/**
 * A fresh page against what was seen. An order whose status could not be read (a positional server
 * whose layout does not place it with certainty) keeps the status seen before and is never announced:
 * nothing changed that the bot knows of. It counts as moving, though: the chat stays on the frequent
 * schedule until its status can be read.
 */
export function compareOrders(previous: SeenState, page: readonly Order[]): Comparison {
  const orders = followable(page);
  const statuses = new Map<string, string>();
  let maxId = previous.maxId;
  let unreadable = false;
  for (const order of orders) {
    if (order.status.unreadable) {
      unreadable = true;
      const before = previous.statuses?.get(String(order.id));
      if (before !== undefined) statuses.set(String(order.id), before);
      continue;
    }
    statuses.set(String(order.id), storedStatus(order.status));
    const numeric = Number(order.id);
    if (Number.isSafeInteger(numeric) && (maxId === undefined || numeric > maxId)) maxId = numeric;
  }
  const active = unreadable || [...statuses.values()].some(isActiveStatus);
  const next: SeenState = { ...previous, statuses, ...(maxId === undefined ? {} : { maxId }) };
  if (previous.statuses === undefined) return { changes: [], next, active }; // baseline only

  const changes: OrderChange[] = [];
  for (const order of orders) {
    if (order.status.unreadable) continue;
    const id = String(order.id);
    const status = statuses.get(id)!;
    const before = previous.statuses.get(id);
    if (before === undefined) {
      const numeric = Number(order.id);
      const older =
        previous.maxId !== undefined && Number.isSafeInteger(numeric) && numeric <= previous.maxId;
      if (!older) changes.push({ kind: "new", order, status });
    } else if (before !== status) {
      changes.push({ kind: "status", order, status });
    }
  }
  // Oldest first: the chat reads the story in the order it happened.
  return { changes: changes.reverse(), next, active };
}

/** Days since 1970 of an epoch-ms time: the activity mark's unit (a week's resolution is all it needs). */
export const dayOf = (ms: number): number => Math.floor(ms / 86_400_000);

/**
 * Orders the user was just shown (an orders screen's own answer) merged into what was seen: a followed
 * order takes the status shown, an order above the highest id seen is followed from now on (the user
 * saw it arrive). So the next poll does not announce what the user already saw. The highest id stays:
 * new orders the screen did not reach (more than one screen of them) are still announced.
 * Undefined when nothing would change, or before the baseline (the first poll takes it).
 */
export function withShown(previous: SeenState, shown: readonly SeenOrder[]): SeenState | undefined {
  if (previous.statuses === undefined) return undefined;
  const statuses = new Map(previous.statuses);
  let changed = false;
  for (const order of followable(shown)) {
    if (order.status.unreadable) continue;
    const id = String(order.id);
    const status = storedStatus(order.status);
    const known = statuses.get(id);
    if (known === status) continue;
    const numeric = Number(order.id);
    const isNew =
      known === undefined &&
      (previous.maxId === undefined || (Number.isSafeInteger(numeric) && numeric > previous.maxId));
    if (known === undefined && (!isNew || statuses.size >= MAX_TRACKED)) continue; // an old order the watcher does not follow
    statuses.set(id, status);
    changed = true;
  }
  return changed ? { ...previous, statuses } : undefined;
}

/** Some followed order is still moving (vocabulary's isActiveStatus). */
export const hasMoving = (state: SeenState): boolean =>
  [...(state.statuses?.values() ?? [])].some(isActiveStatus);

/** The state after announcing only some changes: the others keep their old status and come up again. */
export function withAnnounced(
  previous: SeenState,
  comparison: Comparison,
  announced: readonly OrderChange[],
): SeenState {
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
  const pendingNew = comparison.changes
    .filter((c) => c.kind === "new" && !done.has(String(c.order.id)))
    .map((c) => Number(c.order.id));
  const floor = pendingNew
    .filter(Number.isSafeInteger)
    .reduce((min, id) => Math.min(min, id - 1), Number.POSITIVE_INFINITY);
  const maxId =
    comparison.next.maxId === undefined ? undefined : Math.min(comparison.next.maxId, floor);
  return { ...comparison.next, statuses, ...(maxId === undefined ? {} : { maxId }) };
}

/*
 * Storage format (version 2, field "o"). Per chat, so every byte counts:
 *   { "l": "ru", "m": 1057, "o": "EE3B-2Aa0F", "d": ["processing"], "x": { "A-7": "A" } }
 * o — the orders with a canonical numeric id, in the state's order, each as an optional id jump and
 *     one code character. The expected id is one below the previous order's (the first: m itself);
 *     a jump, in base 36 (0-9a-z), says how far below that expected id this order is ("3B": three ids
 *     skipped, then code B; "a0F": 360 skipped), "-2" how far above it (without m, the first order
 *     jumps from 0). A customer's orders on a busy exchanger are far apart, so a jump is the common
 *     case there (base 36: two characters up to 1295 ids apart); on a quiet one each order costs one.
 * codes — "A".."E": the spec's statuses 0–4 (fixed forever, whatever the server spells); any other
 *     status (a vocabulary key such as "processing", or an unknown name) gets the next character of
 *     DICTIONARY_CODES and its text in d, the chat's own small dictionary.
 * x — orders whose id is not a canonical number ("A-7", "0012"): id → code.
 * Version 1 ("s": "1057:0,990:~processing,…") is still read: state written before the upgrade compares
 * exactly as before, so an upgrade neither repeats nor misses a change; the next save writes "o".
 */
const SPEC_CODES = "ABCDE";
/**
 * One per distinct other status: MAX_TRACKED (50) of them, JSON-safe without escaping, and never a
 * base-36 digit or "-" (those spell jumps).
 */
const DICTIONARY_CODES = "FGHIJKLMNOPQRSTUVWXYZ!#$%&'()*+,./:;<=>?@[]^_`{|}~";
const isCanonicalId = (id: string): boolean =>
  /^(0|[1-9]\d*)$/.test(id) && Number.isSafeInteger(Number(id));

/** The state as stored (a JSON object, kept in the chat's settings). */
export interface SeenRecord {
  l?: string;
  m?: number;
  a?: number;
  o?: string;
  d?: string[];
  x?: Record<string, string>;
}

export function seenRecord(state: SeenState): SeenRecord {
  const out: SeenRecord = {};
  if (state.lang) out.l = state.lang;
  if (state.maxId !== undefined) out.m = state.maxId;
  if (state.activeDay !== undefined) out.a = state.activeDay;
  if (!state.statuses) return out;
  const dictionary: string[] = [];
  const code = (status: string): string => {
    const specId = specStatusId(status);
    if (specId !== undefined) return SPEC_CODES[specId]!;
    let index = dictionary.indexOf(status);
    if (index < 0) index = dictionary.push(status) - 1;
    // compareOrders keeps at most MAX_TRACKED orders, so at most that many statuses: never reached.
    if (index >= DICTIONARY_CODES.length) throw new RangeError("more distinct statuses than codes");
    return DICTIONARY_CODES[index]!;
  };
  let entries = "";
  let expected = state.maxId ?? 0;
  const others: Record<string, string> = {};
  for (const [id, status] of state.statuses) {
    if (!isCanonicalId(id)) {
      others[id] = code(status);
      continue;
    }
    const jump = expected - Number(id);
    entries += (jump === 0 ? "" : jump.toString(36)) + code(status);
    expected = Number(id) - 1;
  }
  out.o = entries;
  if (dictionary.length > 0) out.d = dictionary;
  if (Object.keys(others).length > 0) out.x = others;
  return out;
}

/** A stored JSON text (the previous version's own key) as state; see readSeen. */
export function decodeSeen(raw: string | undefined): SeenState {
  if (raw === undefined) return {};
  try {
    return readSeen(JSON.parse(raw));
  } catch {
    return {};
  }
}

/** A stored record (either version) as state. Damaged or foreign values read as "no baseline": the next poll records a fresh one. */
export function readSeen(value: unknown): SeenState {
  if (typeof value !== "object" || value === null) return {};
  const parsed = value as {
    l?: unknown;
    m?: unknown;
    a?: unknown;
    o?: unknown;
    d?: unknown;
    x?: unknown;
    s?: unknown;
  };
  const state: SeenState = {};
  if ((LANGUAGES as readonly unknown[]).includes(parsed.l)) state.lang = parsed.l as Language;
  if (typeof parsed.m === "number" && Number.isSafeInteger(parsed.m)) state.maxId = parsed.m;
  if (typeof parsed.a === "number" && Number.isSafeInteger(parsed.a)) state.activeDay = parsed.a;
  const statuses =
    parsed.o !== undefined ? decodeEntries(parsed, state.maxId) : decodeVersion1(parsed.s);
  return statuses === undefined ? state : { ...state, statuses };
}

function decodeEntries(
  parsed: { o?: unknown; d?: unknown; x?: unknown },
  maxId: number | undefined,
): Map<string, string> | undefined {
  const { o, d, x } = parsed;
  if (typeof o !== "string") return undefined;
  const dictionary = d === undefined ? [] : d;
  if (!Array.isArray(dictionary) || !dictionary.every((text) => typeof text === "string"))
    return undefined;
  const status = (code: string): string | undefined => {
    const specId = SPEC_CODES.indexOf(code);
    if (specId >= 0) return statusKey(specId);
    const index = DICTIONARY_CODES.indexOf(code);
    return index >= 0 ? (dictionary as string[])[index] : undefined;
  };
  const statuses = new Map<string, string>();
  if (o !== "") {
    let expected = maxId ?? 0;
    const entry = /(-?[0-9a-z]+)?([^0-9a-z-])/y; // one per call: a sticky regex carries its position
    while (entry.lastIndex < o.length) {
      const match = entry.exec(o);
      const value = match ? status(match[2]!) : undefined;
      if (!match || value === undefined) return undefined;
      const id = expected - parseInt(match[1] ?? "0", 36);
      if (!Number.isSafeInteger(id)) return undefined;
      statuses.set(String(id), value);
      expected = id - 1;
    }
  }
  if (x !== undefined) {
    if (typeof x !== "object" || x === null) return undefined;
    for (const [id, code] of Object.entries(x)) {
      const value = typeof code === "string" ? status(code) : undefined;
      if (value === undefined) return undefined;
      statuses.set(id, value);
    }
  }
  return statuses;
}

/** Version 1: "id:code,…", code the spec id or "~" + the status text, both URI-encoded. Read only. */
function decodeVersion1(s: unknown): Map<string, string> | undefined {
  if (typeof s !== "string") return undefined;
  const statuses = new Map<string, string>();
  try {
    for (const pair of s === "" ? [] : s.split(",")) {
      const [id, code] = pair.split(":");
      if (id === undefined || code === undefined) return undefined;
      statuses.set(
        decodeURIComponent(id),
        code.startsWith("~") ? decodeURIComponent(code.slice(1)) : statusKey(Number(code)),
      );
    }
  } catch {
    return undefined; // a broken %-escape
  }
  return statuses;
}
