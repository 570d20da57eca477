/**
 * The translation fast path: @grammyjs/i18n (through @fluent/bundle) formats every message afresh,
 * negotiating the locale and resolving the pattern on every call. Here, on one Fluent instance:
 * - the bundles matched for a list of locales are kept (they never change once loaded);
 * - a message of text and string variables is compiled once per language into its parts and filled
 *   in per call; other texts with string and number variables are kept per language, message and
 *   values; anything else is formatted by Fluent as before.
 * The answers are Fluent's own: test/bot/i18n.test.ts compares every message of every language with
 * plain Fluent. One switch, FAST_TRANSLATIONS, turns it all off (the library's own code then runs,
 * unpatched). Should a later @grammyjs/i18n rename the private methods, nothing is patched.
 */
import { Memo } from "./memo.js";

/** The one switch: false leaves @grammyjs/i18n's Fluent exactly as the library made it. */
export const FAST_TRANSLATIONS = true;

/** Locale lists asked for (the bot's languages, and what an operator's .ftl names): a guard. */
const MAX_LOCALES = 64;
/** Texts kept with their variables' values, across languages. */
const MAX_WITH_VALUES = 5_000;

/** Installs the fast path on @grammyjs/i18n's Fluent instance (`i18n.fluent`), when switched on. */
export function installFastPath(fluent: object): void {
  if (!FAST_TRANSLATIONS) return;
  cacheBundleMatching(fluent);
  cacheTexts(fluent);
}

/**
 * @grammyjs/i18n 1.1 negotiates the locale again on every ctx.t call (Fluent's private matchBundles
 * → @fluent/langneg). The bundles
 * never change once loaded and the locales asked for are our three languages, so each answer is
 * kept. Should a later version rename the method, nothing is patched and translation still works.
 */
function cacheBundleMatching(fluent: object): void {
  const target = fluent as { matchBundles?: (locales: string[]) => unknown };
  const match = target.matchBundles;
  if (typeof match !== "function") return;
  const kept = new Memo<string, unknown>(MAX_LOCALES);
  target.matchBundles = (locales: string[]) =>
    kept.get(locales.join("\n"), () => match.call(fluent, locales));
}

/**
 * A message formats to the same text every time for the same language and variables (the bundles
 * never change once loaded), yet Fluent resolves its pattern again on every call, behind a warning
 * record @grammyjs/i18n builds per call; a list screen asks for dozens. So:
 * - a message that is text and string variables only (nearly all of them) is compiled once per
 *   language into its parts (`compile`) and filled in per call, for calls whose variables are all
 *   strings (Fluent puts a string in as it is);
 * - other texts are kept: with only string and number variables in the bounded
 *   cache keyed by language, message and values (a number is formatted in the reader's language);
 *   with any other variable (a Date, an object) formatted as before.
 * A missing message or variable is never compiled or kept (its warning or error still comes).
 */
function cacheTexts(fluent: object): void {
  const target = fluent as { translate?: Translate };
  const translate = target.translate;
  if (typeof translate !== "function") return;
  const withValues = new Memo<string, string>(MAX_WITH_VALUES);
  const compiled = compiledMessages(fluent);
  const missing = (path: string, text: string) => text === `{${path}}`;
  /** One language's (or list of languages') translator: the compiled texts' map looked up once. */
  const translatorOf = (locales: string | string[], locale: string): LocaleTranslate => {
    const compiledOf = compiled(locales, locale);
    return (path, context) => {
      const message = compiledOf(path);
      const filled = message === null ? undefined : fill(message, context);
      if (filled !== undefined) return filled;
      const values = context === undefined ? "" : plainValues(context);
      if (values === undefined || values === "")
        return translate.call(fluent, locales, path, context);
      return withValues.get(
        `${locale}\u0000${path}\u0000${values}`,
        () => translate.call(fluent, locales, path, context),
        (text) => !missing(path, text),
      );
    };
  };
  // Locales asked for are the bot's languages (and what an operator's .ftl names): bounded as a guard.
  const translators = new Memo<string, LocaleTranslate>(MAX_LOCALES);
  const translatorFor = (locales: string | string[]): LocaleTranslate => {
    const locale = Array.isArray(locales) ? locales.join("\n") : locales;
    return translators.get(locale, () => translatorOf(locales, locale));
  };
  target.translate = (locales, path, context) => translatorFor(locales)(path, context);
  (fluent as Kept)[TRANSLATORS] = translatorFor;
}

