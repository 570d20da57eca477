/**
 * Fluent translations. Each feature owns `locales/<lang>/<feature>.ftl`; @grammyjs/i18n merges the
 * files of one language. A test keeps the key sets of en, ru and uk identical.
 */
import { I18n } from "@grammyjs/i18n";
import { fileURLToPath } from "node:url";
import { LANGUAGES, type Language } from "../config.js";
import type { FlowContext } from "./context.js";

export const LOCALES_DIR = fileURLToPath(new URL("./locales", import.meta.url));

export function createI18n(defaultLanguage: Language): I18n<FlowContext> {
  return new I18n<FlowContext>({
    defaultLocale: defaultLanguage,
    directory: LOCALES_DIR,
    useSession: false,
    // Isolation marks (U+2068/U+2069) around variables would end up inside HTML and copied text.
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: (ctx) => ctx.language,
  });
}

/** Maps Telegram's `language_code` (e.g. "uk", "ru-RU", "en-GB") to a supported language. */
export function languageFromTelegram(code: string | undefined, fallback: Language): Language {
  const base = code?.toLowerCase().split("-")[0];
  return (LANGUAGES as readonly string[]).includes(base ?? "") ? (base as Language) : fallback;
}

export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ru: "Русский", uk: "Українська" };
