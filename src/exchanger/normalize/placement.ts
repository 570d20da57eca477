/**
 * What the normalizer noticed about one method's raw result, for `npm run doctor`: which facts it
 * understood from an unusual shape and which fields it could not place (shown on cards as they are).
 * The same readers the client uses, with notes switched on.
 */
import { toObjectList, unwrapList } from "../envelope.js";
import { readDirection } from "./direction.js";
import { ShapeNotes } from "./notes.js";
import { readOrders } from "./order.js";
import { readSavedFields } from "./saved-fields.js";
import { readVerification } from "./verification.js";

/** A list method's records, out of a paginator object when the server wraps them (envelope.ts). */
const listOf = (result: unknown) => toObjectList(unwrapList(result).list) ?? [];

/** The record a method's answer is about, as an operator calls it ("order"), and how to read it. */
const READERS: Readonly<
  Record<string, { record: string; read: (result: unknown, notes: ShapeNotes) => unknown }>
> = {
  "user-api-get-orders": {
    record: "order",
    read: (result, notes) => readOrders(listOf(result), notes),
  },
  "user-api-get-referral-orders": {
    record: "referral order",
    read: (result, notes) => readOrders(listOf(result), notes),
  },
  "user-api-get-verification": {
    record: "verification",
    read: (result, notes) => readVerification(result, notes),
  },
  "user-api-get-inputs": {
    record: "saved fields",
    read: (result, notes) => readSavedFields(result, notes),
  },
  "public-api-get-exchange": {
    record: "direction",
    read: (result, notes) => readDirection(result, undefined, notes),
  },
};

export interface Placement {
  /** "order", "direction"… */
  record: string;
  notes: ShapeNotes;
}

/** The notes for one method's result; undefined for methods without a record normalizer. */
export function placementOf(method: string, result: unknown): Placement | undefined {
  const reader = READERS[method];
  if (reader === undefined) return undefined;
  const notes = new ShapeNotes();
  reader.read(result, notes);
  return { record: reader.record, notes };
}
