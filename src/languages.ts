/**
 * The languages the bot speaks: a leaf (it imports nothing), so config, storage, the exchanger side
 * and the bot can all name a language without importing each other.
 */
export const LANGUAGES = ["en", "ru", "uk"] as const;
export type Language = (typeof LANGUAGES)[number];
