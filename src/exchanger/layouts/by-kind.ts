/**
 * Positions placed by the kind of their values alone (`by: "type"`): where no answer of the server
 * can tell. Used only where one column alone can be the name, and read only for what no screen acts
 * on (dates, an e-mail, an order's id when its filter was not honoured): a guessed token, status or
 * amount is kept for the doctor to describe and never read (normalize/layout.ts nameRecord).
 */
import type { LayoutField, LayoutObject } from "../normalize/layout.js";
import type { Row } from "./filter-evidence.js";
import { columnKind, type ValueKind } from "./value-types.js";

const NUMBERS: readonly ValueKind[] = ["integer", "small-number"];
const column = (rows: readonly Row[], p: number) => rows.map((r) => r[p]);
const distinct = (values: readonly unknown[]) => new Set(values.map(String)).size === values.length;

export type Put = (
  p: number | undefined,
  name: string,
  why: string,
  by?: LayoutField["by"],
) => void;

/**
 * Created before updated: of exactly two time columns, the one earlier in every row and strictly
 * earlier in some is the creation time (by "relation": the data tells them apart). Otherwise the
 * first is a guess.
 */
export function placeDates(rows: readonly Row[], times: number[], put: Put) {
  const at = (row: Row, p: number) => {
    const v = row[p];
    return typeof v === "number" || /^\d+$/.test(String(v)) ? Number(v) : Date.parse(String(v));
  };
  const [a, b] = times;
  if (times.length === 2 && a !== undefined && b !== undefined) {
    for (const [early, late] of [
      [a, b],
      [b, a],
    ] as const) {
      if (!rows.every((r) => at(r, early) <= at(r, late))) continue;
      if (!rows.some((r) => at(r, early) < at(r, late))) continue;
      const why = (p: number) => `${kindName(rows, p)}, earlier than the other in every row`;
      put(early, "created_at", why(early), "relation");
      put(late, "updated_at", `${kindName(rows, late)}, the later one`, "relation");
      return;
    }
  }
  put(a, "created_at", a === undefined ? "" : kindName(rows, a));
  put(b, "updated_at", b === undefined ? "" : kindName(rows, b));
}

const kindName = (rows: readonly Row[], p: number) =>
  columnKind(column(rows, p)) === "unix-time" ? "a unix time" : "a date text";

/** The guesses for what the server's answers left unplaced, as fields placed `by: "type"`. */
export function placeByKind(
  object: LayoutObject,
  rows: readonly Row[],
  taken: readonly LayoutField[],
): LayoutField[] {
  const placed = new Map(taken.map((f) => [f.position, f]));
  const out: LayoutField[] = [];
  const size = rows[0]?.length ?? 0;
  const free = (kinds: readonly ValueKind[]) =>
    Array.from({ length: size }, (_, p) => p).filter(
      (p) => !placed.has(p) && kinds.includes(columnKind(column(rows, p)) as ValueKind),
    );
  const put: Put = (p, name, why, by = "type") => {
    if (p === undefined || placed.has(p) || [...placed.values()].some((f) => f.name === name))
      return;
    const field: LayoutField = { position: p, name, by, why };
    placed.set(p, field);
    out.push(field);
  };
  placeDates(rows, free(["unix-time", "date-text"]), put);
  if (object === "detail") {
    put(
      free(NUMBERS).find((p) => distinct(column(rows, p))),
      "id",
      "distinct whole numbers",
    );
    put(free(NUMBERS)[0], "currency_id", "a small whole number");
    put(free(["text", "hex-token", "email"])[0], "value", "text");
    return out;
  }
  put(free(["hex-token"])[0], "token", "a hex token");
  const statusLike = free(["small-number"]).filter((p) =>
    column(rows, p).every((v) => Number(v) <= 9),
  );
  if (statusLike.length === 1) put(statusLike[0], "status", "the one small-number column");
  put(
    free(NUMBERS).find((p) => distinct(column(rows, p))),
    "id",
    "distinct whole numbers",
  );
  put(free(["email"])[0], "email", "an e-mail address");
  return out;
}
