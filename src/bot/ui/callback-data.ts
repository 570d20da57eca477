/**
 * Typed callback data: one small codec per kind of button, instead of a regex per handler and
 * `ctx.match as RegExpMatchArray` in it.
 *
 *   const PAGE = callbackData("dt:l", { page: pageField });
 *   keyboard.text("2", PAGE.pack({ page: 2 }));                      // "dt:l:2"
 *   onCallback(composer, PAGE, (ctx, { page }) => showList(ctx, page)); // page: number
 *
 * Parsing is the validation: data with the wrong number of parts, a part that does not match its
 * field exactly (forged, stale from an older layout, page 0), or anything else falls through to the
 * next handler and so reaches the fallback's "this button has expired".
 * (The `callback-data` npm package does the same but has had no release since 2024; this is 60 lines.)
 */
import type { Composer, Context, NextFunction } from "grammy";

/** A button that only shows something (the pager's "2 / 5"): answered, acts on nothing. */
export const NOOP_DATA = "noop";

/** Telegram's limit for callback_data. */
export const MAX_CALLBACK_BYTES = 64;

export interface Field<T> {
  /** What one part looks like (a regex source, matched whole; parts never contain ":"). */
  pattern: string;
  decode(part: string): T;
  encode(value: T): string;
}

/** A 1-based page number: no leading zero, so each page has exactly one spelling. */
export const pageField: Field<number> = {
  pattern: "[1-9]\\d{0,5}",
  decode: Number,
  encode: String,
};

/** A string part of the given shape. */
export function textField(pattern: string): Field<string> {
  return { pattern, decode: (part) => part, encode: (value) => value };
}

/** One of a few fixed words. */
export function oneOf<const W extends string>(words: readonly W[]): Field<W> {
  return { pattern: words.join("|"), decode: (part) => part as W, encode: (value) => value };
}

type Values<F> = { [K in keyof F]: F[K] extends Field<infer T> ? T : never };

export interface CallbackCodec<F extends Record<string, Field<unknown>>> {
  readonly prefix: string;
  /** For grammY's callbackQuery(): every data under this prefix (unpack decides whether it is valid). */
  readonly filter: RegExp;
  /** The data for these values; throws when a value does not fit its field (a bug, not user input). */
  pack(values: Values<F>): string;
  /** Like pack, but undefined when a value (e.g. an id from the exchanger) cannot travel in a button. */
  tryPack(values: Values<F>): string | undefined;
  unpack(data: string): Values<F> | undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function callbackData<F extends Record<string, Field<unknown>>>(
  prefix: string,
  fields: F,
): CallbackCodec<F> {
  const names = Object.keys(fields) as (keyof F & string)[];
  const parts = names.map((name) => ({
    name,
    field: fields[name]!,
    whole: new RegExp(`^(?:${fields[name]!.pattern})$`),
  }));
  const tryPack = (values: Values<F>): string | undefined => {
    let data = prefix;
    for (const { name, field, whole } of parts) {
      const part = field.encode(values[name]);
      if (!whole.test(part)) return undefined;
      data += `:${part}`;
    }
    // A UTF-16 unit is at most 3 bytes of UTF-8: short data needs no count (a list screen packs 16).
    return data.length * 3 <= MAX_CALLBACK_BYTES || Buffer.byteLength(data) <= MAX_CALLBACK_BYTES
      ? data
      : undefined;
  };
  return {
    prefix,
    filter: new RegExp(`^${escapeRegExp(prefix)}(?::|$)`),
    tryPack,
    pack(values) {
      const data = tryPack(values);
      if (data === undefined)
        throw new RangeError(`callback data ${prefix}: a value does not fit its field or 64 bytes`);
      return data;
    },
    unpack(data) {
      if (data !== prefix && !data.startsWith(`${prefix}:`)) return undefined;
      const texts = data === prefix ? [] : data.slice(prefix.length + 1).split(":");
      if (texts.length !== parts.length) return undefined;
      const values: Record<string, unknown> = {};
      for (const [index, { name, field, whole }] of parts.entries()) {
        const text = texts[index]!;
        if (!whole.test(text)) return undefined;
        values[name] = field.decode(text);
      }
      return values as Values<F>;
    },
  };
}

/** Installs a handler for one codec's buttons; data that does not unpack goes on to the next handler. */
export function onCallback<C extends Context, F extends Record<string, Field<unknown>>>(
  composer: Composer<C>,
  codec: CallbackCodec<F>,
  handler: (
    ctx: C & { callbackQuery: { data: string } },
    values: Values<F>,
    next: NextFunction,
  ) => unknown,
): void {
  composer.callbackQuery(codec.filter, async (ctx, next) => {
    const values = codec.unpack(ctx.callbackQuery.data);
    if (values === undefined) return next();
    await handler(ctx, values, next);
  });
}
