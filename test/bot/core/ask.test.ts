/**
 * The ask step's ownership of secret answers: whoever deletes a password or a code — the ask step
 * reading it, or the secret guard when no flow took it — it is deleted with exactly one Bot API call
 * (a second one is a wasted request, and Telegram answers "message to delete not found").
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { conversationKey } from "../../../src/bot/core/flows.js";
import { Harness } from "../../harness/harness.js";
import { deleteCalls, totp, wrongTotp } from "../../harness/two-factor.js";

describe("ask: one delete per secret answer", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  const sent = (user: { chatId: number }, text: string) =>
    h.fake.messages.filter((m) => m.chatId === user.chatId && m.from === "user" && m.raw === text);
  const expectOneDeleteEach = (user: { chatId: number }, texts: string[]) => {
    for (const text of texts)
      for (const message of sent(user, text)) {
        expect(message.deleted, text).toBe(true);
        expect(deleteCalls(h, user.chatId, message.messageId), text).toBe(1);
      }
  };

  it("password answers, a re-prompted one included, are each deleted once; the prompts keep one live Cancel", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    await user.send(h.sandbox.accounts.main.password);
    await user.send("short");
    expect(user.lastText()).toMatch(/too short/);
    // Only the newest prompt still has buttons: the answered and the re-prompted ones lost theirs.
    const withCancel = user
      .visible()
      .filter((m) =>
        m.replyMarkup?.inline_keyboard?.flat().some((b) => b.callback_data === "flow:cancel"),
      );
    expect(withCancel.map((m) => m.messageId)).toEqual([user.lastBotMessage().messageId]);
    await user.send("brand-new-pass");
    await user.send("brand-new-pass");
    expect(user.lastText()).toMatch(/Your password has been changed/);
    expectOneDeleteEach(user, [h.sandbox.accounts.main.password, "short", "brand-new-pass"]);
  });

  it("2FA codes (a malformed one, a wrong one, the right one) are each deleted once", async () => {
    const user = await h.linkedUser("twofa");
    const secret = h.sandbox.accounts.twofa.twoFactorSecret!;
    await user.send("/2fa");
    await user.press(/Turn off/);
    const wrong = wrongTotp(secret);
    await user.send("12345");
    await user.send(wrong);
    await user.send(totp(secret));
    expect(user.lastText()).toMatch(/2FA is off/);
    expectOneDeleteEach(user, ["12345", wrong, totp(secret)]);
  });

  it("a password typed after its flow lapsed is deleted once, by the guard, and the user is told", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    await h.storage.conversationAdapter().delete(conversationKey(user.chatId));
    await user.send("my old pass 12");
    expect(user.lastText()).toMatch(/not answered in time/);
    expectOneDeleteEach(user, ["my old pass 12"]);
  });

  it("a key-shaped answer to a secret prompt is deleted once (the guard took it as a key)", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    const keyShaped = h.sandbox.accounts.empty.apiKey;
    await user.send(keyShaped);
    expectOneDeleteEach(user, [keyShaped]);
  });
});
