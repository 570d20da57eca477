import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import {
  describeStatus,
  humanizeStatus,
  isActiveStatus,
  isPayableStatus,
  readStatus,
  KNOWN_STATUS_KEYS,
  statusKey,
  statusLabel,
  statusLabelKey,
  statusMeaning,
  statusWords,
} from "../../src/exchanger/vocabulary.js";
import { LANGUAGES, type Language } from "../../src/languages.js";

const i18n = createI18n("en");
const translator = (lang: Language) => ({
  t: (key: string, vars?: Record<string, string | number>) => i18n.t(lang, key, vars),
});

describe("order-status vocabulary", () => {
  it("reads numbers, numeric strings and names of one status alike", () => {
    for (const status of [0, "0", " 0 ", "@created", "Created", "new", "@NEW"])
      expect(statusKey(status), String(status)).toBe("created");
    for (const status of [4, "4", "@completed", "success", "Success", "done"])
      expect(statusKey(status), String(status)).toBe("completed");
    for (const status of [
      "awaiting_payment",
      "@awaiting_payment",
      "waiting",
      "Awaiting-Payment",
      "awaitingPayment",
    ]) {
      expect(statusKey(status), status).toBe("awaiting_payment");
    }
    expect(statusKey("in_progress")).toBe("processing");
    expect(statusKey("hold")).toBe("suspended");
    expect(statusKey("cancelled")).toBe("canceled");
  });

  it("maps statuses to meanings", () => {
    expect(statusMeaning("awaiting_payment")).toBe("awaiting-payment");
    expect(statusMeaning(1)).toBe("in-progress");
    expect(statusMeaning("processing")).toBe("in-progress");
    expect(statusMeaning("hold")).toBe("problem");
    expect(statusMeaning("error")).toBe("problem");
    expect(statusMeaning("refund")).toBe("canceled");
    expect(statusMeaning("success")).toBe("done");
    expect(statusMeaning(5)).toBe("unknown");
    // A word that decides on its own: its meaning, the server's words as the label.
    expect(statusMeaning("partially_refunded")).toBe("canceled");
    expect(statusMeaning(null)).toBe("unknown");
  });

  it("payable is awaiting payment only; active adds in progress and problems", () => {
    expect(
      [0, "0", "new", "@created", "awaiting_payment", "waiting", "pending"].every(isPayableStatus),
    ).toBe(true);
    expect(
      [1, "paid", "processing", "hold", "error", "success", "cancelled"].some(isPayableStatus),
    ).toBe(false);
    // A status the bot cannot tell is not offered Pay (the screens send to the website instead).
    expect([5, "weird", "Частично оформлена", undefined].some(isPayableStatus)).toBe(false);
    expect(["Частично возвращена", "partially_refunded"].some(isPayableStatus)).toBe(false);
    expect(
      [0, "new", "paid", "processing", "in_progress", "hold", 2, "error"].every(isActiveStatus),
    ).toBe(true);
    expect(
      [3, 4, "success", "cancelled", "refund", "expired", 5, "partially_refunded"].some(
        isActiveStatus,
      ),
    ).toBe(false);
  });

  it("remembers the form the server wrote, for filters", () => {
    expect(describeStatus(4)).toMatchObject({ form: "number", value: "4" });
    expect(describeStatus("4")).toMatchObject({ form: "number", value: "4" });
    expect(describeStatus("@success")).toMatchObject({
      form: "name",
      value: "success",
      key: "completed",
    });
  });

  it("humanizes names it does not know, HTML-safely", () => {
    expect(humanizeStatus("partially_refunded")).toBe("Partially refunded");
    expect(humanizeStatus("waitingForKYC")).toBe("Waiting for kyc");
    expect(humanizeStatus("<b>bad</b>")).toBe("B bad b");
    expect(humanizeStatus("___")).toBe("");
  });

  for (const lang of LANGUAGES) {
    it(`labels every known status in ${lang}, never with ❔ or a bare id`, () => {
      const tr = translator(lang);
      for (const key of KNOWN_STATUS_KEYS) {
        const label = statusLabel(tr, key);
        expect(label, key).not.toContain(statusLabelKey(key)); // a missing translation shows its key
        expect(label).not.toContain("❔");
      }
      expect(statusLabel(tr, "partially_refunded")).toBe("↩️ Partially refunded");
      const other = statusLabel(tr, 7);
      expect(other).toMatch(/^🔹 \S.* \(7\)$/);
      expect(statusLabel(tr, {})).not.toContain("❔");
    });
  }
});

describe("status titles with more words than a name (en, ru, uk)", () => {
  it.each([
    ["Order completed", "completed"],
    ["Заявка выполнена", "completed"],
    ["Заявку виконано", "completed"],
    ["Waiting for your payment", "awaiting_payment"],
    ["Ожидает вашей оплаты", "awaiting_payment"],
    ["Заявка очікує оплати", "awaiting_payment"],
    ["Order has been paid", "paid"],
    ["Not paid", "awaiting_payment"],
  ])("%s is the known status %s", (title, key) => {
    expect(readStatus(title).key).toBe(key);
    expect(readStatus({ id: 99, title }).key).toBe(key);
  });

  it.each([
    ["Order has been completed successfully", "done"],
    ["Заявка успешно выполнена", "done"],
    ["Order cancelled by operator", "canceled"],
    ["Заявка отменена оператором", "canceled"],
    ["Замовлення скасовано адміністратором", "canceled"],
    ["Payment error", "problem"],
    ["Ошибка выплаты", "problem"],
    ["Refund issued", "canceled"],
    ["Возврат средств клиенту", "canceled"],
  ])("%s means %s, labelled in its own words", (title, meaning) => {
    expect(statusMeaning(title)).toBe(meaning);
    expect(statusWords(translator("en"), title)).toBe(humanizeStatus(title));
  });

  it("completed, canceled, error and refund words never offer Pay, nor an unknown title", () => {
    for (const title of [
      "Order completed",
      "Order cancelled by operator",
      "Payment error",
      "Refund issued",
      "Заявка выполнена",
      "Помилка обміну",
      "Повернення коштів",
    ])
      expect(isPayableStatus(title), title).toBe(false);
    expect(isPayableStatus("Something odd happened")).toBe(false);
    expect(isPayableStatus("Waiting for your payment")).toBe(true);
  });

  it.each([
    "Not completed",
    "not_completed",
    "Не выполнена",
    "Не виконана",
    "Неоплачена",
    "No completado",
  ])("a denied status (%s) is never read as its positive: unknown, no Pay", (title) => {
    expect(readStatus(title).key).toBeUndefined();
    expect(readStatus({ id: 99, title }).meaning).toBe("unknown");
    expect(isPayableStatus(title)).toBe(false);
  });
});
