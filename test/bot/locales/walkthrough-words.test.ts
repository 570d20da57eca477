/**
 * The ru/uk phrases of a walk-through that read like forms or said something else, reworded by the
 * glossary: the account card's title names the exchanger as a place («Ваш аккаунт в SwapPoint», not
 * «Ваш аккаунт — SwapPoint»: "your account is SwapPoint"), adding payment details is an action, not
 * «Новый реквизит», the identity document is named as people know it, not «Документ личности».
 */
import { describe, expect, it } from "vitest";
import { harnessPerTest } from "../../harness/per-test.js";

describe("walk-through words in ru and uk", () => {
  const harness = harnessPerTest();

  it("the account title, the add-details title and the verification kinds", async () => {
    const h = harness();
    for (const [languageCode, title, add, addTitle, identity, kindLine] of [
      [
        "ru",
        /^👤 Ваш аккаунт в /,
        "➕ Добавить",
        "➕ Добавить реквизиты",
        "🪪 Паспорт, ID-карта",
        "Что проверяем:",
      ],
      [
        "uk",
        /^👤 Ваш акаунт в /,
        "➕ Додати",
        "➕ Додати реквізити",
        "🪪 Паспорт, ID-картка",
        "Що перевіряємо:",
      ],
      [
        "en",
        /^👤 Your account at /,
        "➕ Add",
        "➕ New payment detail",
        "🪪 Identity document",
        "Kind:",
      ],
    ] as const) {
      const user = await h.linkedUser("main", { languageCode });
      await user.send("/account");
      expect(user.lastText()).toMatch(title);
      expect(user.lastText()).not.toMatch(/аккаунт —|акаунт —/);
      await user.send("/details");
      await user.press(add);
      expect(user.lastText().startsWith(addTitle)).toBe(true);
      expect(user.transcript()).not.toMatch(/Новый реквизит|Новий реквізит/);
      await user.send("/cancel");
      await user.send("/verify");
      expect(user.lastText()).toContain(kindLine);
      expect(user.lastText()).not.toMatch(/Вид:/);
      const empty = await h.linkedUser("empty", { languageCode });
      await empty.send("/verify");
      await empty.press(/^📤/);
      const labels = (empty.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat();
      expect(labels.map((b) => b.text)).toContain(identity);
      expect(user.transcript()).not.toMatch(/Документ личности|Документ особи/);
    }
  });
});
