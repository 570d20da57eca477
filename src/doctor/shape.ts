/**
 * A one-phrase description of a raw `result`, for `npm run doctor`: what kind of value the server
 * sent and how big it is — never the values themselves (they may be personal data).
 */
import { isPlainObject, isSecretFieldName } from "../exchanger/inspect.js";

export function describeShape(value: unknown): string {
  if (value === undefined) return "no result";
  if (value === null) return "null";
  if (typeof value === "boolean") return `boolean ${value}`;
  if (typeof value === "number") return "number";
  if (typeof value === "string")
    return value === "" ? "empty string" : `string (${value.length} characters)`;
  if (Array.isArray(value))
    return value.length === 0 ? "empty list" : `list of ${count(value.length, kindOfAll(value))}`;
  if (!isPlainObject(value)) return typeof value;
  const entries = Object.values(value);
  if (entries.length === 0) return "empty object";
  // A map of maps of scalars: the directions map {send id: {receive id: slug}}.
  if (
    entries.every(
      (inner) =>
        isPlainObject(inner) &&
        Object.values(inner).length > 0 &&
        Object.values(inner).every(isScalar),
    )
  ) {
    const widest = Math.max(...entries.map((inner) => Object.keys(inner as object).length));
    const total = entries.reduce<number>(
      (sum, inner) => sum + Object.keys(inner as object).length,
      0,
    );
    return `map of ${entries.length}×${widest} ${kindOfAll(entries.flatMap((inner) => Object.values(inner as object)))}s (${total} in all)`;
  }
  if (entries.every(isPlainObject)) return `map of ${count(entries.length, "object")}`;
  return `object with ${count(entries.length, "field")}`;
}

function isScalar(value: unknown): boolean {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** "object", "string", "number"…, or "value" when they are of several kinds. */
function kindOfAll(values: readonly unknown[]): string {
  const kinds = new Set(
    values.map((v) =>
      v === null ? "null" : Array.isArray(v) ? "list" : isPlainObject(v) ? "object" : typeof v,
    ),
  );
  return kinds.size === 1 ? [...kinds][0]! : "value";
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** Nesting and names looked at by hiddenFields: a hostile answer costs bounded time. */
const MAX_HIDDEN_DEPTH = 8;
const MAX_HIDDEN_NAMES = 20;
const MAX_VISITED = 10_000;

/**
 * The fields of a result that no screen shows because their names denote a secret
 * (exchanger/secret-names.ts), as paths ("security.pin_code", "items[].api_key"), each once: the
 * operator sees what the bot hides, never the values.
 */
export function hiddenFields(value: unknown): string[] {
  const found = new Set<string>();
  let visited = 0;
  const walk = (node: unknown, path: string, depth: number): void => {
    if (depth > MAX_HIDDEN_DEPTH || found.size >= MAX_HIDDEN_NAMES || ++visited > MAX_VISITED)
      return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, `${path}[]`, depth + 1);
    } else if (isPlainObject(node)) {
      for (const [name, inner] of Object.entries(node)) {
        const at = path === "" ? name : `${path}.${name}`;
        if (isSecretFieldName(name)) found.add(oneLineName(at));
        else walk(inner, at, depth + 1);
      }
    }
  };
  walk(value, "", 0);
  return [...found];
}

/** A server's field name on one terminal line, not too long. */
function oneLineName(name: string): string {
  const clean = oneLine(name);
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
}

/** Server text on one terminal line: control characters (and so escape sequences) become spaces. */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").trim();
}
