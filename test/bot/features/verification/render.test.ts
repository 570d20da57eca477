import { readVerification } from "../../../../src/exchanger/normalize/verification.js";
import { describe, expect, it } from "vitest";
import {
  maskNumber,
  renderSummary,
  renderVerificationRequest,
  statusGroup,
} from "../../../../src/bot/features/verification/render.js";

// Translations are echoed as their keys (with arguments) so the structure is what is tested here.
const ctx = {
  t: (key: string, args?: Record<string, unknown>) =>
    args ? `${key}${JSON.stringify(args)}` : key,
};

describe("verification rendering", () => {
  it("masks numbers: at most the first 6 and last 4 shown, at least 6 hidden; server-masked values stay", () => {
    expect(maskNumber("4111 1111 1111 1111")).toBe("411111******1111");
    expect(maskNumber("4111111111111111111")).toBe("411111*********1111");
    expect(maskNumber("123456789012")).toBe("12******9012");
    expect(maskNumber("AB1234567")).toBe("******567");
    expect(maskNumber("12345")).toBe("*****");
    expect(maskNumber("4149 **** **** 1234")).toBe("4149 **** **** 1234");
    // Mask characters do not let a full number through.
    expect(maskNumber("*4111111111111111")).not.toContain("4111111111111111");
  });

  it("groups the status words exchangers use", () => {
    expect(statusGroup("pending")).toBe("pending");
    expect(statusGroup("Approved")).toBe("approved");
    expect(statusGroup(2)).toBe("rejected");
    expect(statusGroup("on_hold")).toBeUndefined();
  });

  it("escapes whatever the exchanger sends and keeps within the Telegram limit", () => {
    const text = renderVerificationRequest(
      ctx,
      readVerification({
        status: "<i>odd</i>",
        comment: "a & b",
        notes: "x".repeat(10_000),
        card_pan: "5375414122229876",
      })!,
    );
    expect(text).toContain("&lt;i&gt;odd&lt;/i&gt;");
    expect(text).toContain("a &amp; b");
    expect(text).toContain("537541******9876");
    expect(text.length).toBeLessThanOrEqual(4096);
  });

  it("the summary never shows the full card number", () => {
    const text = renderSummary(
      ctx,
      "card",
      { card_number: "4111111111111111", first_name: "<Ivan>" },
      2,
    );
    expect(text).not.toContain("4111111111111111");
    expect(text).toContain("411111******1111");
    expect(text).toContain("&lt;Ivan&gt;");
    expect(text).toContain('verification-summary-photos{"count":2}');
  });
});
