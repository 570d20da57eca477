/**
 * The field-name dictionary: one label per field name and screen, in every language; and what a
 * ru/uk reader sees — the account, an order, a referral's order, /verify, a direction, the currencies,
 * the status, the referral program and the saved fields — carries no English label the dictionary
 * knows, nor the English humanized form of a name it knows ("Discount percent", "Settings").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.js";
import { fieldLabel } from "../../../src/bot/ui/field-names.js";
import { fieldMessage, fieldMessages, knownFieldNames } from "../../../src/field-names.js";
import { humanizeKey } from "../../../src/bot/ui/html.js";
import { Harness } from "../../harness/harness.js";

const i18n = createI18n("en");
const translator = (lang: "en" | "ru" | "uk") => ({ t: (key: string) => i18n.t(lang, key) });
const en = translator("en");

describe("field-name dictionary", () => {
  it("has a label for every field message in en, ru and uk", () => {
    expect(fieldMessages().length).toBeGreaterThan(50);
    for (const lang of ["en", "ru", "uk"] as const)
      for (const id of fieldMessages()) expect(i18n.t(lang, id), `${lang} ${id}`).not.toBe(id);
  });

  it("names one field differently where it means something else; camelCase is the same name; unknown ones humanized", () => {
    expect(fieldLabel(en, "id", "account")).toBe("Account number");
    expect(fieldLabel(en, "id", "verification")).toBe("Request number");
    expect(fieldLabel(en, "created_at", "account")).toBe("Registered");
    expect(fieldLabel(en, "created_at", "order")).toBe("Created");
    expect(fieldLabel(translator("uk"), "createdAt", "verification")).toBe("Дата подання");
    // The percentage is the value's (ui/field-values.ts), not the label's.
    expect(fieldLabel(translator("ru"), "discount_percent")).toBe("Скидка");
    expect(fieldLabel(translator("ru"), "name", "account")).toBe("Имя");
    expect(fieldLabel(translator("ru"), "name", "direction")).toBe("Название");
    expect(fieldLabel(translator("ru"), "preferred_currency", "account")).toBe(
      "Предпочитаемая валюта",
    );
    expect(fieldLabel(translator("ru"), "favourite_colour", "account")).toBe("Favourite colour");
    expect(fieldMessage("favourite_colour")).toBeUndefined();
    // Names from a hostile server that are properties of every object are unknown names too.
    expect(fieldLabel(en, "constructor", "account")).toBe("Constructor");
    expect(fieldLabel(en, "__proto__")).toBe("Proto");
  });
});

/** English labels a ru/uk screen must not show: the dictionary's, and the humanized known names. */
const lower = (labels: string[]): Set<string> =>
  new Set(labels.map((label) => label.toLowerCase()));
const SAME_IN_ALL = lower(fieldMessages().flatMap((id) => [i18n.t("ru", id), i18n.t("uk", id)])); // "E-mail"
const ENGLISH = new Set(
  [
    ...lower([
      ...fieldMessages().map((id) => i18n.t("en", id)),
      ...knownFieldNames().map(humanizeKey),
    ]),
  ].filter((l) => !SAME_IN_ALL.has(l)),
);

/** "Label: value" pieces of a screen: at a line's start, after "·", ";", "(" or another label (nested values). */
function labelsOf(text: string): string[] {
  return [...text.matchAll(/(?<=^|\n|; |\(|· |: )([^\n:;()·•]{1,40}?): /g)].map((m) =>
    m[1]!.replace(/^[^\p{L}]+/u, "").trim(),
  );
}

describe("ru and uk screens show no English field labels", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start();
    // Fields real servers send beyond the sandbox's: the ones the issue saw in English.
    const main = h.sandbox.state.accounts.main!;
    Object.assign(main.profile, {
      discount_percent: "5",
      settings: { language: "uk", notifications: 1 },
      referral_reward: "1.20",
    });
    main.orders.at(-1)!.inputs = { "11": "5375 4141 2222 9876" };
    Object.assign(h.sandbox.state.directions[1]!, {
      processing_time: "15 min",
      need_verification: true,
      description: "Manual",
    });
  });
  afterAll(async () => {
    await h.close();
  });

  for (const lang of ["ru", "uk"] as const) {
    it(`${lang}: account, orders, referral order, verification, directions, currencies, status, referral program, saved fields`, async () => {
      const user = await h.linkedUser("main", { languageCode: lang });
      const screens: string[] = [];
      const look = async (step: () => Promise<unknown>) => {
        await step();
        screens.push(user.lastText());
      };
      await look(() => user.send("/account"));
      await look(() => user.send(`/order ${h.sandbox.state.accounts.main!.orders.at(-1)!.id}`));
      await look(() => user.send("/referrals"));
      await look(() => user.press(/№\d+$/));
      await look(() => user.send("/verify"));
      await look(() => user.send("/directions"));
      await user.press("Tether TRC20");
      await look(() => user.press("→ Visa/Mastercard UAH"));
      await look(() => user.send("/currencies"));
      await look(() => user.send("/status"));
      await look(() => user.send("/referral"));
      await look(() => user.send("/inputs"));

      const labels = screens.flatMap(labelsOf);
      expect(labels.filter((label) => ENGLISH.has(label.toLowerCase()))).toEqual([]);
      // The screens were really read: their localized labels are there.
      expect(labels.length).toBeGreaterThan(40);
      expect(labels).toContain(i18n.t(lang, "field-discount-percent"));
      expect(labels).toContain(i18n.t(lang, "field-settings"));
      // Inside a value too: "Настройки: Язык: uk; Уведомления: ✓".
      expect(labels).toContain(i18n.t(lang, "field-language"));
      expect(labels).toContain(i18n.t(lang, "field-notifications"));
      expect(labels).toContain(i18n.t(lang, "field-referral-reward"));
      // A nested object on an order card is shown field by field, each under its parent's label: "Поля формы · 11: …".
      expect(
        screens.some((screen) => screen.includes(`${i18n.t(lang, "field-inputs")} · 11: `)),
      ).toBe(true);
    });
  }
});
