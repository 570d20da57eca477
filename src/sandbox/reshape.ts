/**
 * Transformations that write the same facts in another plausible PHP shape: what real Exchanger CMS
 * servers do where the spec says "not shown". The `shapes` dialect (dialect.ts) applies a fixed set
 * of them to every answer; the test suite's shape generator (test/exchanger/normalize/) combines them
 * at random, seeded, to prove the bot reads every combination the same way.
 *
 * Each function is pure and takes the record in the sandbox's canonical shape (flat sides, decimal
 * strings, "YYYY-MM-DD HH:MM:SS" dates, maps keyed by id).
 */

export type Rec = Record<string, unknown>;

/** A scalar wrapped in an object, as some builds send ids and codes: `"1"` → `{"id": "1"}`. */
export function wrapScalar(value: unknown, key = "id"): Rec {
  return { [key]: value };
}

export type NumberForm =
  "string" | "number" | "decimal-comma" | "thousands-comma" | "thousands-space";

/** A decimal string ("1837.5") written another way: 1837.5, "1837,5", "1,837.5", "1 837,5". */
export function writeNumber(text: string, form: NumberForm): unknown {
  const [integer = "0", fraction] = text.split(".");
  const grouped = (sep: string) => integer.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  switch (form) {
    case "string":
      return text;
    case "number":
      return Number(text);
    case "decimal-comma":
      return fraction === undefined ? integer : `${integer},${fraction}`;
    case "thousands-comma":
      // "1,500" alone would read as a decimal comma to some: grouping is written only with a fraction.
      return fraction === undefined ? text : `${grouped(",")}.${fraction}`;
    case "thousands-space":
      return fraction === undefined ? grouped(" ") : `${grouped(" ")},${fraction}`;
  }
}

export type DateForm = "naive" | "unix" | "unix-string" | "unix-ms" | "iso" | "dotted" | "offset";

/** A "YYYY-MM-DD HH:MM:SS" (UTC) date written another way. */
export function writeDate(text: string, form: DateForm): unknown {
  const ms = Date.parse(`${text.replace(" ", "T")}Z`);
  if (Number.isNaN(ms)) return text;
  const [date, time = "00:00:00"] = text.split(" ");
  const [y, m, d] = date!.split("-");
  switch (form) {
    case "naive":
      return text;
    case "unix":
      return Math.floor(ms / 1000);
    case "unix-string":
      return String(Math.floor(ms / 1000));
    case "unix-ms":
      return ms;
    case "iso":
      return new Date(ms).toISOString();
    case "offset": {
      // The server's own zone after a space: the same moment written three hours ahead of UTC.
      const local = new Date(ms + 3 * 3_600_000).toISOString();
      return `${local.slice(0, 10)} ${local.slice(11, 19)} +03:00`;
    }
    case "dotted":
      // Minutes only, as many Russian-language builds print it: seconds must be zero to keep the fact.
      return time.endsWith(":00") ? `${d}.${m}.${y} ${time.slice(0, 5)}` : text;
  }
}

export type RateForm = "scalar" | "pair" | "object" | "text" | "coded";

/**
 * A rate (receive per one sent) written as a scalar, a pair `[1, x]`, an object, text "1 = x", or
 * text with the codes after the numbers ("1 BTC = x USDTTRC20", `codes`: send and receive).
 */
export function writeRate(
  rate: string,
  form: RateForm,
  codes: readonly [string, string] = ["BTC", "USDTTRC20"],
): unknown {
  switch (form) {
    case "scalar":
      return rate;
    case "pair":
      return [1, Number(rate)];
    case "object":
      return { from: "1", to: rate };
    case "text":
      return `1 = ${rate}`;
    case "coded":
      return `1 ${codes[0]} = ${rate} ${codes[1]}`;
  }
}

export type SideForm = "flat" | "nested" | "grouped" | "synonyms";

/**
 * An order's sides (send_amount, send_currency_id, and the same for receive) written flat, nested per
 * side (`"send": {"amount", "currency_id", "currency": {"code"}}`), grouped per fact
 * (`"amounts": {"send"}, "currencies": {"send": {"id"}}`) or under synonyms (give_/get_).
 */
