/**
 * What kind of value sits at a position, judged from the value alone: the evidence a layout is learned
 * from where no filter can confirm a position (learn.ts). Pure.
 */

/** "33668.78 USD" → amount and code; the code is whatever follows the number ("USDTTRC20" too). */
export function splitDisplayAmount(text: unknown): { amount: string; code?: string } | undefined {
  if (typeof text !== "string") return undefined;
  const m = /^\s*(-?\d[\d\s]*(?:[.,]\d+)?)\s*(\S.*?)?\s*$/.exec(text);
  if (!m) return undefined;
  const amount = m[1]!.replace(/\s/g, "");
  return m[2] === undefined ? { amount } : { amount, code: m[2] };
}

export type ValueKind =
  | "empty"
  | "unix-time"
  | "date-text"
  | "display-amount"
  | "decimal"
  | "small-number"
  | "integer"
  | "url"
  | "email"
  | "hex-token"
  | "text"
  | "other";

/** Unix seconds between 2001 and 2100: a time, not a count. */
const UNIX_MIN = 1_000_000_000;
const UNIX_MAX = 4_102_444_800;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|^\d{2}\.\d{2}\.\d{4},? \d{2}:\d{2}/;
const HEX_TOKEN = /^[a-f0-9]{16,}$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Statuses are small numbers: the spec's 0–8 and a few a build may add. */
const SMALL_MAX = 20;

export function kindOf(value: unknown): ValueKind {
  if (value === null || value === undefined || value === "") return "empty";
  if (typeof value === "number") return numberKind(value);
  if (typeof value !== "string") return "other";
  const text = value.trim();
  if (/^-?\d+$/.test(text)) return numberKind(Number(text));
  if (/^-?\d+\.\d+$/.test(text)) return "decimal";
  if (DATE_TEXT.test(text)) return "date-text";
  if (/^https?:\/\//i.test(text)) return "url";
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return "email";
  if (HEX_TOKEN.test(text)) return "hex-token";
  const shown = splitDisplayAmount(text);
  if (shown?.code !== undefined && /^[A-Z][A-Z0-9]{1,11}$/.test(shown.code))
    return "display-amount";
  return "text";
}

function numberKind(n: number): ValueKind {
  if (!Number.isInteger(n)) return "decimal";
  if (n >= UNIX_MIN && n <= UNIX_MAX) return "unix-time";
  if (n >= UNIX_MIN * 1000 && n <= UNIX_MAX * 1000) return "unix-time";
  if (n >= 0 && n <= SMALL_MAX) return "small-number";
  return "integer";
}

/** The kind every non-empty value of a column shares, "mixed" when they differ ("small-number" counts as "integer" beside integers). */
export function columnKind(values: readonly unknown[]): ValueKind | "mixed" {
  const kinds = new Set(values.map(kindOf).filter((k) => k !== "empty"));
  if (kinds.size === 0) return "empty";
  if (kinds.size === 2 && kinds.has("small-number") && kinds.has("integer")) return "integer";
  if (
    kinds.size === 2 &&
    kinds.has("decimal") &&
    (kinds.has("small-number") || kinds.has("integer"))
  )
    return "decimal";
  return kinds.size === 1 ? [...kinds][0]! : "mixed";
}

/** A number a value stands for (a display amount's number too), for cross-checks. */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  const shown = splitDisplayAmount(value);
  if (shown === undefined) return undefined;
  const n = Number(shown.amount.replace(",", "."));
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The family a value belongs to, for a layout's signature (normalize/layout.ts): coarse enough that
 * ordinary data stays inside its column's family (a comment that happens to be digits, an amount
 * written with or without decimals), fine enough that a column moved by one place lands in another.
 */
export type KindFamily = "empty" | "time" | "number" | "text" | "other";

export const KIND_FAMILIES: readonly KindFamily[] = ["empty", "time", "number", "text", "other"];

export function familyOf(value: unknown): KindFamily {
  const kind = kindOf(value);
  switch (kind) {
    case "empty":
      return "empty";
    case "unix-time":
    case "date-text":
      return "time";
    case "small-number":
    case "integer":
    case "decimal":
      return "number";
    case "other":
      return "other";
    default:
      return "text";
  }
}

/** The families a column holds in these rows. */
export function familiesOf(values: readonly unknown[]): KindFamily[] {
  const seen = new Set(values.map(familyOf));
  return KIND_FAMILIES.filter((f) => seen.has(f));
}
