/**
 * Translations (src/bot/i18n.ts): texts are kept per language, message and (plain) variable values, so
 * the answers must stay exactly what Fluent formats — per language, per bot (operator overrides), per
 * value and its type.
 */
import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";

describe("translations", () => {
  it("a text without variables is the same as Fluent formats it, in each language, every time", () => {
    const i18n = createI18n("en");
    for (const lang of ["en", "ru", "uk"]) {
      // A variable that is not a plain string or number takes the uncached path through Fluent.
      const formatted = i18n.t(lang, "button-expired", { unused: new Date(0) });
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

  it("a missing message still shows its id, every time", () => {
    const i18n = createI18n("en");
    expect(i18n.t("en", "no-such-message")).toBe("{no-such-message}");
    expect(i18n.t("en", "no-such-message")).toBe("{no-such-message}");
  });
});
