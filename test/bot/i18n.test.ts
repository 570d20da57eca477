/**
 * Translations (src/bot/i18n.ts): texts are kept per language, message and (plain) variable values, so
 * the answers must stay exactly what Fluent formats — per language, per bot (operator overrides), per
 * value and its type.
 */
import { FluentResource } from "@fluent/bundle";
import { I18n } from "@grammyjs/i18n";
import { describe, expect, it } from "vitest";
import { createI18n, LOCALES_DIR } from "../../src/bot/i18n.js";
import { readLocaleSources } from "../../src/bot/text-overrides.js";

const LANGS = ["en", "ru", "uk"] as const;

/** Fluent as @grammyjs/i18n formats it, with the bot's bundle options and nothing kept or compiled. */
function plainFluent(overrides: Partial<Record<(typeof LANGS)[number], string>> = {}) {
  const i18n = new I18n({ defaultLocale: "en", fluentBundleOptions: { useIsolating: false } });
  const sources = readLocaleSources(LOCALES_DIR);
  for (const lang of LANGS)
    i18n.loadLocaleSync(lang, {
      source:
        overrides[lang] === undefined ? sources[lang] : `${sources[lang]}\n${overrides[lang]}`,
    });
  return i18n;
}

/** Every message and attribute of a language, with the names of the variables it uses anywhere. */
function messagesOf(source: string): { path: string; names: string[] }[] {
  const names = (pattern: unknown): string[] =>
    [...JSON.stringify(pattern).matchAll(/"type":"var","name":"([^"]+)"/g)].map((m) => m[1]!);
  return new FluentResource(source).body
    .filter((entry) => !entry.id.startsWith("-"))
    .flatMap((entry) => [
      ...(entry.value === null ? [] : [{ path: entry.id, names: names(entry.value) }]),
      ...Object.entries(entry.attributes).map(([attribute, pattern]) => ({
        path: `${entry.id}.${attribute}`,
        names: names(pattern),
      })),
    ]);
}

/** String values a variable may hold: markup, entities, emoji, right-to-left, empty, very long. */
const STRING_VALUES = ["#1041", "<b>&amp;</b>", "💰 Тест", "\u202eabc", "", "x".repeat(3000)];

