/** The /verify screen in every language: numbers masked, photos counted, labels localized, protected. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";

const CARD = "4111111111111111";
const PASSPORT = "FE1234567";

/** What a server may hold: a full card number, a document number, photos as file records, no status. */
const REQUEST = {
  status: "none",
  type: "card",
  card_number: CARD,
  id_number: PASSPORT,
  first_name: "Ivan",
  photos: [
    { name: "photo-1.jpg", size: 50_004 },
    { name: "photo-2.jpg", size: 61_230 },
  ],
};

const EXPECTED = {
  en: {
    status: "Status: 📭 Not submitted",
    card: "Card number: 411111******1111",
    doc: "Document number: ******567",
    photos: "Photos: 2",
  },
  ru: {
    status: "Статус: 📭 Не подан",
    card: "Номер карты: 411111******1111",
    doc: "Номер документа: ******567",
    photos: "Фото: 2",
  },
  uk: {
    status: "Статус: 📭 Не подано",
    card: "Номер картки: 411111******1111",
    doc: "Номер документа: ******567",
    photos: "Фото: 2",
  },
} as const;

/** English labels that must not appear on ru/uk screens. */
const ENGLISH = [
  "Status",
  "Card number",
  "Document number",
  "First name",
  "Photos",
  "Kind",
  "none",
  "Name:",
  "Size:",
];

describe("/verify screen, en/ru/uk", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  for (const lang of ["en", "ru", "uk"] as const) {
    it(`${lang}: never the full card or document number, photos as a count, localized, protected`, async () => {
      const user = await h.linkedUser("empty", { languageCode: lang });
      h.sandbox.state.accounts.empty!.verification = structuredClone(REQUEST);
      await user.send("/verify");
      const screen = user.lastBotMessage();
      expect(screen.protectContent).toBe(true);
      const text = screen.text;
      expect(text).not.toContain(CARD);
      expect(text).not.toContain(PASSPORT);
      expect(text).not.toContain("photo-1.jpg");
      expect(text).not.toContain("50004");
      const want = EXPECTED[lang];
      for (const line of Object.values(want)) expect(text).toContain(line);
      if (lang !== "en") for (const word of ENGLISH) expect(text).not.toContain(word);

      // Refreshing keeps it protected and masked (edited in place).
      await user.press(/🔄/);
      expect(user.lastBotMessage().messageId).toBe(screen.messageId);
      expect(user.lastBotMessage().protectContent).toBe(true);
      expect(user.lastText()).not.toContain(CARD);
    });
  }

  it("a short card number is masked more, never shown whole", async () => {
    const user = await h.linkedUser("empty");
    h.sandbox.state.accounts.empty!.verification = { status: "pending", card_number: "12345678" };
    await user.send("/verify");
    expect(user.lastText()).toContain("Card number: ******78");
    expect(user.lastText()).toContain("Status: ⏳ Under review");
  });

  it("the summary before submitting is protected and masked", async () => {
    const user = await h.linkedUser("empty");
    await user.send("/verify");
    await user.press("📤 Submit verification");
    await user.press("💳 Bank card");
    await user.send("4111 1111 1111 1111");
    await user.send("Ivan");
    await user.send("Petrenko");
    await user.sendPhoto({ size: 40_000 });
    await user.press("✅ Done (1 photo)");
    const summary = user.lastBotMessage();
    expect(summary.protectContent).toBe(true);
    expect(summary.text).toContain("411111******1111");
    expect(summary.text).not.toContain("4111111111111111");
  });

  it("no Submit verification while under review or approved; an old Submit button says why (en, ru, uk)", async () => {
    const toasts = {
      en: { pending: "under review", approved: "is approved" },
      ru: { pending: "на проверке", approved: "одобрена" },
      uk: { pending: "на перевірці", approved: "схвалено" },
    } as const;
    for (const lang of ["en", "ru", "uk"] as const) {
      const user = await h.linkedUser("empty", { languageCode: lang });
      h.sandbox.state.accounts.empty!.verification = { ...REQUEST, status: "rejected" };
      await user.send("/verify");
      const old = user.findButton(/^📤 /);
      for (const status of ["pending", "approved"] as const) {
        h.sandbox.state.accounts.empty!.verification = { ...REQUEST, status };
        await user.send("/verify");
        expect(() => user.findButton(/^📤 /, user.lastBotMessage().messageId)).toThrow();
        const calls = await user.pressData(old.data, old.message.messageId);
        const toast = String(calls.find((c) => c.method === "answerCallbackQuery")!.payload.text);
        expect(toast).toContain(toasts[lang][status]);
        // No form was started: the old screen now shows the request as it is, without the button.
        expect(user.lastText()).not.toMatch(/send|отправ|надішл/i);
      }
    }
  });
});