type Translate = (
  locales: string | string[],
  path: string,
  context?: Record<string, unknown>,
) => string;
/** `t` in one language (or list of languages). */
type LocaleTranslate = (path: string, context?: Record<string, unknown>) => string;

/** Where a Fluent instance keeps its translators per language (cacheTexts), on the instance itself. */
const TRANSLATORS = Symbol("translators per language");
type Kept = { [TRANSLATORS]?: (locale: string) => LocaleTranslate };

/** `t` in one language for this Fluent's texts: the kept translator when there is one. */
export function localeTranslator(fluent: object, locale: string): LocaleTranslate {
  const kept = (fluent as Kept)[TRANSLATORS];
  if (kept !== undefined) return kept(locale);
  const { translate } = fluent as { translate: Translate };
  return (path, context) => translate.call(fluent, locale, path, context);
}

/** A message's text between its variables: `parts` has one more entry than `names`. */
interface Compiled {
  readonly parts: readonly string[];
  readonly names: readonly string[];
}

/** The compiled message with every variable a string of `context`; undefined when one is not. */
function fill(
  compiled: Compiled,
  context: Record<string, unknown> | undefined,
): string | undefined {
  const { parts, names } = compiled;
  let text = parts[0]!;
  for (let i = 0; i < names.length; i++) {
    const value =
      context !== undefined && Object.hasOwn(context, names[i]!) ? context[names[i]!] : undefined;
    if (typeof value !== "string") return undefined;
    text += value + parts[i + 1]!;
  }
  return text;
}

/** Messages the bot's code names, and then some, per language: a guard, not a policy. */
const MAX_COMPILED = 5_000;

/**
 * Per language (as asked) and message path, its compiled form, or null when it has none (a missing
 * message or attribute, a selector, a term, a function, a number literal): worked out on first use.
 */
function compiledMessages(fluent: object) {
  return (locales: string | string[], locale: string) => {
    const ofLocale = new Memo<string, Compiled | null>(MAX_COMPILED);
    const asked = Array.isArray(locales) ? locales : [locale];
    return (path: string): Compiled | null =>
      ofLocale.get(path, () => compile(fluent, asked, path));
  };
}

/** What compile() reads of @fluent/bundle (public API: getMessage, formatPattern). */
type Pattern = string | ReadonlyArray<string | { type: string; name?: string }>;
interface Bundle {
  getMessage(
    id: string,
  ): { value: Pattern | null; attributes: Record<string, Pattern> } | undefined;
  formatPattern(pattern: Pattern, args?: Record<string, unknown>): string;
}

/**
 * The message as @grammyjs/i18n's translate finds it (the first bundle matched for the locales; a
 * `message.attribute` path), split into text and variable names; null when it is anything else, or
 * when Fluent formats it differently from its parts (isolation marks, a transform): checked once here
 * with marker values, so a compiled text is always Fluent's own.
 */
function compile(fluent: object, locales: string[], path: string): Compiled | null {
  const bundles = (fluent as { matchBundles?: (l: string[]) => Iterable<Bundle> }).matchBundles?.(
    locales,
  );
  const bundle = bundles === undefined ? undefined : [...bundles][0];
  const [messageId, attribute] = path.split(".", 2);
  const message = bundle?.getMessage(messageId!);
  if (bundle === undefined || message === undefined) return null;
  const pattern = attribute === undefined ? (message.value ?? "") : message.attributes[attribute];
  if (pattern === undefined) return null;
  const parts = [""];
  const names: string[] = [];
  for (const element of typeof pattern === "string" ? [pattern] : pattern) {
    if (typeof element === "string") parts[parts.length - 1] += element;
    else if (element.type === "var" && element.name !== undefined) {
      names.push(element.name);
      parts.push("");
    } else return null;
  }
  const compiled = { parts, names };
  const markers = Object.fromEntries(names.map((name) => [name, `\u0001${name}\u0002`]));
  try {
    return bundle.formatPattern(pattern, markers) === fill(compiled, markers) ? compiled : null;
  } catch {
    return null;
  }
}

/**
 * The variables as one key ("" for none), or undefined when one is not a plain string or number
 * (formatted each time). Names and values are separated by characters no message text contains.
 */
function plainValues(context: Record<string, unknown>): string | undefined {
  let key = "";
  for (const name in context) {
    if (!Object.hasOwn(context, name)) continue;
    const value = context[name];
    if (typeof value !== "string" && typeof value !== "number") return undefined;
    key += `${name}\u0001${typeof value === "number" ? "n" : "s"}${value}\u0002`;
  }
  return key;
}
