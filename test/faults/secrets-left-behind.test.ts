/**
 * Secrets never left in the chat (issue 13, item 4): every way a key or a password can reach the bot
 * outside the path that expects it ends with the message deleted and the user told why.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationKey } from "../../src/bot/core/flows.js";
import type { ApiCall } from "../harness/telegram-fake.js";
import { Harness } from "../harness/harness.js";
import type { SimUser } from "../harness/user.js";
import { onOwnRedis } from "./helpers.js";

const PASSWORD = "Tr0ub4dor&3-horse";

/** The user's message with exactly this text or caption, wherever it is. */
function userMessage(h: Harness, chatId: number, raw: string) {
  const found = h.fake.messages.find(
    (m) => m.from === "user" && m.chatId === chatId && m.raw === raw,
  );
  if (!found) throw new Error(`no user message "${raw}" in chat ${chatId}`);
  return found;
}

const botAnswers = (calls: ApiCall[]) =>
  calls
    .filter((c) => ["sendMessage", "editMessageText", "answerCallbackQuery"].includes(c.method))
    .map((c) => String(c.payload.text ?? ""));

describe("secrets left behind (shared Redis)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start();
  });
  afterAll(async () => {
    await h.close();
  });

  it("a key pasted into an already linked chat is deleted, not taken, and the user is told", async () => {
    const user = await h.linkedUser();
    const other = h.sandbox.accounts.twofa.apiKey;
    await user.send(other);
    expect(userMessage(h, user.chatId, other).deleted).toBe(true);
    expect(user.lastText()).toMatch(/deleted your message: it looked like an API key/);
    expect(user.lastText()).toMatch(/already linked/);
    expect(await h.storage.vault.get(user.chatId)).toBe(h.sandbox.accounts.main.apiKey);
    expect(user.transcript()).not.toContain(other);
  });

  it("a key sent as /start <key> is deleted and never accepted", async () => {
    const user = h.user();
    const key = h.sandbox.accounts.main.apiKey;
    const before = h.exchangerCalls("/user-api-get-info").length;
    await user.send(`/start ${key}`);
    expect(userMessage(h, user.chatId, `/start ${key}`).deleted).toBe(true);
    expect(user.transcript()).toMatch(/never take a key from a command or a \/start link/);
    expect(await h.storage.vault.has(user.chatId)).toBe(false);
    expect(h.exchangerCalls("/user-api-get-info").length).toBe(before);
  });

  it("a key in a photo caption is deleted, in a linked and in an unlinked chat", async () => {
    const key = h.sandbox.accounts.main.apiKey;
    for (const user of [h.user(), await h.linkedUser()]) {
      await user.sendPhoto({ caption: `my key: ${key}` });
      expect(userMessage(h, user.chatId, `my key: ${key}`).deleted).toBe(true);
      expect(user.lastText()).toMatch(/looked like an API key/);
    }
  });

  it("a key in a group, in quotes or with a trailing comma, is deleted and the sender told to write in private", async () => {
    const key = h.sandbox.accounts.main.apiKey;
    for (const [index, text] of [
      `here: "${key}"`,
      `${key}, is that right?`,
      `«${key}»`,
    ].entries()) {
      const member = h.user({ chat: { id: -200100 - index, type: "supergroup" } });
      await member.send(text);
      expect(userMessage(h, member.chatId, text).deleted).toBe(true);
      expect(member.lastText()).toMatch(/private chat/);
      expect(member.transcript()).not.toContain(key);
    }
    expect(await h.storage.vault.has(-200100)).toBe(false);
  });

  it("where the bot may not delete in a group, it says so and asks to delete the key and make a new one", async () => {
    const key = h.sandbox.accounts.main.apiKey;
    const member = h.user({ chat: { id: -200200, type: "group" } });
    h.fake.failNext("deleteMessage", 400, "Bad Request: message can't be deleted");
    await member.send(key);
    expect(userMessage(h, member.chatId, key).deleted).toBe(false);
    expect(member.lastText()).toMatch(/could not delete it/);
  });

  it("a password sent after the flow expired is deleted, and the user is told to start again", async () => {
    const user = await h.linkedUser();
    await user.send("/password");
    expect(user.lastText()).toMatch(/Changing your password/);
    // What the state's TTL does to an abandoned flow.
    await h.storage.conversationAdapter().delete(conversationKey(user.chatId));

    await user.send(PASSWORD);
    expect(userMessage(h, user.chatId, PASSWORD).deleted).toBe(true);
    expect(user.lastText()).toMatch(/password or a 2FA code that was not answered in time/);
    expect(h.exchangerCalls("/user-api-change-password")).toHaveLength(0);

    // The marker did its job: the next ordinary message stays.
    await user.send("hello again");
    expect(userMessage(h, user.chatId, "hello again").deleted).toBe(false);
    expect(user.lastText()).toMatch(/\/menu/);
  });

  it("a password answered inside a live flow is deleted without a second notice; ordinary text later stays", async () => {
    const user = await h.linkedUser();
    await user.send("/password");
    const calls = await user.send(PASSWORD);
    expect(userMessage(h, user.chatId, PASSWORD).deleted).toBe(true);
    expect(botAnswers(calls).join("\n")).toMatch(/new<\/b> password/);
    expect(botAnswers(calls).join("\n")).not.toMatch(/deleted your message/);
    await user.send("/cancel");
    await user.send("just chatting");
    expect(userMessage(h, user.chatId, "just chatting").deleted).toBe(false);
  });

  it("a message edited into a key is deleted too, and the user told", async () => {
    const user = await h.linkedUser();
    const key = h.sandbox.accounts.twofa.apiKey;
    await user.send("placeholder");
    const original = userMessage(h, user.chatId, "placeholder");
    original.raw = key; // what the chat shows after the edit
    const before = h.fake.calls.length;
    await h.deliver({
      update_id: h.fake.newUpdateId(),
      edited_message: {
        message_id: original.messageId,
        date: Math.floor(Date.now() / 1000),
        edit_date: Math.floor(Date.now() / 1000),
        chat: { id: user.chatId, type: "private", first_name: "Test" },
        from: { id: user.id, is_bot: false, first_name: "Test" },
        text: key,
      },
    } as never);
    expect(original.deleted).toBe(true);
    expect(botAnswers(h.fake.calls.slice(before)).join("\n")).toMatch(/looked like an API key/);
  });

  it("ordinary text in a linked chat is left alone", async () => {
    const user = await h.linkedUser();
    await user.send("what can you do");
    expect(userMessage(h, user.chatId, "what can you do").deleted).toBe(false);
  });
});

