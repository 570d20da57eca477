/**
 * The verification request as the bot holds it: what its status means (vocabulary.ts) and the
 * server's label, the kind, the operator's comment, how many photos, the dates, and the submitted
 * fields — masked at any depth and flattened. Servers put the submitted data at the top level, or
 * one level down (`"data": {…}`, `"fields": {…}`), or as a list of `{name, value}`: all are lifted to
 * one set of fields.
 */
import { parsedOnce } from "../envelope.js";
import { readVerificationStatus, type VerificationStatus } from "../vocabulary.js";
import { displayFields, type FlatFields } from "./fields.js";
import type { Notes } from "./notes.js";
import { isNothing } from "../envelope.js";
import {
  dateOf,
  entriesOf,
  found,
  idOf,
  isRecord,
  numberOf,
  textOf,
  type RawRecord,
} from "./values.js";

export interface Verification {
  id?: string;
  status: VerificationStatus;
  /** "card", "identity", "service" or the server's own word. */
  kind?: string;
  comment?: string;
  photos?: number;
  createdAt?: Date;
  updatedAt?: Date;
  /** The submitted fields, masked and flattened (fields.ts). */
  fields: FlatFields;
  /** Values of a positional request whose meaning no layout placed: counted, never shown. */
  unplaced?: number;
}

/** What normalize/layout.ts nameRecord calls a position it could not place. */
const UNPLACED = /^field_\d+$/;

/** Where a request's facts are, by name; a submitted pair's name (list of `{name, value}`). */
const STATUS = ["status", "state", "verification_status"];
const REQUEST_ID = ["id", "request_id", "verification_id"];
const KIND = ["type", "kind", "verification_type"];
const COMMENT = ["comment", "message", "reason", "admin_comment", "note"];
const CREATED = ["created_at", "created", "date", "date_create", "submitted_at"];
const UPDATED = ["updated_at", "updated", "date_update", "modified_at"];
const PAIR_KEY = ["name", "key", "field"];
const PAIR_KEY_OR_ID = [...PAIR_KEY, "id"];

const NESTED = ["data", "fields", "request", "info", "values", "details", "form"];
/** Keys of uploaded pictures: counted, never shown as names or sizes. */
const PHOTOS = /photo|image|file|scan|attachment|selfie/i;

/** Submitted data written as a list of `{name|key|id, value}` pairs, as a record. */
function pairs(value: unknown): RawRecord | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: RawRecord = {};
  for (const { key, value: item } of entriesOf(value, PAIR_KEY_OR_ID)) {
    if (isRecord(item) && "value" in item)
      out[textOf(found(item, PAIR_KEY)?.value) ?? key] = item.value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The request's own keys and its submitted fields on one level, wherever the server nested the latter. */
function flattened(result: RawRecord, notes?: Notes): RawRecord {
  const flat: RawRecord = {};
  for (const [key, raw] of Object.entries(result)) {
    // Submitted data written as JSON text (a framework's cast left as a string) reads as what it holds.
    const value = NESTED.includes(key) ? parsedOnce(raw) : raw;
    const lifted = NESTED.includes(key) ? (isRecord(value) ? value : pairs(value)) : undefined;
    if (lifted !== undefined) {
      notes?.understand(key, "submitted fields nested one level down");
      Object.assign(flat, lifted);
    } else flat[key] = value;
  }
  return flat;
}

/**
 * How many photos were sent, summed over every photo-like key (a list, a map or a bare count). The
 * keys are marked used so they are not shown again as fields.
 */
function photoCount(flat: RawRecord, used: Set<string>): number | undefined {
  let photos: number | undefined;
  for (const key of Object.keys(flat)) {
    if (!PHOTOS.test(key)) continue;
    used.add(key);
    const value = flat[key];
    const count = Array.isArray(value)
      ? value.length
      : isRecord(value)
        ? Object.keys(value).length
        : numberOf(value);
    if (count !== undefined) photos = (photos ?? 0) + count;
  }
  return photos;
}

/** The request, null when there is none ("nothing", or a template with an empty status), undefined when the result cannot be one. */
export function readVerification(result: unknown, notes?: Notes): Verification | null | undefined {
  if (isNothing(result)) return null;
  if (!isRecord(result)) return undefined;
  const statusHit = found(result, STATUS);
  // A blank request template: a real request always has a status.
  if ("status" in result && (statusHit === undefined || statusHit.value === false)) return null;
  if (isRecord(statusHit?.value)) notes?.understand("status", "understood from an object");
  const flat = flattened(result, notes);
  const used = new Set<string>(statusHit ? [statusHit.key] : []);
  const take = (names: readonly string[]): unknown => {
    const hit = found(flat, names);
    if (hit === undefined) return undefined;
    used.add(hit.key);
    return hit.value;
  };
  const id = idOf(take(REQUEST_ID));
  const kind = textOf(take(KIND), ["name", "code", "value", "id", "title"]);
  const comment = textOf(take(COMMENT));
  const createdAt = dateOf(take(CREATED));
  const updatedAt = dateOf(take(UPDATED));
  const photos = photoCount(flat, used);
  // A position nothing placed may hold a document number or a name: said to be there, not shown.
  const unplaced = Object.keys(flat).filter((key) => UNPLACED.test(key));
  for (const key of unplaced) used.add(key);
  const rest = Object.fromEntries(Object.entries(flat).filter(([key]) => !used.has(key)));
  return {
    ...(id !== undefined && { id }),
    status: readVerificationStatus(statusHit?.value),
    ...(kind !== undefined && { kind }),
    ...(comment !== undefined && { comment }),
    ...(photos !== undefined && { photos }),
    ...(createdAt && { createdAt }),
    ...(updatedAt && { updatedAt }),
    fields: displayFields(rest, notes),
    ...(unplaced.length > 0 && { unplaced: unplaced.length }),
  };
}
