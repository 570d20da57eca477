/**
 * The exchange form fields the exchanger saved for the user (`user-api-get-inputs`). Documented as a
 * map of direction input id → value; servers also send a list of `{id, name, value}` objects, a map of
 * such objects, or (a PHP list keyed 0..n) a list of bare values. Every form is one list of
 * SavedField, values masked like every other field (a saved card number shows as 411111******1111).
 */
import type { Notes } from "./notes.js";
import { maskDeep } from "./secrets.js";
import {
  entriesOf,
  FIELD_ID_NAMES,
  FIELD_NAME_NAMES,
  found,
  idOf,
  isRecord,
  textOf,
  type RawRecord,
} from "./values.js";

export interface SavedField {
  /** The direction input's id (the key the server saved it under). */
  id: string;
  /** The field's name when the server sent it with the value. */
  name?: string;
  /** The value as text, masked. */
  value: string;
}

/**
 * The saved fields as the client returns them; `unplaced`: how many saved values a positional answer
 * held whose field the bot could not tell (never shown, never offered in the exchange form).
 */
export type SavedFields = SavedField[] & { unplaced?: number };

const VALUE = ["value", "val", "data", "text"];

/** The saved fields, or undefined when the result cannot be a collection of them. */
export function readSavedFields(result: unknown, notes?: Notes): SavedField[] | undefined {
  if (result === null || result === undefined || result === false || result === "") return [];
  if (!Array.isArray(result) && !isRecord(result)) return undefined;
  const fields: SavedField[] = [];
  for (const { key, value } of entriesOf(result, FIELD_ID_NAMES)) {
    let id = key;
    let name: string | undefined;
    let raw: unknown = value;
    if (isRecord(value) && found(value, VALUE) !== undefined) {
      notes?.understand("inputs", "each value inside an object");
      id = idOf(found(value, FIELD_ID_NAMES)?.value) ?? key;
      name = textOf(found(value, FIELD_NAME_NAMES)?.value);
      raw = found(value, VALUE)!.value;
    }
    const masked = maskDeep(raw, name ?? id);
    const text = textOf(masked) ?? (isRecord(masked) ? textOf(masked as RawRecord) : undefined);
    if (text === undefined) continue;
    fields.push({ id, ...(name !== undefined && { name }), value: text });
  }
  return fields;
}
