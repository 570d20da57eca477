/**
 * A key with invisible characters or a line break inside (pasted from a web page, a password manager
 * or a phone's notes) is still a key: deleted wherever it is sent, and accepted cleaned when linking.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { containsApiKey, keyCandidate } from "../../../../src/bot/core/api-key-shape.js";
import { Harness } from "../../../harness/harness.js";

const DISGUISES: Record<string, (key: string) => string> = {
  "zero-width space": (key) => `${key.slice(0, 10)}\u200b${key.slice(10)}`,
  "soft hyphen": (key) => `${key.slice(0, 20)}\u00ad${key.slice(20)}`,
  "word joiner": (key) => `${key.slice(0, 7)}\u2060${key.slice(7, 30)}\u2060${key.slice(30)}`,
  "line break": (key) => `${key.slice(0, 24)}\n${key.slice(24)}`,
  "space and a zero-width joiner": (key) => `${key.slice(0, 16)} \u200d${key.slice(16)}`,
};

describe("a key with invisible characters or whitespace inside", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("is recognised (the shape check alone, before the bot): sentences are not", () => {
    const key = h.sandbox.accounts.main.apiKey;
    for (const [name, disguise] of Object.entries(DISGUISES)) {
      expect(keyCandidate(disguise(key)), name).toBe(key);
      expect(containsApiKey(`my key: ${disguise(key)} thanks`), name).toBe(true);
    }
    for (const text of [
      "hello there my friend",
      "I have 2 orders waiting for payment",
      "order 12345 and 67890",
      "abc def ghi jkl mno pqr",
    ]) {
      expect(keyCandidate(text), text).toBeUndefined();
      expect(containsApiKey(text), text).toBe(false);
    }
  });

  it.each(Object.keys(DISGUISES))(
    "linking accepts the cleaned key (%s) and deletes the message",
    async (name) => {
      const key = h.sandbox.accounts.main.apiKey;
      const pasted = DISGUISES[name]!(key);
      const user = h.user();
      await user.send(pasted);
      expect(await h.storage.vault.get(user.chatId)).toBe(key);
      expect(h.fake.messages.find((m) => m.from === "user" && m.raw === pasted)!.deleted).toBe(
        true,
      );
      expect(user.lastText()).toMatch(/Account linked/);
    },
  );

  it("is deleted in a linked chat and in a group, like any key", async () => {
    const key = h.sandbox.accounts.main.apiKey;
    const user = await h.linkedUser();
    const member = h.user({ chat: { id: -100777, type: "supergroup" } });
    for (const disguise of Object.values(DISGUISES)) {
      const pasted = disguise(key);
      await user.send(pasted);
      expect(
        h.fake.messages.find((m) => m.chatId === user.chatId && m.raw === pasted)!.deleted,
      ).toBe(true);
      expect(user.lastText()).toMatch(/looked like an API key/);
      await member.send(`here it is ${pasted}`);
      expect(
        h.fake.messages.find((m) => m.chatId === -100777 && m.raw === `here it is ${pasted}`)!
          .deleted,
      ).toBe(true);
    }
    expect(await h.storage.vault.has(-100777)).toBe(false);
  });
});
