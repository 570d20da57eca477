import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import {
  describeStatus,
  humanizeStatus,
  isActiveStatus,
  isPayableStatus,
  KNOWN_STATUS_KEYS,
  statusKey,
  statusLabel,
  statusLabelKey,
  statusMeaning,
} from "../../src/exchanger/vocabulary.js";
import { LANGUAGES, type Language } from "../../src/config.js";

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
    expect(statusMeaning("partially_refunded")).toBe("unknown");
    expect(statusMeaning(null)).toBe("unknown");
  });

  it("payable is awaiting payment only; active adds in progress and problems", () => {
    expect(
      [0, "0", "new", "@created", "awaiting_payment", "waiting", "pending"].every(isPayableStatus),
    ).toBe(true);
    expect(
      [1, "paid", "processing", "hold", "error", "success", "cancelled"].some(isPayableStatus),
    ).toBe(false);
    // A status the bot cannot tell never blocks paying: the server decides.
    expect([5, "weird", "Частично возвращена", undefined].every(isPayableStatus)).toBe(true);
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
      expect(statusLabel(tr, "partially_refunded")).toBe("🔹 Partially refunded");
      const other = statusLabel(tr, 7);
      expect(other).toMatch(/^🔹 \S.* \(7\)$/);
      expect(statusLabel(tr, {})).not.toContain("❔");
    });
  }
});
