/** TOTP codes as an authenticator app computes them, and checks that secrets leaked nowhere. */
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import type { Harness } from "./harness.js";

export function totp(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

/** Six digits the sandbox rejects now (not valid one step either way). */
export function wrongTotp(secret: string): string {
  const valid = [-2, -1, 0, 1, 2].map((step) => totp(secret, step));
  return ["000000", "111111", "222222", "333333", "444444", "555555"].find(
    (c) => !valid.includes(c),
  )!;
}

/**
 * None of `secrets` in any log line or raw Redis value (key names included). Six-digit codes are
 * matched as whole tokens: by chance they occur inside base64 ciphertext or timestamps.
 */
export async function expectNoLeak(h: Harness, secrets: string[]): Promise<void> {
  const logs = h.logs.join("\n");
  const raw = await h.rawRedisValues();
  for (const secret of secrets) {
    const pattern = /^\d{6}$/.test(secret)
      ? new RegExp(`(?<![A-Za-z0-9_-])${secret}(?![A-Za-z0-9_-])`)
      : undefined;
    const found = (text: string) => (pattern ? pattern.test(text) : text.includes(secret));
    expect(found(logs), "secret in logs").toBe(false);
    for (const value of raw) expect(found(value), "secret in Redis").toBe(false);
  }
}

/** Every user message whose text is one of `texts` was deleted, with exactly one deleteMessage call each. */
export function expectDeleted(h: Harness, chatId: number, texts: string[]): void {
  for (const text of texts) {
    const messages = h.fake.messages.filter(
      (m) => m.chatId === chatId && m.from === "user" && m.raw === text,
    );
    expect(messages.length, `user sent "${text}"`).toBeGreaterThan(0);
    for (const m of messages) {
      expect(m.deleted, `message "${text}" deleted`).toBe(true);
      expect(deleteCalls(h, chatId, m.messageId), `deleteMessage calls for "${text}"`).toBe(1);
    }
  }
}

/** How many times the bot asked Telegram to delete this message. */
export function deleteCalls(h: Harness, chatId: number, messageId: number): number {
  return h.fake
    .callsOf("deleteMessage", chatId)
    .filter((c) => Number(c.payload.message_id) === messageId).length;
}