describe("translations", () => {
  it("a text without variables is the same as Fluent formats it, in each language, every time", () => {
    const i18n = createI18n("en");
    const reference = plainFluent();
    for (const lang of LANGS) {
      const formatted = reference.t(lang, "button-expired");
      expect(i18n.t(lang, "button-expired")).toBe(formatted);
      expect(i18n.t(lang, "button-expired")).toBe(formatted);
    }
    expect(i18n.t("en", "button-expired")).toBe("This button has expired.");
    expect(i18n.t("uk", "button-expired")).toBe("Ця кнопка застаріла.");
    expect(i18n.t("ru", "button-expired")).toBe("Эта кнопка устарела.");
  });

  it("a message with variables shows each call's values", () => {
    const i18n = createI18n("en");
    expect(i18n.t("en", "orders-not-found", { query: "#1" })).toMatch(/Order #1 was not found/);
    expect(i18n.t("en", "orders-not-found", { query: "#2" })).toMatch(/Order #2 was not found/);
  });

  it("a kept text with variables stays per language, value and type", () => {
    const i18n = createI18n("en");
    const fresh = createI18n("en"); // nothing kept yet: Fluent's own answer each time
    for (let round = 0; round < 2; round++)
      for (const lang of ["en", "ru", "uk"])
        for (const total of [1234567, 7, "1234567", "<b>"])
          expect(i18n.t(lang, "orders-total", { total })).toBe(
            createI18n("en").t(lang, "orders-total", { total }),
          );
    // Numbers are formatted in the reader's language; the same digits as text are not.
    expect(i18n.t("en", "orders-total", { total: 1234567 })).toContain("1,234,567");
    expect(i18n.t("ru", "orders-total", { total: 1234567 })).not.toContain("1,234,567");
    expect(i18n.t("en", "orders-total", { total: "1234567" })).toContain("1234567");
    expect(fresh.t("en", "orders-total", { total: 7 })).toBe(
      i18n.t("en", "orders-total", { total: 7 }),
    );
  });

  it("each bot keeps its own texts: an operator's override changes one bot, not another", () => {
    const plain = createI18n("en");
    expect(plain.t("en", "btn-back")).toBe("◀ Back");
    const overridden = createI18n("en", { en: "btn-back = Go back" });
    expect(overridden.t("en", "btn-back")).toBe("Go back");
    expect(plain.t("en", "btn-back")).toBe("◀ Back");
    expect(overridden.t("uk", "btn-back")).toBe("◀ Назад");
  });

  it("every message in every language reads exactly as Fluent formats it, with any string or number values", () => {
    const ours = createI18n("en");
    const reference = plainFluent();
    const sources = readLocaleSources(LOCALES_DIR);
    for (const lang of LANGS)
      for (const { path, names } of messagesOf(sources[lang]))
        for (const value of [...STRING_VALUES, 0, 1, 5, 1234567.5]) {
          const context = Object.fromEntries(names.map((name) => [name, value]));
          const expected = (() => {
            try {
              return reference.t(lang, path, context);
            } catch (error) {
              return error instanceof Error ? error.message : String(error);
            }
          })();
          for (let call = 0; call < 2; call++)
            expect(
              (() => {
                try {
                  return ours.t(lang, path, context);
                } catch (error) {
                  return error instanceof Error ? error.message : String(error);
                }
              })(),
              `${lang} ${path} ${JSON.stringify(value).slice(0, 20)}`,
            ).toBe(expected);
        }
  });

  it("an operator's message with a term, a selector or a missing variable still reads as Fluent says", () => {
    const override = [
      "-brand = Exchanger",
      "btn-back = Back to { -brand }",
      "orders-number = { $id ->\n    [x] the x order\n   *[other] order { $id }\n}",
    ].join("\n");
    const ours = createI18n("en", { en: override });
    const reference = plainFluent({ en: override });
    for (const [path, context] of [
      ["btn-back", undefined],
      ["orders-number", { id: "x" }],
      ["orders-number", { id: "1041" }],
    ] as const)
      expect(ours.t("en", path, context)).toBe(reference.t("en", path, context));
    expect(() => ours.t("en", "orders-total", {})).toThrow(/Unknown variable/);
  });

  it("a message of text and string variables is filled in without Fluent once compiled", () => {
    const i18n = createI18n("en");
    const bundles = [...(i18n.fluent as unknown as { bundles: Set<object> }).bundles] as {
      formatPattern: (...args: unknown[]) => string;
    }[];
    let fluentCalls = 0;
    for (const bundle of bundles) {
      const format = bundle.formatPattern.bind(bundle);
      bundle.formatPattern = (...args) => (fluentCalls++, format(...args));
    }
    expect(i18n.t("ru", "orders-status-other", { status: "hold" })).toBe("Другой статус (hold)");
    const afterFirst = fluentCalls;
    expect(i18n.t("ru", "orders-status-other", { status: "new" })).toBe("Другой статус (new)");
    expect(i18n.t("ru", "orders-title")).toBe(i18n.t("ru", "orders-title"));
    i18n.t("ru", "orders-title");
    expect(fluentCalls - afterFirst).toBe(1); // orders-title's own first call
  });

  it("a list of languages reads as Fluent negotiates it", () => {
    const ours = createI18n("en").fluent;
    const reference = plainFluent().fluent;
    for (const locales of [["uk", "en"], ["de", "ru"], ["xx"]])
      for (const path of ["btn-back", "orders-number", "orders-total"])
        for (let call = 0; call < 2; call++)
          expect(ours.translate(locales, path, { id: "7", total: 7 })).toBe(
            reference.translate(locales, path, { id: "7", total: 7 }),
          );
  });

  it("a missing message still shows its id, every time", () => {
    const i18n = createI18n("en");
    expect(i18n.t("en", "no-such-message")).toBe("{no-such-message}");
    expect(i18n.t("en", "no-such-message")).toBe("{no-such-message}");
  });
});
