/**
 * The fields of a record the bot has no place for, made ready to show as "Label: value" lines:
 * secrets left out and card/document numbers masked at any depth (secrets.ts), server text decoded
 * once (values.ts), and nested objects never shown as raw "Key: (Key: …)" chains — an object that
 * carries one scalar (`{"id": 5, "name": "Premium"}`) reads as that scalar, any other is flattened
 * into one field per leaf ("settings.lang"), lists of objects read as their scalars joined.
 */
import type { Notes } from "./notes.js";
import { maskDeep, type Role } from "./secrets.js";
import { parsedOnce } from "../envelope.js";
import { isRecord, isZeroDate, textOf, type RawRecord } from "./values.js";

/** One leaf per entry: a dotted path → a scalar (string, number, boolean). */
export type FlatFields = Record<string, string | number | boolean>;

const MAX_LEAVES = 60;
const MAX_DEPTH = 3;
/** Keys that carry an object's scalar, when the object is little more than that scalar. */
const LABEL_KEYS = ["name", "title", "label", "value", "code", "text", "login"];

/** `{"id": "5", "name": "Premium"}` → "Premium": objects of at most three entries carrying a label. */
function collapsed(value: RawRecord): string | undefined {
  if (Object.keys(value).length > 3) return undefined;
  return textOf(value, LABEL_KEYS);
}

function leafOf(value: unknown): string | number | boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  return textOf(value, []);
}

/**
 * JSON written into a value (`"data": "{\"first_name\": …}"`, a framework's cast left as text) read
 * as what it holds, before anything is masked or shown: its fields then read like any other.
 */
function expandJson(value: unknown, depth = 0): unknown {
  const parsed = parsedOnce(value);
  if (depth >= MAX_DEPTH) return parsed;
  if (Array.isArray(parsed)) return parsed.map((item) => expandJson(item, depth + 1));
  if (!isRecord(parsed)) return parsed;
  return Object.fromEntries(
    Object.entries(parsed).map(([key, item]) => [key, expandJson(item, depth + 1)]),
  );
}

/** The fields, masked by their role (secrets.ts: the customer's own by default) and flattened. */
export function displayFields(record: RawRecord, notes?: Notes, role: Role = "own"): FlatFields {
  const masked = maskDeep(expandJson(record), undefined, 0, role) as RawRecord;
  const out: FlatFields = {};
  const visit = (value: unknown, path: string, depth: number, root: string): void => {
    if (Object.keys(out).length >= MAX_LEAVES) return;
    if (isZeroDate(value)) return;
    const leaf = leafOf(value);
    if (leaf !== undefined) {
      out[path] = leaf;
      return;
    }
    if (Array.isArray(value)) {
      const items = value
        .map((item) => (isRecord(item) ? (collapsed(item) ?? textOf(item)) : leafOf(item)))
        .filter((v) => v !== undefined);
      if (items.length > 0)
        out[path] = items.slice(0, 20).join(", ") + (items.length > 20 ? ", …" : "");
      return;
    }
    if (!isRecord(value)) return;
    // Deeper than a card can show: the field says there is more ("Route: …") rather than vanishing.
    if (depth >= MAX_DEPTH) {
      out[root] ??= "…";
      return;
    }
    const one = collapsed(value);
    if (one !== undefined) {
      out[path] = one;
      return;
    }
    if (depth === 0) notes?.understand(path, "nested object, shown field by field");
    for (const [key, item] of Object.entries(value)) visit(item, `${path}.${key}`, depth + 1, root);
  };
  for (const [key, value] of Object.entries(masked)) {
    notes?.unplace(key);
    visit(value, key, 0, key);
  }
  return out;
}
