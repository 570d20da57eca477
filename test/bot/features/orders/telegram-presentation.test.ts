/**
 * Telegram's own presentation, through the real bot: an order card's times and payment deadline as
 * date_time entities (the reader's own time zone on clients that know them, the UTC text elsewhere),
 * Pay in green, Delete and Unlink in red (button style). What the fake hands back is the text a user
 * sees: the UTC text where a client shows no entity.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";

const styleOf = (user: SimUser, label: string | RegExp): string | undefined => {
  const button = (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
    .flat()
    .find((b) => (typeof label === "string" ? b.text === label : label.test(b.text)));
  expect(button, `button ${String(label)}`).toBeDefined();
  return (button as { style?: string }).style;
};

describe("Telegram's own presentation", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("an order card's times and its payment deadline are date_time entities with the UTC text inside", async () => {
    const order = h.sandbox.state.accounts.main!.orders.find((o) => Number(o.status) === 0)!;
    Object.assign(order, { pay_until: "2025-01-06 12:00:00" });
    const user = await h.linkedUser("main", { languageCode: "ru" });
    await user.send(`/order ${order.id}`);
    const card = user
      .visible()
      .filter((m) => m.from === "bot" && !m.photo)
      .at(-1)!;
    expect(card.raw).toContain(
      '<b>Оплатить до:</b> <tg-time unix="1736164800" format="dt">6 янв. 2025 г., 12:00 UTC</tg-time>',
    );
    expect(card.raw).toMatch(/<b>Дата создания:<\/b> <tg-time unix="\d+" format="dt">[^<]+UTC</);
    expect(card.text).toContain("Оплатить до: 6 янв. 2025 г., 12:00 UTC");
  });

  it("Pay is green; Delete and Unlink are red; other buttons keep the client's style", async () => {
    const user = await h.linkedUser("main");
    const order = h.sandbox.state.accounts.main!.orders.find((o) => Number(o.status) === 0)!;
    await user.send(`/pay ${order.token}`);
    expect(styleOf(user, /^✅ Pay/)).toBe("success");
    expect(styleOf(user, "✖ Cancel")).toBeUndefined();

    await user.send("/details");
    await user.press("🗑 Delete…");
    await user.press("☐ 1. Payeer USD");
    await user.press("Delete selected (1)");
    expect(styleOf(user, "✅ Yes, delete (1)")).toBe("danger");
    expect(styleOf(user, "◀ Back")).toBeUndefined();

    await user.send("/logout");
    expect(styleOf(user, "Yes, unlink")).toBe("danger");
  });
});
