/**
 * Layouts of positional objects the User API has no filters for: currencies, the verification request
 * and the saved exchange fields. What the server itself says confirms a position (`by` not "type"):
 * - a currency's id is the one column holding every currency id of the directions map
 *   (`public-api-get-exchanges`, documented) — by: "map";
 * - a verification request's fields sit where the values the bot submitted came back — by: "sent"
 *   (learned from the submission's own answer, no extra call); its status is the one column of
 *   verification status words the vocabulary knows — by: "words";
 * Value kinds place the rest (by: "type"), and only where one column alone can be it; a position that
 * stays unplaced is never given a meaning (nameRecord keeps it as `field_<n>`, or the reader drops it).
 *
 * Telegram-free and pure; layouts/book.ts keeps what is learned here once per server.
 */
import type { Layout, LayoutField, LayoutObject } from "../normalize/layout.js";
import { readVerificationStatus } from "../vocabulary.js";
import { placeDates } from "./by-kind.js";
import type { Row } from "./filter-evidence.js";
import { columnKind, familiesOf, kindOf, type ValueKind } from "./value-types.js";

const column = (rows: readonly Row[], p: number) => rows.map((r) => r[p]);
const positions = (rows: readonly Row[]) =>
  Array.from({ length: rows[0]?.length ?? 0 }, (_, p) => p);
const distinct = (values: readonly unknown[]) => new Set(values.map(String)).size === values.length;

/** A layout of `rows` from the fields placed (sorted by position). */
function layoutOf(object: LayoutObject, rows: readonly Row[], placed: Map<number, LayoutField>) {
  const fields = [...placed.values()].sort((a, b) => a.position - b.position);
  const families = positions(rows).map((p) => familiesOf(column(rows, p)));
  return {
    object,
    size: rows[0]?.length ?? 0,
    source: "learned",
    fields,
    families,
  } satisfies Layout;
}

/** Places `name` at `p` unless the name or the position is taken. */
function putter(placed: Map<number, LayoutField>, by: LayoutField["by"]) {
  return (p: number | undefined, name: string, why: string, as: LayoutField["by"] = by) => {
    if (p === undefined || placed.has(p)) return;
    if ([...placed.values()].some((f) => f.name === name)) return;
    placed.set(p, { position: p, name, by: as, why });
  };
}

/** The free positions whose column is of one of `kinds`. */
const freeOf = (rows: readonly Row[], placed: Map<number, LayoutField>, kinds: ValueKind[]) =>
  positions(rows).filter(
    (p) => !placed.has(p) && kinds.includes(columnKind(column(rows, p)) as ValueKind),
  );

/** A currency code: capitals and digits, no spaces ("BTC", "USDTTRC20", "CARDUAH"). */
const CODE = /^[A-Z][A-Z0-9]{1,15}$/;

/**
 * The currency layout. `mapIds`: the currency ids of the directions map. The id is placed only when
 * exactly one column holds all of them, each once; the code is the one column of distinct codes, the
 * name the one other column of distinct texts, the reserve the one decimal column, the decimals the
 * one column of small numbers left.
 */
export function learnCurrencyLayout(rows: readonly Row[], mapIds: ReadonlySet<string>): Layout {
  const placed = new Map<number, LayoutField>();
  const holding = positions(rows).filter((p) => {
    const values = column(rows, p).map(String);
    return distinct(values) && mapIds.size > 0 && [...mapIds].every((id) => values.includes(id));
  });
  if (holding.length === 1)
    placed.set(holding[0]!, {
      position: holding[0]!,
      name: "id",
      by: "map",
      why: "the directions map's ids",
    });
  const put = putter(placed, "type");
  const texts = freeOf(rows, placed, ["text"]).filter((p) => distinct(column(rows, p)));
  const codes = texts.filter((p) => column(rows, p).every((v) => CODE.test(String(v))));
  if (codes.length === 1) put(codes[0], "code", "distinct capital codes");
  const names = texts.filter((p) => !placed.has(p));
  if (names.length === 1) put(names[0], "name", "distinct texts");
  const decimals = freeOf(rows, placed, ["decimal"]);
  if (decimals.length === 1) put(decimals[0], "reserve", "the one decimal column");
  const small = freeOf(rows, placed, ["small-number"]).filter((p) =>
    column(rows, p).every((v) => Number(v) <= 18),
  );
  if (small.length === 1) put(small[0], "decimals", "the one small-number column left");
  return layoutOf("currency", rows, placed);
}

/** Whether a text reads as a verification status the vocabulary knows ("pending", "approved"…). */
const isStatusWord = (value: unknown) =>
  typeof value === "string" &&
  value.trim() !== "" &&
  !/^\d+$/.test(value.trim()) &&
  readVerificationStatus(value).meaning !== "unknown";

/** The verification layout from the request alone: the status by its words, the dates by kind. */
export function learnVerificationLayout(row: Row): Layout {
  const rows = [row];
  const placed = new Map<number, LayoutField>();
  const words = positions(rows).filter((p) => isStatusWord(row[p]));
  if (words.length === 1)
    placed.set(words[0]!, {
      position: words[0]!,
      name: "status",
      by: "words",
      why: "a verification status word",
    });
  placeDates(rows, freeOf(rows, placed, ["unix-time", "date-text"]), putter(placed, "type"));
  return layoutOf("verification", rows, placed);
}

