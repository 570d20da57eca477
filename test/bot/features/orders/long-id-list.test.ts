/**
 * An exchanger whose order ids are 21 digits long, sharing their first 19 (issue: every button read
 * "#9007199254740993123…"): the list shows every number in full, and each button keeps the end of its
 * number, so no two buttons on a page read the same and each opens its own order. Through the real
 * bot, the sandbox and Redis, in en, ru and uk.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";

const PREFIX = "9007199254740993123";
const LANGS = ["en", "ru", "uk"] as const;

/** The card buttons of the last screen: label and data. */
function cardButtons(user: SimUser) {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
    .flat()
    .map((b) => ({ text: b.text, data: (b as { callback_data?: string }).callback_data ?? "" }))
    .filter((b) => b.data.startsWith("ord:c:"));
}

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe.each(LANGS)("orders with 21-digit ids (%s)", (lang) => {
  it("shows each number in full and buttons that tell the orders apart", async () => {
    h = await Harness.start({ env: { ORDERS_PAGE_SIZE: "8" } });
    const orders = h.sandbox.state.accounts.main!.orders;
    // Every order of the account renumbered: 21 digits, the same first 19, in creation order.
    orders.forEach((order, i) => (order.id = `${PREFIX}${String(i + 10).padStart(2, "0")}`));
    const ids = orders.map((o) => String(o.id));
    const user = await h.linkedUser("main", { languageCode: lang });

    await user.send("/orders");
    const number = (id: string) => h.app.i18n.t(lang, "orders-number", { id });
    const text = user.lastText();
    const shown = ids
      .filter((id) => text.includes(number(id)))
      .sort((a, b) => text.indexOf(number(a)) - text.indexOf(number(b)));
    expect(shown).toEqual([...ids].reverse().slice(0, 8));
    const buttons = cardButtons(user);
    expect(buttons).toHaveLength(8);
    expect(new Set(buttons.map((b) => b.text)).size).toBe(8);
    for (const [i, button] of buttons.entries()) {
      // Newest first; the button ends with its order's last digits.
      expect(button.text.endsWith(shown[i]!.slice(-6))).toBe(true);
      expect(button.text).not.toContain(PREFIX);
    }

    const third = buttons[2]!;
    await user.pressData(third.data, user.lastBotMessage().messageId);
    expect(user.lastText()).toContain(number(shown[2]!));
    for (const other of shown.filter((id) => id !== shown[2])) {
      expect(user.lastText()).not.toContain(number(other));
    }
  });
});
