/**
 * One webhook request of the exchanger, read once. Pure.
 *
 * The vendor's "Webhooks" page: a `POST`, form-encoded, with one field `web_hooks` holding JSON, an
 * object whose key is the event type id and whose value is a list of event objects, each itself an
 * array (positional, as on the "API Objects" page): `{"1": [[…], […]], "2": [[…]]}`. One request
 * carries every event of the scheduler's interval.
 *
 * What is refused (the whole request): no `web_hooks` field or more than one, text that is not JSON,
 * JSON that is not such an object, more than MAX_EVENTS events. What is skipped (counted, the rest
 * read): a type the bot does not act on, a type whose value is not a list, an event that is neither an
 * array nor an object. Nothing here keeps the text: the caller drops it once read.
 */

/** Event type ids of the vendor's page. */
export const EVENT_TYPES = {
  "0": "user",
  "1": "order",
  "2": "verification",
  "3": "reserve",
  "4": "investment",
  "5": "banned-details",
  "6": "review",
} as const;
export type EventTypeId = keyof typeof EVENT_TYPES;
export type EventKind = (typeof EVENT_TYPES)[EventTypeId];

/** The kinds the bot acts on; the others are read and counted only. */
export const HANDLED_KINDS = ["user", "order", "verification"] as const;
export type HandledKind = (typeof HANDLED_KINDS)[number];

/** Most events one request may carry; a busy exchanger's minute is far below it. */
export const MAX_EVENTS = 10_000;

export const FORM_FIELD = "web_hooks";

/** An event as the bot keeps it for the moment it is handled: the object's values, in order. */
export type EventRow = readonly unknown[];

export interface Batch {
  events: { kind: HandledKind; row: EventRow }[];
  /** Events per type as they came (known kinds by name, anything else as "other"), for the status. */
  byKind: Partial<Record<EventKind | "other", number>>;
  /** Entries skipped: a type the bot does not know, a list that is not one, an object of no shape. */
  skipped: { unknownType: number; wrongShape: number };
}

export type BatchProblem =
  "no-field" | "several-fields" | "not-json" | "not-an-object" | "too-many";

export function parseBatch(body: string): Batch | { problem: BatchProblem } {
  const fields = new URLSearchParams(body).getAll(FORM_FIELD);
  if (fields.length === 0) return { problem: "no-field" };
  if (fields.length > 1) return { problem: "several-fields" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(fields[0]!);
  } catch {
    return { problem: "not-json" }; // also a nesting too deep for the parser
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return { problem: "not-an-object" };
  const entries = Object.entries(parsed as Record<string, unknown>);
  const total = entries.reduce((sum, [, list]) => sum + (Array.isArray(list) ? list.length : 0), 0);
  if (total > MAX_EVENTS) return { problem: "too-many" };
  return readEntries(entries);
}

function readEntries(entries: [string, unknown][]): Batch {
  const batch: Batch = { events: [], byKind: {}, skipped: { unknownType: 0, wrongShape: 0 } };
  for (const [type, list] of entries) {
    const kind = Object.hasOwn(EVENT_TYPES, type) ? EVENT_TYPES[type as EventTypeId] : undefined;
    if (!Array.isArray(list)) {
      batch.skipped.wrongShape++;
      continue;
    }
    batch.byKind[kind ?? "other"] = (batch.byKind[kind ?? "other"] ?? 0) + list.length;
    if (kind === undefined) {
      batch.skipped.unknownType += list.length;
      continue;
    }
    if (!(HANDLED_KINDS as readonly string[]).includes(kind)) continue;
    for (const object of list) {
      const row = rowOf(object);
      if (row === undefined) batch.skipped.wrongShape++;
      else batch.events.push({ kind: kind as HandledKind, row });
    }
  }
  return batch;
}

/** The documented array as it is; an object (a server that names its fields) as its values. */
function rowOf(object: unknown): EventRow | undefined {
  if (Array.isArray(object)) return object;
  if (typeof object === "object" && object !== null) return Object.values(object);
  return undefined;
}
