/**
 * Adding a card in 3 taps from /menu (⋯ More, ➕ Add details, the card's currency), and a payment
 * detail's value checked for what its currency takes where the currency list says (issue: a saved
 * wallet detail accepted "x"): a card currency wants a card number (digits, Luhn), a crypto currency an
 * address-like word; anything else is asked again, in the user's language, and nothing is saved.
 */
import { describe, expect, it } from "vitest";
import { harnessPerTest } from "../../../harness/per-test.js";

const CREATE = "/user-api-create-details";

describe("adding a payment detail", () => {
  const harness = harnessPerTest();

  it("a card in 3 taps from /menu; a wrong card number or a word is asked again (en, ru, uk)", async () => {
    const h = harness();
    for (const [languageCode, add, notCard] of [
      ["en", "➕ Add details", "does not look like a card number"],
      ["ru", "➕ Добавить реквизиты", "не похоже на номер карты"],
      ["uk", "➕ Додати реквізити", "не схоже на номер картки"],
    ] as const) {
      const user = await h.linkedUser("main", { languageCode });
      await user.send("/menu");
      await user.press(/^⋯/); // 1
      await user.press(add); // 2
      await user.press("Visa/Mastercard UAH"); // 3
      // Three taps, and the next thing is typing the card number.
      expect(user.lastText()).toContain("Visa/Mastercard UAH");
      const saved = h.exchangerCalls(CREATE).length;
      for (const wrong of ["x", "4111 1111 1111 1112", "12345"]) {
        await user.send(wrong);
        expect(user.lastText(), wrong).toContain(notCard);
      }
      expect(h.exchangerCalls(CREATE)).toHaveLength(saved);
      await user.send("4111 1111 1111 1111");
      expect(h.exchangerCalls(CREATE)).toHaveLength(saved + 1);
      expect(h.exchangerCalls(CREATE).at(-1)!.fields.value).toBe("4111 1111 1111 1111");
      expect(user.transcript()).toContain("411111******1111");
    }
  });

  it("a crypto currency wants an address; a currency the list does not type takes any value", async () => {
    const h = harness();
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("➕ Add");
    await user.press("Bitcoin");
    for (const wrong of ["x", "мій гаманець", "12345"]) {
      await user.send(wrong);
      expect(user.lastText(), wrong).toContain("does not look like a Bitcoin address");
    }
    expect(h.exchangerCalls(CREATE)).toHaveLength(0);
    await user.send("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    expect(h.exchangerCalls(CREATE)).toHaveLength(1);

    await user.press("➕ Add");
    await user.send("payeer");
    await user.press("Payeer USD"); // an e-wallet: the list says nothing of its shape
    await user.send("P1234567");
    expect(h.exchangerCalls(CREATE)).toHaveLength(2);
  });
});
