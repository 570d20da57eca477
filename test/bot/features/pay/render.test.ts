/** The pay screens as a user reads them: every way a payment can end, in words and buttons. */
import type { InlineKeyboard } from "grammy";
import { readStatus } from "../../../../src/exchanger/vocabulary.js";
import { describe, expect, it } from "vitest";
import type { FlowContext } from "../../../../src/bot/context.js";
import { createI18n } from "../../../../src/bot/i18n.js";
import {
  renderNothingPaid,
  renderOutcome,
  renderPayCard,
} from "../../../../src/bot/features/pay/render.js";
import { cancelPay, checkPayStatus, confirmPay } from "../../../../src/bot/features/pay/codec.js";
import { storedOrderRef } from "../../../../src/bot/core/order-refs.js";

const i18n = createI18n("en");
// The renderers take Pick<FlowContext, "t">: the real English translations, through the i18n's own type.
const en = {
  t: ((key: string, vars?: Record<string, string | number>) =>
    i18n.t("en", key, vars)) as FlowContext["t"],
};
const buttons = (keyboard: InlineKeyboard | undefined) =>
  (keyboard?.inline_keyboard ?? [])
    .flat()
    .map((b) => ({ text: b.text, data: "callback_data" in b ? b.callback_data : undefined }));

describe("payment outcome screens", () => {
  it("paid: says so, with the new status and balance, and offers no way to pay again", () => {
    const screen = renderOutcome(en, {
      kind: "paid",
      orderId: "1041",
      status: readStatus("1"),
      balance: [{ amount: "12.50", currency: "USD" }],
    });
    expect(screen.text).toContain("Order #1041 is paid from your balance.");
    expect(screen.text).toContain("💸");
    expect(screen.text).toContain("12.50 USD");
    expect(buttons(screen.keyboard).map((b) => b.data)).toEqual(["menu"]);
  });

  it("unknown: never claims it was paid; says it was not repeated; offers a status check", () => {
    const screen = renderOutcome(en, { kind: "unknown", orderId: "1041" });
    expect(screen.text).toContain("outcome of paying order #1041 is unknown");
    expect(screen.text).toContain("I did not repeat it");
    expect(screen.text).not.toMatch(/is paid/);
    expect(buttons(screen.keyboard)).toContainEqual({
      text: "🔄 Check order status",
      data: checkPayStatus.pack({ orderId: storedOrderRef("1041") }),
    });
  });

  it("refused, busy and not payable any more each say that nothing happened or why", () => {
    expect(
      renderOutcome(en, { kind: "refused", orderId: "7", message: "Insufficient <funds>" }).text,
    ).toContain("did not pay order #7: Insufficient &lt;funds&gt;");
    expect(renderOutcome(en, { kind: "refused", orderId: "7" }).text).toContain(
      "Nothing was charged.",
    );
    expect(renderOutcome(en, { kind: "busy", orderId: "7" }).text).toContain("already in progress");
    const late = renderOutcome(en, { kind: "not-payable", orderId: "7", status: readStatus("3") });
    expect(late.text).toContain("can no longer be paid");
    expect(late.text).toContain("Nothing was charged.");
  });

  it("an order that is gone gets no status button (there is nothing to check)", () => {
    const screen = renderOutcome(en, { kind: "not-found", orderId: "7" });
    expect(screen.text).toContain("Order #7 was not found");
    expect(buttons(screen.keyboard).map((b) => b.data)).toEqual(["menu"]);
  });

  it("an exchanger-provided order id is escaped, and one that cannot travel in a button is checked by its reference", () => {
    const screen = renderNothingPaid(en, "<b>x</b> 1", "reason");
    expect(screen.text).toContain("Order #&lt;b&gt;x&lt;/b&gt; 1 was not paid.");
    expect(buttons(screen.keyboard).map((b) => b.data)).toEqual([
      checkPayStatus.pack({ orderId: storedOrderRef("<b>x</b> 1") }),
      "menu",
    ]);
  });
});

describe("the confirmation card", () => {
  const base = {
    orderId: "1041",
    status: readStatus("0"),
    sendAmount: "250",
    sendCurrency: "USDT",
    balance: [{ amount: "900", currency: "USD" }],
  };

  it("a payable order: amount, balance, a warning, and Pay / Cancel carrying the single-use id", () => {
    const screen = renderPayCard(en, { ...base, payable: true, confirmId: "AAAAAAAAAAAAAAAA" });
    expect(screen.text).toContain("A payment cannot be undone.");
    expect(screen.text).toContain("900.00 USD");
    const data = buttons(screen.keyboard).map((b) => b.data);
    expect(data).toContain(confirmPay.pack({ confirmId: "AAAAAAAAAAAAAAAA" }));
    expect(data).toContain(cancelPay.pack({ confirmId: "AAAAAAAAAAAAAAAA" }));
  });

  it("an order that cannot be paid: says why, and offers only a status check and the menu", () => {
    const screen = renderPayCard(en, { ...base, status: readStatus("3"), payable: false });
    expect(screen.text).toContain("This order cannot be paid");
    expect(buttons(screen.keyboard).map((b) => b.data)).toEqual([
      checkPayStatus.pack({ orderId: storedOrderRef("1041") }),
      "menu",
    ]);
  });
});
