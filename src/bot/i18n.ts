/**
 * Fluent translations. Each feature owns `locales/<lang>/<feature>.ftl`; the files of one language
 * form one bundle. A test keeps the key sets of en, ru and uk identical. The operator's overrides
 * (LOCALES_DIR, checked by text-overrides.ts) come after the bot's own messages of that language, so
 * Fluent's allowOverrides makes them win.
 */
import { I18n } from "@grammyjs/i18n";
import type { NextFunction } from "grammy";
import { LRUCache } from "lru-cache";
import { fileURLToPath } from "node:url";
import { LANGUAGES, type Language } from "../languages.js";
import type { FlowContext, TextOverrides } from "./context.js";
import { readLocaleSources } from "./text-overrides.js";

export const LOCALES_DIR = fileURLToPath(new URL("./locales", import.meta.url));

export type { TextOverrides } from "./context.js";

export function createI18n(
  defaultLanguage: Language,
  overrides: TextOverrides = {},
): I18n<FlowContext> {
  const i18n = new I18n<FlowContext>({
    defaultLocale: defaultLanguage,
    useSession: false,
    // Isolation marks (U+2068/U+2069) around variables would end up inside HTML and copied text.
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: (ctx) => ctx.language,
  });
  const builtIn = readLocaleSources(LOCALES_DIR);
  for (const lang of LANGUAGES) {
    const override = overrides[lang];
    i18n.loadLocaleSync(lang, {
      source: override === undefined ? builtIn[lang] : `${builtIn[lang]}\n${override}`,
    });
  }
  cacheBundleMatching(i18n.fluent);
  cacheTexts(i18n.fluent);
  return i18n;
}

/**
 * @grammyjs/i18n 1.1 negotiates the locale again on every ctx.t call (Fluent's private matchBundles
 * → @fluent/langneg): the largest CPU cost of rendering a screen after I/O (bench P1). The bundles
 * never change once loaded and the locales asked for are our three languages, so each answer is
 * kept. Should a later version rename the method, nothing is patched and translation still works.
 */
function cacheBundleMatching(fluent: object): void {
  const target = fluent as { matchBundles?: (locales: string[]) => unknown };
  const match = target.matchBundles;
  if (typeof match !== "function") return;
  const cache = new Map<string, unknown>();
  target.matchBundles = (locales: string[]) => {
    const key = locales.join("\n");
    let bundles = cache.get(key);
    if (bundles === undefined) {
      bundles = match.call(fluent, locales);
      if (cache.size < 64) cache.set(key, bundles);
    }
    return bundles;
  };
}

/**
 * A message formats to the same text every time for the same language and variables (the bundles
 * never change once loaded), yet Fluent resolves its pattern again on every call, behind a warning
 * record @grammyjs/i18n builds per call. A list screen asks for dozens (bench P1): buttons, filter
 * chips, status labels, and per order its number and words. So:
 * - a message that is text and string variables only (nearly all of them) is compiled once per
 *   language into its parts (`compile`) and filled in per call, for calls whose variables are all
 *   strings (Fluent puts a string in as it is);
 * - other texts are kept: with only string and number variables in a bounded least-recently-used
 *   cache keyed by language, message and values (a number is formatted in the reader's language);
 *   with any other variable (a Date, an object) formatted as before.
 * A missing message or variable is never compiled or kept (its warning or error still comes).
 */
