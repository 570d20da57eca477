/** The order card and list line (also what notifications show): readable, escaped, never a secret. */
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../../src/bot/i18n.js";
import { renderOrderCard, renderOrderLine } from "../../../../src/bot/features/orders/render.js";
import { htmlProblem } from "../../../harness/html-check.js";
import { readOrder } from "../../../../src/exchanger/normalize/order.js";

/** A server record read as the client reads it. */
const read = (raw: Record<string, unknown>) => readOrder(raw)!;

const i18n = createI18n("en");
const en = { t: (key: string, vars?: Record<string, string | number>) => i18n.t("en", key, vars) };
const uk = { t: (key: string, vars?: Record<string, string | number>) => i18n.t("uk", key, vars) };
const ru = { t: (key: string, vars?: Record<string, string | number>) => i18n.t("ru", key, vars) };
const names = new Map([
  ["1", "Tether TRC20 (USDTTRC20)"],
  ["2", "Visa/Mastercard UAH (CARDUAH)"],
]);
const order = {
  id: 1041,
  status: 0,
  send_amount: "250.00",
  send_currency_id: 1,
  receive_amount: "10212.50",
  receive_currency_id: 2,
  token: "3f9a1c0de4b54f7e8a1b2c3d4e5f6a7b",
  comment: "pay <b>fast</b> & thanks",
  created_at: "2025-01-06 12:00:00",
};

describe("order card", () => {
  it("shows number, status, both sides with currency names, and labelled known fields", () => {
    const card = renderOrderCard(en, read(order), names);
    expect(card).toContain("#1041");
    expect(card).toContain("250.00 Tether TRC20 (USDTTRC20)");
    expect(card).toContain("10212.50 Visa/Mastercard UAH (CARDUAH)");
    expect(card).toMatch(/Comment/);
    expect(htmlProblem(card)).toBeUndefined();
  });

  it("escapes what the exchanger wrote; the token (the order's handle) once, in <code>; a referral's never", () => {
    const card = renderOrderCard(en, read(order), names);
    expect(card).toContain("pay &lt;b&gt;fast&lt;/b&gt; &amp; thanks");
    expect(card).toContain(`<b>Token:</b> <code>${order.token}</code>`);
    expect(card.split(order.token)).toHaveLength(2);
    expect(renderOrderCard(en, read(order), names, { referral: true })).not.toContain(order.token);
  });

  it("names the direction by its currencies, never a bare direction id", () => {
    const card = renderOrderCard(en, read({ ...order, exchange_id: 71 }), names);
    expect(card).toContain(
      "<b>Exchange direction:</b> Tether TRC20 (USDTTRC20) → Visa/Mastercard UAH (CARDUAH)",
    );
    expect(card).not.toContain("#71");
    expect(
      renderOrderCard(en, read({ ...order, exchange_id: 71, receive_currency_id: 99 }), names),
    ).not.toMatch(/#71|Exchange direction/);
  });

  it("a referral's order is seen from the side, in the chat's language", () => {
    expect(renderOrderCard(en, read(order), names, { referral: true })).not.toEqual(
      renderOrderCard(en, read(order), names),
    );
    expect(renderOrderCard(uk, read(order), names)).not.toContain("You send");
  });

  it("an unknown currency id and a status outside the spec are still shown, never dropped", () => {
    const card = renderOrderCard(en, read({ ...order, send_currency_id: 99, status: 5 }), names);
    expect(card).toContain("250.00");
    expect(card).toContain("99");
    expect(card).toMatch(/5/);
  });
});

describe("the time an order must be paid by", () => {
  // 6 Jan 2025, 12:00 UTC as servers write it.
  const written = [1736164800, "1736164800000", "2025-01-06T14:00:00+02:00", "2025-01-06 12:00:00"];
  // A date_time entity: the reader's own time zone where the client knows it, the text (UTC) elsewhere.
  const at = (text: string) => `<tg-time unix="1736164800" format="dt">${text}</tg-time>`;
  const languages = [
    { tr: en, line: `<b>Pay by:</b> ${at("Jan 6, 2025, 12:00 UTC")}` },
    { tr: ru, line: `<b>Оплатить до:</b> ${at("6 янв. 2025 г., 12:00 UTC")}` },
    { tr: uk, line: `<b>Оплатити до:</b> ${at("6 січ. 2025 р., 12:00 UTC")}` },
  ];

  it.each(languages)("is shown in the bot's one date format, whatever the server wrote", (lang) => {
    for (const value of [...written, "06.01.2025 12:00"]) {
      const card = renderOrderCard(lang.tr, read({ ...order, pay_until: value }), names);
      expect(card).toContain(lang.line);
      expect(htmlProblem(card)).toBeUndefined();
    }
  });

  it("inside the payment instructions too, under the name the server chose", () => {
    const raw = { ...order, payment: { address: "TXyz", deadline: "2025-01-06 12:00:00" } };
    expect(renderOrderCard(ru, read(raw), names)).toContain(languages[1]!.line);
    const camel = { ...order, payUntil: "06.01.2025 12:00" };
    expect(renderOrderCard(en, read(camel), names)).toContain(languages[0]!.line);
  });

  it("a value that is no date is shown as the server sent it, escaped", () => {
    const card = renderOrderCard(uk, read({ ...order, pay_until: "<30 min> & soon" }), names);
    expect(card).toContain("<b>Оплатити до:</b> &lt;30 min&gt; &amp; soon");
    expect(htmlProblem(card)).toBeUndefined();
  });
});

describe("order list line", () => {
  it("two lines: emoji, number, status words, date; then send → receive", () => {
    const [head, sides] = renderOrderLine(en, read(order), names).split("\n");
    expect(head).toContain("<b>#1041</b>");
    expect(head).toContain("Jan 6, 2025, 12:00 UTC");
    expect(sides).toBe("250.00 Tether TRC20 (USDTTRC20) → 10212.50 Visa/Mastercard UAH (CARDUAH)");
  });

  it("a hostile id is escaped and clipped so a page of lines stays one message", () => {
    const line = renderOrderLine(en, read({ ...order, id: `<i>${"9".repeat(100)}` }), names);
    expect(line).not.toContain("<i>");
    expect(line.split("\n")[0]!.length).toBeLessThan(120);
    expect(htmlProblem(line)).toBeUndefined();
  });
});