describe("commands for other bots and group chatter", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start();
  });
  afterAll(async () => {
    await h.close();
  });

  it("/start@other_bot gets no answer, in a private chat and in a group", async () => {
    const user = h.user();
    expect(botAnswers(await user.send("/start@other_bot"))).toEqual([]);
    const member = h.user({ chat: { id: -300100, type: "supergroup" } });
    expect(botAnswers(await member.send("/start@other_bot"))).toEqual([]);
    // Addressed to this bot, it is answered.
    expect(botAnswers(await user.send(`/start@${h.fake.botInfo.username}`)).join("\n")).toMatch(
      /API Settings/,
    );
  });

  it("group chatter is ignored; a group gets at most one answer per window", async () => {
    const member = h.user({ chat: { id: -300200, type: "supergroup" } });
    expect(botAnswers(await member.send("hi all, the rate is good today"))).toEqual([]);
    expect(botAnswers(await member.send("/account")).join("\n")).toMatch(/private chat/);
    expect(botAnswers(await member.send("/orders"))).toEqual([]);
    expect(botAnswers(await member.send(`@${h.fake.botInfo.username} hello`))).toEqual([]);
  });
});

describe("secrets while Redis is down (own redis-server)", () => {
  const world = onOwnRedis();

  const whileDown = async (user: SimUser, text: string): Promise<string> => {
    await world.redis().crash();
    try {
      return botAnswers(await user.send(text)).join("\n");
    } finally {
      await world.redis().up();
      await world.botReconnected();
    }
  };

  it("a password sent at the prompt while Redis is down is deleted, and the user is told", async () => {
    const h = world.harness();
    const user = await h.linkedUser();
    await user.send("/password");
    const said = await whileDown(user, PASSWORD);
    expect(userMessage(h, user.chatId, PASSWORD).deleted).toBe(true);
    expect(said).toMatch(/deleted your message in case it held a password/);
    expect(said).toMatch(/try again/i);
  });

  it("a key pasted while Redis is down is deleted", async () => {
    const h = world.harness();
    const user = await h.linkedUser();
    const key = h.sandbox.accounts.twofa.apiKey;
    const said = await whileDown(user, key);
    expect(userMessage(h, user.chatId, key).deleted).toBe(true);
    expect(said).toMatch(/looked like an API key/);
  });
});
