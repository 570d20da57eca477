import { describe, expect, it } from "vitest";
import { maskCardNumber, renderSummary, renderVerificationRequest, statusGroup } from "../../../../src/bot/features/verification/render.js";

// Translations are echoed as their keys (with arguments) so the structure is what is tested here.
const ctx = { t: (key: string, args?: Record<string, unknown>) => (args ? `${key}${JSON.stringify(args)}` : key) };

describe("verification rendering", () => {
  it("masks card numbers of 12-19 digits and leaves masked or other values alone", () => {
    expect(maskCardNumber("4111 1111 1111 1111")).toBe("4111 •••• •••• 1111");
    expect(maskCardNumber("4149 **** **** 1234")).toBe("4149 **** **** 1234");
    expect(maskCardNumber("12345")).toBe("12345");
  });

  it("groups the status words exchangers use", () => {
    expect(statusGroup("pending")).toBe("pending");
    expect(statusGroup("Approved")).toBe("approved");
    expect(statusGroup(2)).toBe("rejected");
    expect(statusGroup("on_hold")).toBeUndefined();
  });

  it("escapes whatever the exchanger sends and keeps within the Telegram limit", () => {
    const text = renderVerificationRequest(ctx, {
      status: "<i>odd</i>",
      comment: "a & b",
      notes: "x".repeat(10_000),
      card_pan: "5375414122229876",
    });
    expect(text).toContain("&lt;i&gt;odd&lt;/i&gt;");
    expect(text).toContain("a &amp; b");
    expect(text).toContain("5375 •••• •••• 9876");
    expect(text.length).toBeLessThanOrEqual(4096);
  });

  it("the summary never shows the full card number", () => {
    const text = renderSummary(ctx, "card", { card_number: "4111111111111111", first_name: "<Ivan>" }, 2);
    expect(text).not.toContain("4111111111111111");
    expect(text).toContain("4111 •••• •••• 1111");
    expect(text).toContain("&lt;Ivan&gt;");
    expect(text).toContain('verification-summary-photos{"count":2}');
  });
});
