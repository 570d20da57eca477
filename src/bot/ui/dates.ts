/**
 * The ONE date format of every screen: "6 Jan 2025, 12:00 UTC" in the reader's language
 * (Intl.DateTimeFormat with the locale the translations name in `date-locale`, core.ftl), always in
 * UTC and always saying so, so a customer never has to guess whose clock a time is on.
 *
 * The locale comes through the translator (`t("date-locale")`) rather than a `language` argument so
 * that anything that can translate — a context, the watcher's per-language translator — can format
 * dates without carrying more than `t`.
 *
 * What servers write is read by the normalizer (exchanger/normalize/values.ts `dateOf`): unix seconds
 * or milliseconds, ISO 8601, "2025-01-06 12:00:00" and "06.01.2025 12:00" with no zone (read as UTC,
 * and the screen says "UTC", so it states the assumption instead of hiding it). Anything unparseable
 * is shown as written.
 */
import { LANGUAGES } from "../../languages.js";
import type { Translator } from "../context.js";
import { displayValue, escapeHtml } from "./html.js";
import { dateOf } from "../../exchanger/index.js";
import { Memo } from "../../runtime/memo.js";

/** The moment a server value names (the normalizer's one reading of dates), or undefined. */
export function parseServerDate(value: unknown): Date | undefined {
  return dateOf(value);
}

const FORMAT: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
  timeZoneName: "short",
};

/**
 * Built once for the languages the bot ships (a formatter costs far more to build than to use, and a
 * list screen formats a date per order); never changed after. Any other tag (an operator's override of
 * `date-locale`) is built when used.
 */
const SHIPPED: ReadonlyMap<string, Intl.DateTimeFormat> = new Map(
  LANGUAGES.map((tag) => [tag, new Intl.DateTimeFormat(tag, FORMAT)]),
);

/** The formatter of the locale the translations name; "en" when Intl does not know it (a typo in a .ftl must not throw). */
function formatterFor(tag: string): Intl.DateTimeFormat {
  const shipped = SHIPPED.get(tag);
  if (shipped) return shipped;
  try {
    const known = Intl.DateTimeFormat.supportedLocalesOf([tag])[0];
    if (known !== undefined) return new Intl.DateTimeFormat(known, FORMAT);
  } catch {
    // an invalid tag: fall through to English
  }
  return SHIPPED.get("en")!;
}

/**
 * What each locale made of a value lately — a Date by its time, a server's string or number as
 * written: a list screen formats the same orders' dates on every page it shows, and reading plus
 * formatting a date costs more than the rest of its line.
 */
const formatted = new Memo<string, string | undefined>(2000);

function format(formatter: Intl.DateTimeFormat, value: unknown): string | undefined {
  const date = parseServerDate(value);
  if (date === undefined) return displayValue(value);
  return formatter.format(date);
}

/** A server date in the one format; the value as written when it is not a date; undefined when empty. */
export function formatDate(tr: Translator, value: unknown): string | undefined {
  const tag = tr.t("date-locale").trim();
  if (value instanceof Date && !Number.isNaN(value.getTime()))
    return formatted.get(`${tag}\u0000d${value.getTime()}`, () => format(formatterFor(tag), value));
  if (typeof value === "string" || typeof value === "number")
    return formatted.get(`${tag}\u0000${typeof value}${value}`, () =>
      format(formatterFor(tag), value),
    );
  return format(formatterFor(tag), value);
}

/**
 * A moment as HTML for a message: the one format's text (UTC stated) inside Telegram's date_time
 * entity (`<tg-time>`, in the Bot API of the pinned grammY 1.46 types), which clients that know it show
 * in the reader's own time zone; older clients show the text. A value that is no date: its escaped
 * text; undefined when empty.
 */
export function formatDateHtml(tr: Translator, value: unknown): string | undefined {
  const text = formatDate(tr, value);
  if (text === undefined) return undefined;
  const date = parseServerDate(value);
  if (date === undefined) return escapeHtml(text);
  const unix = Math.floor(date.getTime() / 1000);
  return `<tg-time unix="${unix}" format="dt">${escapeHtml(text)}</tg-time>`;
}
