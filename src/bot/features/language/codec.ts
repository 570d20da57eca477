/** Callback data of the language picker: lang:<code>, one of the shipped languages. */
import { LANGUAGES, type Language } from "../../../languages.js";
import { callbackData, oneOf } from "../../ui/callback-data.js";

export const LANGUAGE_MENU = "lang:menu";
export const chooseLanguage = callbackData("lang", { lang: oneOf<Language>(LANGUAGES) });
