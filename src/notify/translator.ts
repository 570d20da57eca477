/** The texts of one language, for what the background side sends (it has no update to take them from). */
import type { I18n } from "@grammyjs/i18n";
import type { Language } from "../languages.js";
import type { FlowContext, Translator } from "../bot/context.js";

export function translatorFor(i18n: I18n<FlowContext>, language: Language): Translator {
  return {
    t: ((key: string, variables?: Parameters<Translator["t"]>[1]) =>
      i18n.t(language, key, variables)) as Translator["t"],
  };
}