export function writeSides(
  order: Rec,
  form: SideForm,
  codes: Readonly<Record<string, string>> = {},
  amount = (a: unknown) => a,
): Rec {
  if (form === "flat")
    return {
      ...order,
      send_amount: amount(order.send_amount),
      receive_amount: amount(order.receive_amount),
    };
  const out: Rec = { ...order };
  for (const key of ["send_amount", "send_currency_id", "receive_amount", "receive_currency_id"])
    delete out[key];
  const side = (word: "send" | "receive") => ({
    amount: amount(order[`${word}_amount`]),
    id: order[`${word}_currency_id`],
  });
  const send = side("send");
  const receive = side("receive");
  const currency = (id: unknown) => {
    const code = codes[String(id)];
    return code === undefined ? { id } : { id, code };
  };
  if (form === "nested") {
    out.send = { currency_id: send.id, amount: send.amount, currency: currency(send.id) };
    out.receive = {
      currency_id: receive.id,
      amount: receive.amount,
      currency: currency(receive.id),
    };
  } else if (form === "grouped") {
    out.amounts = { send: send.amount, receive: receive.amount };
    out.currencies = { send: currency(send.id), receive: currency(receive.id) };
  } else {
    Object.assign(out, {
      give_amount: send.amount,
      give_currency_id: send.id,
      get_amount: receive.amount,
      get_currency_id: receive.id,
    });
  }
  return out;
}

/** The spec's status table with the words servers put in a status object. */
const STATUS_WORDS: Readonly<Record<number, { name: string; title: string }>> = {
  0: { name: "created", title: "Created" },
  1: { name: "paid", title: "Paid" },
  2: { name: "suspended", title: "Suspended" },
  3: { name: "canceled", title: "Canceled" },
  4: { name: "completed", title: "Completed" },
  5: { name: "refund", title: "Refund" },
  6: { name: "processing", title: "Processing" },
  7: { name: "error", title: "Error" },
  8: { name: "new", title: "New" },
};

/** A canonical status id as an object: `{"id": "0", "name": "created", "title": "Created"}`. */
export function statusObject(id: number): Rec {
  const words = STATUS_WORDS[id];
  return words ? { id: String(id), name: words.name, title: words.title } : { id: String(id) };
}

/** A map keyed by id (`{"11": "value"}`) as a list of objects carrying the id. */
export function mapToList(
  map: Rec,
  valueKey = "value",
  extra: (id: string) => Rec = () => ({}),
): Rec[] {
  return Object.entries(map).map(([id, value]) => ({ id, ...extra(id), [valueKey]: value }));
}

/** A record as a positional array: the values of `positions` in that order, an absent one as null. */
export function positional(record: Rec, positions: readonly string[]): unknown[] {
  return positions.map((name) => (record[name] === undefined ? null : record[name]));
}

/** Text as a PHP script's htmlspecialchars() leaves it: the bot must decode it once, not twice. */
export function htmlEncode(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The record's keys in another order (`pick` chooses a position, 0 ≤ pick() < 1). */
export function reorder(record: Rec, pick: () => number): Rec {
  const entries = Object.entries(record);
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(pick() * (i + 1));
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  return Object.fromEntries(entries);
}

/** Verification data nested one level down (`"data"` or `"fields"`), the request's own facts left on top. */
export function nestVerification(request: Rec, under: "data" | "fields" | "list"): Rec {
  const own = new Set(["id", "status", "type", "comment", "photos", "created_at", "updated_at"]);
  const top: Rec = {};
  const nested: Rec = {};
  for (const [key, value] of Object.entries(request)) (own.has(key) ? top : nested)[key] = value;
  if (under === "list")
    return { ...top, fields: Object.entries(nested).map(([name, value]) => ({ name, value })) };
  return { ...top, [under]: nested };
}

/** A status title as a sentence: "Order completed", «Заявка ожидает оплаты». */
export function titleSentence(title: string): string {
  const lower = title.charAt(0).toLowerCase() + title.slice(1);
  return /[\u0400-\u04ff]/.test(title) ? `Заявка ${lower}` : `Order ${lower}`;
}

export type ListForm = "list" | "laravel" | "yii" | "keyed" | "json-text";

/**
 * A page of records as a list method's `result`: a plain list, a paginator object as PHP frameworks
 * serialize one (Laravel's `{data, current_page, per_page, total, …}`, Yii's `{items, _meta}`), a
 * map keyed by id, or any of those as JSON text inside the JSON. `total`/`page`/`perPage`: the page's
 * place in the whole list.
 */
export function writeList(
  items: readonly Rec[],
  form: ListForm,
  at: { total: number; page: number; perPage: number },
): unknown {
  switch (form) {
    case "list":
      return items;
    case "laravel":
      return {
        current_page: at.page,
        data: items,
        from: items.length === 0 ? null : (at.page - 1) * at.perPage + 1,
        last_page: Math.max(1, Math.ceil(at.total / at.perPage)),
        per_page: at.perPage,
        to: items.length === 0 ? null : (at.page - 1) * at.perPage + items.length,
        total: at.total,
      };
    case "yii":
      return {
        items,
        _meta: {
          totalCount: at.total,
          pageCount: Math.ceil(at.total / at.perPage),
          currentPage: at.page,
          perPage: at.perPage,
        },
      };
    case "keyed":
      return Object.fromEntries(items.map((item) => [String(item.id), item]));
    case "json-text":
      return JSON.stringify(items);
  }
}
