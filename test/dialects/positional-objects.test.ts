/**
 * The `positional` sandbox dialect writes every object as an array, not only the lists the filters
 * teach: the verification request, the saved exchange fields, the currencies, the status and the
 * referral program. Through the real bot: what the server's own answers confirm is read and labelled
 * (a submission's values coming back, the directions map's ids, status words); what nothing confirms
 * is counted and said, never guessed at; the extra reads are counted (once per server, not per chat,
 * screen or instance).
 */
import { afterEach, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/languages.js";
import { DIALECTS } from "../../src/sandbox/dialect.js";
import { Harness } from "../harness/harness.js";
import { harnessPerTest } from "../harness/per-test.js";
import type { SimUser } from "../harness/user.js";

const VERIFY = "/user-api-get-verification";
const SUBMIT = "/user-api-submit-verification";

const UNPLACED = {
  en: /Values in the exchanger's answer I cannot name with certainty: (\d+)\./,
  ru: /Значений в ответе обменника, которые я не могу уверенно назвать: (\d+)\./,
  uk: /Значень у відповіді обмінника, які я не можу напевно назвати: (\d+)\./,
} as const;

const unplacedCount = (text: string, lang: keyof typeof UNPLACED = "en") =>
  Number(UNPLACED[lang].exec(text)?.[1] ?? 0);

describe("verification on a positional server", () => {
  // http: the Telegram fake serves its file route over loopback, so the real photo downloader runs.
  const harness = harnessPerTest({ dialect: "positional", http: true });

  it.each(LANGUAGES)(
    "before any submission: the status by its words and the dates, the other values counted and not shown (%s)",
    async (lang) => {
      const h = harness();
      const user = await h.linkedUser("main", { languageCode: lang });
      await user.send("/verify");
      const text = user.lastText();
      const approved = { en: "✅ Approved", ru: "✅ Одобрен", uk: "✅ Схвалено" }[lang];
      expect(text).toContain(approved);
      expect(unplacedCount(text, lang)).toBeGreaterThan(0);
      // Which value is the first name or the card number nothing says: none is shown under a guess.
      expect(text).not.toMatch(/Ivan|Petrenko|4149|Field|Поле/);
      if (lang === "en") expect(text).toContain("Submitted: Nov 2, 2024, 14:05 UTC");
    },
  );

  /** The card form, a photo, Submit: the submission's answer teaches the layout. */
  async function submitCard(user: SimUser) {
    await user.send("/verify");
    await user.press("📤 Submit verification");
    await user.press("💳 Bank card");
    await user.send("4111 1111 1111 1111");
    await user.send("Ivan");
    await user.send("Petrenko");
    await user.sendPhoto({ size: 50_000 });
    await user.press("✅ Done (1 photo)");
    await user.press("📤 Submit");
  }

  it("a card submitted with a photo: one multipart call, and the request read back labelled, masked", async () => {
    const h = harness();
    h.sandbox.state.accounts.main!.verification!.status = "rejected";
    const user = await h.linkedUser("main");
    await submitCard(user);
    const submits = h.exchangerCalls(SUBMIT);
    expect(submits).toHaveLength(1);
    expect(submits[0]!.contentType).toMatch(/^multipart\/form-data/);
    expect(submits[0]!.files).toHaveLength(1);
    const result = user.lastText();
    expect(result).toContain("Your verification request was sent");
    expect(result).toContain("Status: ⏳ Under review");
    expect(result).toContain("Card number: 4111 **** **** 1111");
    expect(result).toContain("First name: Ivan");
    expect(result).toContain("Last name: Petrenko");
    expect(result).not.toContain("4111111111111111");
  });

  it("the layout learned from one chat's submission labels every chat's request, after a restart too, at no extra read", async () => {
    const h = harness();
    h.sandbox.state.accounts.main!.verification!.status = "rejected";
    await submitCard(await h.linkedUser("main"));
    const reads = () => h.exchangerCalls(VERIFY).length;

    const other = await h.linkedUser("twofa");
    const before = reads();
    await other.send("/verify");
    expect(reads() - before).toBe(1); // the screen's own read, nothing learned per chat
    expect(other.lastText()).toContain("First name: Olena");
    expect(other.lastText()).toContain("Card number: 5168 **** **** 4321");
    expect(other.lastText()).toContain("Status: ❌ Rejected");

    await h.restart(); // a new instance on the same store
    const again = await h.linkedUser("twofa");
    const since = reads();
    await again.send("/verify");
    expect(reads() - since).toBe(1);
    expect(again.lastText()).toContain("Last name: Kovalenko");
  });
});

describe("verification layouts across running instances", () => {
  let a: Harness;
  let b: Harness | undefined;
  afterEach(async () => {
    await b?.close();
    await a.close();
  });

  it("an instance that read a request before another's submission picks up the taught layout from the store", async () => {
    a = await Harness.start({ dialect: "positional", http: true });
    b = await Harness.start({ sandbox: a.sandbox, prefix: a.prefix });
    const early = await b.linkedUser("twofa", { id: 900_001 });
    await early.send("/verify");
    expect(early.lastText()).not.toContain("Olena");

    a.sandbox.state.accounts.main!.verification!.status = "rejected";
    const user = await a.linkedUser("main");
    await user.send("/verify");
    await user.press("📤 Submit verification");
    await user.press("💳 Bank card");
    await user.send("4111 1111 1111 1111");
    await user.send("Ivan");
    await user.send("Petrenko");
    await user.sendPhoto({ size: 50_000 });
    await user.press("✅ Done (1 photo)");
    await user.press("📤 Submit");
    expect(user.lastText()).toContain("First name: Ivan");

    await early.send("/verify");
    expect(early.lastText()).toContain("First name: Olena");
    expect(early.lastText()).toContain("Last name: Kovalenko");
  });
});

describe("public objects and saved fields on a positional server", () => {
  const harness = harnessPerTest({ dialect: "positional" });

  it("currencies as arrays: the id confirmed by the directions map, one extra read per server", async () => {
    const h = harness();
    /** The same screens in three languages, several chats and two instances; the map reads they cost. */
    async function mapReads(server: Harness): Promise<number> {
      for (const lang of LANGUAGES) {
        await server.user({ languageCode: lang }).send("/currencies");
        await server.user({ languageCode: lang }).send("/directions");
      }
      await server.restart(); // another instance on the same store
      await server.user().send("/currencies");
      await server.user({ languageCode: "uk" }).send("/currencies");
      return server.exchangerCalls("/public-api-get-exchanges").length;
    }
    const named = await Harness.start({ dialect: "spec" });
    try {
      const user = h.user();
      await user.send("/currencies");
      expect(user.lastText()).toContain("\nBitcoin\nReserve: 3.51204118 Bitcoin");
      expect(user.lastText()).not.toMatch(/#\d|\bBTC\b/);
      await named.user().send("/currencies");
      // Exactly one read of the directions map more than a server of named currencies costs.
      expect((await mapReads(h)) - (await mapReads(named))).toBe(1);
    } finally {
      await named.close();
    }
  });

  it("saved fields as [value, id] rows: named from the direction cards, masked, the same as a named server", async () => {
    const h = harness();
    const named = await Harness.start({ dialect: "spec" });
    try {
      for (const lang of LANGUAGES) {
        const here = await h.linkedUser("main", { languageCode: lang });
        const there = await named.linkedUser("main", { languageCode: lang });
        await here.send("/inputs");
        await there.send("/inputs");
        expect(here.lastText()).toBe(there.lastText());
      }
    } finally {
      await named.close();
    }
  });

  it("saved fields whose values are themselves field ids: which column is the field's id is said not to be known", async () => {
    const h = harness();
    // Both columns hold ids of the directions' fields: nothing tells which one names the field.
    h.sandbox.state.accounts.main!.inputs = { "11": "12", "12": "11" };
    for (const lang of LANGUAGES) {
      const user = await h.linkedUser("main", { languageCode: lang });
      await user.send("/inputs");
      expect(unplacedCount(user.lastText(), lang)).toBe(2);
      expect(user.lastText()).not.toMatch(/Card number|Номер карт|Field|Поле/);
    }
  });
});

describe("directions as arrays on a positional server", () => {
  const directions = harnessPerTest({
    dialect: { ...DIALECTS.positional, positionalDirections: true },
  });

  it.each(LANGUAGES)(
    "a direction as an array: currencies and fields read, the rate never guessed, no exchange calculated from it (%s)",
    async (lang) => {
      const h = directions();
      const user = await h.linkedUser("main", { languageCode: lang });
      await user.send("/directions");
      await user.press("Tether TRC20");
      await user.press("→ Visa/Mastercard UAH");
      const card = user.lastText();
      expect(card).toContain("Tether TRC20 → Visa/Mastercard UAH");
      expect(unplacedCount(card, lang)).toBeGreaterThan(0);
      expect(card).not.toContain("40.85");
      const field = { en: "• Card number", ru: "• Номер карты", uk: "• Номер картки" }[lang];
      expect(card).toContain(field);
      await user.press(/^💱/);
      const refused = {
        en: "I cannot read the rate and limits of Tether TRC20 → Visa/Mastercard UAH",
        ru: "Я не могу с уверенностью прочитать курс и лимиты Tether TRC20 → Visa/Mastercard UAH",
        uk: "Я не можу напевно прочитати курс і ліміти Tether TRC20 → Visa/Mastercard UAH",
      }[lang];
      expect(user.lastText()).toContain(refused);
      expect(h.exchangerCalls("/private-api-create-order")).toHaveLength(0);
    },
  );
});