function cacheTexts(fluent: object): void {
  const target = fluent as { translate?: Translate };
  const translate = target.translate;
  if (typeof translate !== "function") return;
  const withValues = new LRUCache<string, string>({ max: 5_000 });
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
      const key = `${locale}\u0000${path}\u0000${values}`;
      let text = withValues.get(key);
      if (text === undefined) {
        text = translate.call(fluent, locales, path, context);
        if (!missing(path, text)) withValues.set(key, text);
      }
      return text;
    };
  };
  const translators = new Map<string, LocaleTranslate>();
  const translatorFor = (locales: string | string[]): LocaleTranslate => {
    const locale = Array.isArray(locales) ? locales.join("\n") : locales;
    let translator = translators.get(locale);
    if (translator === undefined) {
      translator = translatorOf(locales, locale);
      // Locales asked for are the bot's languages (and what an operator's .ftl names): a guard.
      if (translators.size < 64) translators.set(locale, translator);
    }
    return translator;
  };
  target.translate = (locales, path, context) => translatorFor(locales)(path, context);
  LOCALE_TRANSLATORS.set(fluent, translatorFor);
}

type Translate = (
  locales: string | string[],
  path: string,
  context?: Record<string, unknown>,
) => string;
/** `t` in one language (or list of languages). */
type LocaleTranslate = (path: string, context?: Record<string, unknown>) => string;

/** Each bot's translators per language (cacheTexts), for ctx.t: the language's texts found once per update, not per call. */
const LOCALE_TRANSLATORS = new WeakMap<object, (locale: string) => LocaleTranslate>();

/** `t` in one language for this i18n's texts: the kept translator when there is one. */
function localeTranslator(fluent: object, locale: string): LocaleTranslate {
  const kept = LOCALE_TRANSLATORS.get(fluent);
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

/** Messages the bot's code names × its languages, and then some: a guard, not a policy. */
const MAX_COMPILED = 10_000;

/**
 * Per language (as asked) and message path, its compiled form, or null when it has none (a missing
 * message or attribute, a selector, a term, a function, a number literal): worked out on first use.
 */
function compiledMessages(fluent: object) {
  let count = 0;
  return (locales: string | string[], locale: string) => {
    const ofLocale = new Map<string, Compiled | null>();
    return (path: string): Compiled | null => {
      let message = ofLocale.get(path);
      if (message === undefined) {
        message = compile(fluent, Array.isArray(locales) ? locales : [locale], path);
        if (count < MAX_COMPILED) {
          ofLocale.set(path, message);
          count++;
        }
      }
      return message;
    };
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

/**
 * ctx.t for an update, as @grammyjs/i18n's middleware sets it up (same `ctx.i18n`, same locale: the
 * one load-chat decided, `ctx.language`), without its per-update async steps and the copy of the
 * variables each `t` call made (bench P1: ≈ 20 µs and a dozen objects per update). The locale is
 * negotiated again only when asked (`renegotiateLocale`, after a language switch).
 */
export function translations(i18n: I18n<FlowContext>, defaultLanguage: Language) {
  const fluent = i18n.fluent;
  const negotiated = (ctx: FlowContext): string =>
    ctx.language ?? ctx.from?.language_code ?? defaultLanguage;
  return (ctx: FlowContext, next: NextFunction): Promise<void> => {
    let translate = localeTranslator(fluent, negotiated(ctx));
    const useLocale = (chosen: string) => void (translate = localeTranslator(fluent, chosen));
    Object.defineProperty(ctx, "i18n", {
      value: {
        fluent,
        useLocale,
        renegotiateLocale: () => Promise.resolve(useLocale(negotiated(ctx))),
        getLocale: () => Promise.resolve(negotiated(ctx)),
        setLocale: () =>
          Promise.reject(new Error("ctx.i18n.setLocale needs sessions: use useLocale")),
      },
      writable: true,
    });
    ctx.translate = (key, variables) => translate(key, variables);
    ctx.t = ctx.translate;
    return next();
  };
}

/** Maps Telegram's `language_code` (e.g. "uk", "ru-RU", "en-GB") to a supported language. */
export function languageFromTelegram(code: string | undefined, fallback: Language): Language {
  const base = code?.toLowerCase().split("-")[0];
  return (LANGUAGES as readonly string[]).includes(base ?? "") ? (base as Language) : fallback;
}

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  ru: "Русский",
  uk: "Українська",
};
