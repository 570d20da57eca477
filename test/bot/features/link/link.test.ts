import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";

describe("linking an account", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("greets on /start and says where the key comes from", async () => {
    const user = h.user();
    await user.send("/start");
    expect(user.lastText()).toContain("API Settings");
    expect(await h.storage.vault.has(user.chatId)).toBe(false);
  });

  it("links a good key: deletes the key message, stores it encrypted, shows the account with the key masked", async () => {
    const user = h.user();
    const key = h.sandbox.accounts.main.apiKey;
    await user.send("/start");
    await user.send(key);

    const keyMessage = h.fake.messages.find((m) => m.from === "user" && m.raw === key)!;
    expect(keyMessage.deleted).toBe(true);
    expect(await h.storage.vault.get(user.chatId)).toBe(key);

    const card = user.lastText();
    expect(card).toContain(`${key.slice(0, 4)}…${key.slice(-4)}`);
    expect(card).not.toContain(key);
    expect(card).toMatch(/Balance/);
    // The exchanger saw get-info with the chat's language.
    const info = h.exchangerCalls("/user-api-get-info").at(-1)!;
    expect(info.fields.language).toBe("en");

    // The key appears in no log line, no raw Redis value and no visible message.
    expect(h.logs.join("\n")).not.toContain(key);
    const raw = await h.rawRedisValues();
    expect(raw.length).toBeGreaterThan(0);
    for (const value of raw) expect(value).not.toContain(key);
    expect(user.transcript()).not.toContain(key);
  });

  it("refuses a rejected key with a clear message and stores nothing", async () => {
    const user = h.user();
    await user.send("ffffffffffffffffffffffffffffffff00000000");
    expect(user.lastText()).toMatch(/rejected this key/);
    expect(await h.storage.vault.has(user.chatId)).toBe(false);
    expect(
      h.fake.messages.find((m) => m.raw === "ffffffffffffffffffffffffffffffff00000000")!.deleted,
    ).toBe(true);
    expect(h.logs.join("\n")).not.toContain("ffffffffffffffffffffffffffffffff00000000");
  });

  it("answers text that is not a key with a hint instead of calling the exchanger", async () => {
    const user = h.user();
    const before = h.sandbox.requests.length;
    await user.send("hello there");
    // Not shaped like a key: not answered as one, not deleted; how to link (and the calculator).
    expect(user.lastText()).toMatch(/not linked yet.*API key.*\/exchange/s);
    expect(user.transcript()).not.toMatch(/does not look like an API key/);
    expect(user.visible().some((m) => m.from === "user" && m.text === "hello there")).toBe(true);
    for (const [languageCode, hint] of [
      ["ru", /не привязан.*API-ключ.*\/exchange/s],
      ["uk", /не прив'язано.*API-ключ.*\/exchange/s],
    ] as const) {
      const other = h.user({ languageCode });
      await other.send("100");
      expect(other.lastText()).toMatch(hint);
    }
    expect(h.sandbox.requests.length).toBe(before);
  });

  it("explains how to link when an account command comes first", async () => {
    const user = h.user();
    await user.send("/account");
    expect(user.lastText()).toMatch(/not linked yet/);
  });

  it("resumes linking after a restart in the middle", async () => {
    const user = h.user();
    await user.send("/start");
    await h.restart();
    await user.send(h.sandbox.accounts.main.apiKey);
    expect(await h.storage.vault.has(user.chatId)).toBe(true);
    expect(user.lastText()).toMatch(/Account linked/);
  });

  it("never accepts a key in a group: deletes it and says to write in private", async () => {
    const key = h.sandbox.accounts.main.apiKey;
    const member = h.user({ chat: { id: -100123, type: "supergroup" } });
    await member.send(key);
    expect(await h.storage.vault.has(-100123)).toBe(false);
    expect(h.fake.messages.find((m) => m.chatId === -100123 && m.raw === key)!.deleted).toBe(true);
    expect(member.lastText()).toMatch(/private chat/);
    // Another group: an account command gets the same advice (one answer per group per window).
    const other = h.user({ chat: { id: -100124, type: "supergroup" } });
    await other.send("/account");
    expect(other.lastText()).toMatch(/private chat/);
    expect(h.exchangerCalls("/user-api-get-info")).toHaveLength(0);
  });

  it("binds every chat linked to one account to that account's id, and no other", async () => {
    const first = await h.linkedUser("main");
    const second = await h.linkedUser("main");
    const other = await h.linkedUser("twofa");
    const chats = await h.app.deps.accountChats.chatsOf("1024");
    expect(chats.sort()).toEqual([String(first.chatId), String(second.chatId)].sort());
    expect(await h.app.deps.accountChats.accountOf(other.chatId)).toBe("2048");
  });

  it("logout asks to confirm, then wipes the key and all data of the chat", async () => {
    const user = await h.linkedUser();
    await user.send("/language");
    await user.press("Русский");
    await user.send("/logout");
    await user.press(/Да, отвязать/);
    expect(user.lastText()).toMatch(/отвязан/);
    expect(await h.storage.vault.has(user.chatId)).toBe(false);
    expect(await h.storage.kv.keys(`chat:${user.chatId}:`)).toEqual([]);
    expect(await h.app.deps.accountChats.chatsOf("1024")).toEqual([]);
    await user.send("/account");
    expect(user.lastText()).toMatch(/not linked yet/); // language choice was wiped too
  });

  it("confirming a logout while a form runs ends the form with the link", async () => {
    const user = await h.linkedUser();
    await user.send("/logout");
    await user.send("/password"); // a flow starts: its state is stored
    expect(user.lastText()).toMatch(/Send your current password/);
    await user.press("Yes, unlink");
    expect(await h.storage.vault.has(user.chatId)).toBe(false);
    expect(await h.app.deps.conversationAdapter.read(String(user.chatId))).toBeUndefined();
    // The form is over: what the user types next is not taken as their current password.
    await user.send("old-password-1");
    expect(user.lastText()).not.toMatch(/new password/);
  });

  it("logout can be declined", async () => {
    const user = await h.linkedUser();
    await user.send("/logout");
    await user.press("No, keep it");
    expect(await h.storage.vault.has(user.chatId)).toBe(true);
  });
});
