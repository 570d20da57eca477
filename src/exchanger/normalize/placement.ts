/**
 * What the normalizer noticed about one method's raw result, for `npm run doctor`: which facts it
 * understood from an unusual shape and which fields it could not place (shown on cards as they are).
 * The same readers the client uses, with notes switched on.
 */
import { methodOf } from "../read/methods.js";
import { ShapeNotes } from "./notes.js";

export interface Placement {
  /** "order", "direction"… */
  record: string;
  notes: ShapeNotes;
}

/** The notes for one method's result; undefined for methods without a record normalizer (read/methods.ts). */
export function placementOf(method: string, result: unknown): Placement | undefined {
  const reader = methodOf(method)?.record;
  if (reader === undefined) return undefined;
  const notes = new ShapeNotes();
  reader.read(result, notes);
  return { record: reader.name, notes };
}
