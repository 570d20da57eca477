/**
 * Fluent translations. Each feature owns `locales/<lang>/<feature>.ftl`; the files of one language
 * form one bundle. A test keeps the key sets of en, ru and uk identical. The operator's overrides
 * (LOCALES_DIR, checked by text-overrides.ts) come after the bot's own messages of that language, so
 * Fluent's allowOverrides makes them win.
 */
import { I18n } from "@grammyjs/i18n";
import type { NextFunction } from "grammy";
import { fileURLToPath } from "node:url";
import { LANGUAGES, type Language } from "../languages.js";
import type { FlowContext, TextOverrides } from "./context.js";
import { readLocaleSources } from "./text-overrides.js";
import { FAST_TRANSLATIONS, installFastPath, localeTranslator } from "../runtime/translate.js";

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
  installFastPath(i18n.fluent);
  return i18n;
}

/**
 * ctx.t for an update, as @grammyjs/i18n's middleware sets it up (same `ctx.i18n`, same locale: the
 * one load-chat decided, `ctx.language`), without its per-update async steps and the copy of the
 * variables each `t` call made; part of the translation fast path (runtime/translate.ts), so with its
 * switch off @grammyjs/i18n's own middleware runs instead. The locale is negotiated again only when
 * asked (`renegotiateLocale`, after a language switch).
 */
export function translations(i18n: I18n<FlowContext>, defaultLanguage: Language) {
  if (!FAST_TRANSLATIONS) {
    const library = i18n.middleware();
    return async (ctx: FlowContext, next: NextFunction): Promise<void> => {
      await library(ctx, next);
    };
  }
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
