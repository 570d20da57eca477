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
import { LANGUAGES, type Language } from "../config.js";
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
 * chips, status labels, and per order its number and words, whose variables are plain strings and
 * numbers. So texts are kept:
 * - without variables, per language and message (bounded by the messages the bot's code names, ×3
 *   languages; the cap is a guard, not a policy);
 * - with only string and number variables, in a bounded least-recently-used cache keyed by language,
 *   message and values (order numbers and amounts are many, a page shows few of them again and again).
 * Any other variable (a Date, an object) is formatted as before. A missing message is never kept (its
 * warning still fires).
 */
function cacheTexts(fluent: object): void {
  type Translate = (
    locales: string | string[],
    path: string,
    context?: Record<string, unknown>,
  ) => string;
  const target = fluent as { translate?: Translate };
  const translate = target.translate;
  if (typeof translate !== "function") return;
  /** Locale → message → text (no key string built per call). */
  const texts = new Map<string, Map<string, string>>();
  const withValues = new LRUCache<string, string>({ max: 5_000 });
  let count = 0;
  const formatted = (locales: string | string[], path: string, context?: Record<string, unknown>) =>
    translate.call(fluent, locales, path, context);
  const missing = (path: string, text: string) => text === `{${path}}`;
  target.translate = (locales, path, context) => {
    const locale = Array.isArray(locales) ? locales.join("\n") : locales;
    const values = context === undefined ? "" : plainValues(context);
    if (values === undefined) return formatted(locales, path, context);
    if (values !== "") {
      const key = `${locale}\u0000${path}\u0000${values}`;
      let text = withValues.get(key);
      if (text === undefined) {
        text = formatted(locales, path, context);
        if (!missing(path, text)) withValues.set(key, text);
      }
      return text;
    }
    let ofLocale = texts.get(locale);
    if (ofLocale === undefined) texts.set(locale, (ofLocale = new Map()));
    let text = ofLocale.get(path);
    if (text === undefined) {
      text = formatted(locales, path, context);
      if (!missing(path, text) && count < 10_000) {
        ofLocale.set(path, text);
        count++;
      }
    }
    return text;
  };
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
    let locale = negotiated(ctx);
    const useLocale = (chosen: string) => void (locale = chosen);
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
    ctx.translate = (key, variables) => fluent.translate(locale, key, variables);
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
