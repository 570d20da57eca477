/**
 * "💳 Pay an order" and /pay without a token: the orders awaiting payment, newest first, one button
 * each opening the pay card, paged like /orders, "Paste a token" last; taps to pay: 3 from /menu, 2
 * from /pay.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";
import type { DialectName } from "../../../../src/sandbox/dialect.js";
import { PAYABLE_STATUS_IDS } from "../../../../src/sandbox/order-status.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Button labels of the newest bot message, row by row. */
const rows = (user: SimUser) =>
  (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).map((row) => row.map((b) => b.text));

/** The account's orders awaiting payment (the sandbox's created and "new"), newest first. */
const payable = (world: Harness, account = "main") =>
  world.sandbox.state.accounts[account]!.orders.filter((o) =>
    PAYABLE_STATUS_IDS.includes(Number(o.status)),
  )
    .sort((a, b) => Number(b.id) - Number(a.id))
    .map((o) => String(o.id));

describe("paying an order awaiting payment, from the list", () => {
  it("3 taps from /menu: Pay an order → the order → ✅ Pay; the list is newest first, one button each, Paste a token last", async () => {
    h = await Harness.start();
    const user = await h.linkedUser("main");
    const ids = payable(h);
    await user.send("/menu");
    await user.press("💳 Pay an order"); // 1
    const list = user.lastText();
    expect(list).toContain("Orders awaiting payment");
    const buttons = rows(user).flat();
    const orderButtons = buttons.filter((b) => b.startsWith("💳 #"));
    expect(orderButtons).toEqual(ids.slice(0, orderButtons.length).map((id) => `💳 #${id}`));
    expect(orderButtons.length).toBeGreaterThan(1);
    // Every listed order awaits payment: nothing paid or completed among them.
    const status = h.exchangerCalls("/user-api-get-orders").at(-1)!.fields.status;
    expect(status).toBe("0");
    expect(buttons.slice(-2)).toEqual(["⌨️ Paste a token", "☰ Menu"]);

    // The newest payable order (1800.00) is more than the balance: pay the newest one that fits.
    const fits = ids
      .slice(0, orderButtons.length)
      .map((id) => h!.sandbox.state.accounts.main!.orders.find((o) => String(o.id) === id)!)
      .find((o) => Number(o.send_amount) < 1500)!;
    await user.press(`💳 #${fits.id}`); // 2
    expect(user.lastText()).toContain(`Pay order #${fits.id} from your balance`);
    await user.press(/^✅ Pay/); // 3
    expect(user.lastText()).toContain(`Order #${fits.id} is paid from your balance`);
    expect(h.exchangerCalls("/user-api-spend-balance")).toHaveLength(1);
  });

  it("2 taps from /pay; the list pages like /orders; Paste a token asks for the token", async () => {
    h = await Harness.start({ env: { ORDERS_PAGE_SIZE: "3" } });
    const user = await h.linkedUser("main");
    const ids = payable(h);
    expect(ids.length).toBeGreaterThan(3);
    await user.send("/pay");
    expect(
      rows(user)
        .flat()
        .filter((b) => b.startsWith("💳 #")),
    ).toEqual(ids.slice(0, 3).map((id) => `💳 #${id}`));
    await user.press("▶");
    expect(
      rows(user)
        .flat()
        .filter((b) => b.startsWith("💳 #")),
    ).toEqual(ids.slice(3, 6).map((id) => `💳 #${id}`));
    const fits = h.sandbox.state.accounts.main!.orders.find(
      (o) => ids.slice(3, 6).includes(String(o.id)) && Number(o.send_amount) < 1500,
    )!;
    await user.send("/pay");
    await user.press("▶");
    await user.press(`💳 #${fits.id}`);
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toContain(`Order #${fits.id} is paid`);

    await user.send("/pay");
    await user.press("⌨️ Paste a token");
    expect(user.lastText()).toMatch(/Send me the token/);
  });

  it("none payable: says so and offers the orders (en, ru, uk)", async () => {
    h = await Harness.start();
    const expected = {
      en: ["None of your orders awaits payment", "📋 Orders"],
      ru: ["Ни одна из ваших заявок не ожидает оплаты", "📋 Заявки"],
      uk: ["Жодна з ваших заявок не очікує оплати", "📋 Заявки"],
    } as const;
    for (const [languageCode, [text, button]] of Object.entries(expected)) {
      const user = await h.linkedUser("empty", { languageCode });
      await user.send("/pay");
      expect(user.lastText()).toContain(text);
      await user.press(button);
      expect(user.lastText()).toMatch(/📋/);
    }
  });

  it("/pay with an unknown token says so without a Cancel to press (en, ru, uk)", async () => {
    h = await Harness.start();
    const cancel = { en: "Cancel", ru: "Отмена", uk: "Скасувати" };
    for (const [languageCode, word] of Object.entries(cancel)) {
      const user = await h.linkedUser("main", { languageCode });
      await user.send(`/pay ${"f".repeat(32)}`);
      expect(user.lastText()).toContain("/pay");
      expect(user.lastText()).not.toContain(word);
      expect(user.lastBotMessage().replyMarkup).toBeUndefined();
    }
  });

  it("in ru and uk the list speaks the language", async () => {
    h = await Harness.start();
    const ru = await h.linkedUser("main", { languageCode: "ru" });
    await ru.send("/pay");
    expect(ru.lastText()).toContain("Заявки, ожидающие оплаты");
    expect(rows(ru).flat()).toContain("⌨️ Ввести токен");
    await ru.press(/^💳 №/);
    expect(ru.lastText()).toMatch(/Оплат/);
    const uk = await h.linkedUser("main", { languageCode: "uk" });
    await uk.send("/menu");
    await uk.press("💳 Оплатити заявку");
    expect(uk.lastText()).toContain("Заявки, що очікують оплати");
    expect(rows(uk).flat()).toContain("⌨️ Ввести токен");
  });

  it.each<DialectName>(["names", "legacy"])(
    "a server of another dialect (%s): only payable orders are listed",
    async (dialect) => {
      h = await Harness.start({ dialect });
      const user = await h.linkedUser("main");
      await user.send("/pay");
      const ids = payable(h);
      const listed = rows(user)
        .flat()
        .filter((b) => b.startsWith("💳 #"))
        .map((b) => b.replace("💳 #", ""));
      expect(listed.length).toBeGreaterThan(0);
      for (const id of listed) expect(ids).toContain(id);
    },
  );
});
