/**
 * Generic numeric fields are written in the reader's language (issue 31): a decimal comma and grouping
 * in ru/uk, as amounts and dates already were — on the account card, the saved fields and the
 * verification screen, whatever field the exchanger sends. Whole numbers (ids, phones, counts) stay
 * as written.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../harness/harness.js";

const CASES = [
  ["en", "Discount: 0.25", "1234.5"],
  ["ru", "Скидка: 0,25", "1\u202f234,5"],
  ["uk", "Знижка: 0,25", "1\u202f234,5"],
] as const;

describe("numbers on generic fields, per language", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  for (const [lang, discount, decimal] of CASES)
    it(`the account card, saved fields and the verification screen (${lang})`, async () => {
      const main = h.sandbox.state.accounts.main!;
      Object.assign(main.profile, { rating: "1234.5" });
      Object.assign(main.inputs, { "98": "1234.5" });
      Object.assign(main.verification!, { score: 1234.5 });
      const user = await h.linkedUser("main", { languageCode: lang });

      await user.send("/account");
      expect(user.lastText()).toContain(discount);
      expect(user.lastText()).toContain(decimal);
      // An id and a phone are not numbers to group.
      expect(user.lastText()).toContain("1024");
      expect(user.lastText()).toContain("+380501234567");

      await user.send("/inputs");
      expect(user.lastText()).toContain(decimal);

      await user.send("/verify");
      expect(user.lastText()).toContain(decimal);
      if (lang !== "en") expect(user.transcript()).not.toContain("1234.5");
    });
});