/** Whether `value` came back for `sent`: the same text, or a card/document number masked by the server. */
function cameBack(value: unknown, sent: string): boolean {
  if (typeof value !== "string" && typeof value !== "number") return false;
  const text = String(value).trim();
  if (text === sent.trim()) return true;
  const digits = sent.replace(/\D/g, "");
  if (!/[*•xX]/.test(text) || digits.length < 8) return false;
  const [head = "", tail = ""] = text.split(/[*•xX\s-]+[*•xX][*•xX\s-]*/);
  const shown = (part: string) => part.replace(/\D/g, "");
  return (
    shown(head).length + shown(tail).length >= 4 &&
    digits.startsWith(shown(head)) &&
    digits.endsWith(shown(tail))
  );
}

/**
 * The verification layout learned from a submission's answer: each submitted field at the one
 * position its value came back in (by: "sent"), then the status and dates as above. A value found at
 * two positions (the same name twice) places neither.
 */
export function learnFromSubmission(row: Row, sent: Readonly<Record<string, string>>): Layout {
  const base = learnVerificationLayout(row);
  const placed = new Map(base.fields.map((f) => [f.position, f]));
  for (const [name, value] of Object.entries(sent)) {
    if (value.trim() === "") continue;
    const at = positions([row]).filter((p) => !placed.has(p) && cameBack(row[p], value));
    if (at.length === 1)
      placed.set(at[0]!, { position: at[0]!, name, by: "sent", why: "the value submitted" });
  }
  return layoutOf("verification", [row], placed);
}

/**
 * The saved exchange fields (get-inputs as rows): the direction input's id and the saved value. The id
 * is the one column of distinct whole numbers most of which are ids of the directions' input fields
 * (`fieldIds`, read from the public directions: by "map"); without
 * that evidence the one column of whole numbers beside a column of other values is a guess (by "type"),
 * which the reader never uses (normalize/layout.ts: a saved value must never fill the wrong field).
 */
export function learnSavedFieldLayout(
  rows: readonly Row[],
  fieldIds: ReadonlySet<string> = new Set(),
): Layout {
  const placed = new Map<number, LayoutField>();
  const whole = (p: number) =>
    column(rows, p).every((v) => ["integer", "small-number"].includes(kindOf(v)));
  const ids = positions(rows).filter((p) => whole(p) && distinct(column(rows, p)));
  const values = positions(rows).filter((p) => !whole(p));
  // Saved values outlive the fields they were for: most, not all, ids are still some direction's.
  const mapped = ids.filter((p) => {
    const known = column(rows, p).filter((v) => fieldIds.has(String(v))).length;
    return known > 0 && known * 2 >= rows.length;
  });
  if (mapped.length === 1) {
    placed.set(mapped[0]!, {
      position: mapped[0]!,
      name: "id",
      by: "map",
      why: "the directions' input field ids",
    });
    const others = positions(rows).filter((p) => p !== mapped[0]);
    if (others.length === 1)
      placed.set(others[0]!, {
        position: others[0]!,
        name: "value",
        by: "map",
        why: "the one column beside the field ids",
      });
  } else if (ids.length === 1 && values.length === 1) {
    const put = putter(placed, "type");
    put(ids[0], "id", "the one column of whole numbers");
    put(values[0], "value", "the one column of saved values");
  }
  return layoutOf("saved field", rows, placed);
}

/**
 * A direction (get-exchange) written as an array, asked by `pair`: the slug is where the pair asked
 * came back (by: "sent"), the two currency ids where the directions map's ids for that pair sit (by:
 * "map"), the input fields the one column holding a list of rows. The rate, the limits and the
 * reserve are amounts nothing confirms: they stay unplaced, so no calculation rests on a guess.
 */
export function learnDirectionLayout(
  row: Row,
  pair: string,
  link: { send: string; receive: string } | undefined,
): Layout {
  const placed = new Map<number, LayoutField>();
  const where = (value: string) => positions([row]).filter((p) => String(row[p]) === value);
  const place = (value: string, name: string, by: LayoutField["by"], why: string) => {
    const at = where(value).filter((p) => !placed.has(p));
    if (at.length === 1) placed.set(at[0]!, { position: at[0]!, name, by, why });
  };
  place(pair, "slug", "sent", "the pair asked");
  if (link !== undefined && link.send !== link.receive) {
    place(link.send, "send_currency_id", "map", "the directions map's ids");
    place(link.receive, "receive_currency_id", "map", "the directions map's ids");
  }
  const lists = positions([row]).filter(
    (p) => Array.isArray(row[p]) && (row[p] as unknown[]).every(Array.isArray),
  );
  if (lists.length === 1)
    placed.set(lists[0]!, {
      position: lists[0]!,
      name: "inputs",
      by: "type",
      why: "the one list of rows",
    });
  return layoutOf("direction", [row], placed);
}

/** A flag: a boolean, or 0/1. */
const isFlag = (value: unknown) => typeof value === "boolean" || value === 0 || value === 1;

/**
 * A direction's input fields as rows: the name is the one column of texts, the id the one column of
 * distinct whole numbers, `required` the one column of flags. Nothing is placed where two could be.
 */
export function learnDirectionFieldLayout(rows: readonly Row[]): Layout {
  const placed = new Map<number, LayoutField>();
  const put = putter(placed, "type");
  const texts = freeOf(rows, placed, ["text"]);
  if (texts.length === 1) put(texts[0], "name", "the one column of texts");
  const ids = freeOf(rows, placed, ["integer", "small-number"]).filter(
    (p) => distinct(column(rows, p)) && !column(rows, p).every(isFlag),
  );
  if (ids.length === 1) put(ids[0], "id", "the one column of distinct whole numbers");
  const flags = positions(rows).filter((p) => !placed.has(p) && column(rows, p).every(isFlag));
  if (flags.length === 1) put(flags[0], "required", "the one column of flags");
  return layoutOf("direction field", rows, placed);
}
