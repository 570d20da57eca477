import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";

describe("bot core", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start({ env: { EXCHANGER_TIMEOUT_MS: "500" } });
  });
  afterEach(async () => {
    await h.close();
  });

  it("shows the main menu on /start when linked, with a button per screen", async () => {
    const user = await h.linkedUser();
    await user.send("/start");
    const labels = (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
      .flat()
      .map((b) => b.text);
    expect(labels).toEqual(expect.arrayContaining(["👤 Account", "🌐 Language"]));
    await user.press("👤 Account");
    expect(user.lastText()).toMatch(/Your account/);
  });

  it("renders the account card: balance first, secrets never, unknown fields humanized", async () => {
    const user = await h.linkedUser();
    await user.send("/account");
    const card = user.lastText();
    const lines = card.split("\n");
    expect(lines[1]).toBe("💰 Balance: 1500.00 USD");
    expect(card).toContain("Partner balance: 12.40");
    expect(card).toContain("2FA: off");
    expect(card).toContain("Referrals: 4");
    expect(card).toContain("Verified: yes");
    expect(card).toContain("Preferred currency: USD");
    expect(card).not.toMatch(/password|hash/i);
  });

  it("the account card speaks the user's language, known fields included", async () => {
    const user = await h.linkedUser("main", { languageCode: "uk" });
    await user.send("/account");
    const card = user.lastText();
    expect(card).toContain("💰 Партнерський баланс: 12,40");
    expect(card).toContain("Логін: ivan_p");
    expect(card).toContain("Верифікацію пройдено: так");
    expect(card).toContain("Реферальне посилання: https://sandbox.exchanger.example/?ref=1024");
    expect(card).not.toMatch(/Login|Referral link|Verified/);
  });

  it("/help lists the commands; unknown commands and text get a hint", async () => {
    const user = await h.linkedUser();
    await user.send("/help");
    expect(user.lastText()).toContain("/account");
    await user.send("/nonsense");
    expect(user.lastText()).toMatch(/Unknown command/);
    await user.send("just chatting");
    expect(user.lastText()).toMatch(/menu/);
  });

  it("answers stale or forged buttons with 'this button has expired'", async () => {
    const user = await h.linkedUser();
    await user.send("/menu");
    const menu = user.lastBotMessage();
    const calls = await user.pressData("zz:forged:1", menu.messageId);
    const answer = calls.find((c) => c.method === "answerCallbackQuery")!;
    expect(answer.payload.text).toBe("This button has expired.");
  });

  it("/cancel with no flow says there is nothing to cancel", async () => {
    const user = await h.linkedUser();
    await user.send("/cancel");
    expect(user.lastText()).toMatch(/nothing to cancel/);
  });

  it("a revoked key: tells the user to link again and forgets the key", async () => {
    const user = await h.linkedUser();
    h.sandbox.revokeKey("main");
    await user.send("/account");
    expect(user.lastText()).toMatch(/no longer accepts your key/);
    expect(await h.storage.vault.has(user.chatId)).toBe(false);
  });

  it("an exchanger that does not answer: a clear message, not a stack trace", async () => {
    const user = await h.linkedUser();
    h.sandbox.injectFault({ path: "/user-api-get-info", kind: "html500", times: 5 });
    await user.send("/account");
    expect(user.lastText()).toMatch(/not answering/);
    h.sandbox.injectFault({ path: "/user-api-get-info", kind: "stall", times: 5 });
    await user.send("/account");
    expect(user.lastText()).toMatch(/not answering/);
  });

  it("switching the language changes the UI and the exchanger's language", async () => {
    const user = await h.linkedUser();
    await user.send("/language");
    await user.press("Українська");
    expect(user.lastText()).toMatch(/Мова: українська/);
    await user.send("/account");
    expect(user.lastText()).toMatch(/Ваш акаунт/);
    expect(h.exchangerCalls("/user-api-get-info").at(-1)!.fields.language).toBe("uk");
    await user.send("/help");
    expect(user.lastText()).toMatch(/Довідка|команд/);
  });

  it("defaults to the user's Telegram language", async () => {
    const user = h.user({ languageCode: "ru" });
    await user.send("/start");
    expect(user.lastText()).toMatch(/Добро пожаловать/);
  });

  it("registers the command list for every language", async () => {
    await h.app.registerCommands();
    const calls = h.fake.callsOf("setMyCommands");
    expect(calls.map((c) => c.payload.language_code)).toEqual(["en", "ru", "uk", undefined]);
    const uk = calls.find((c) => c.payload.language_code === "uk")!.payload.commands as {
      command: string;
      description: string;
    }[];
    expect(uk.find((c) => c.command === "account")?.description).toBe("Ваш акаунт");
  });

  it("retries Telegram's 429 and 502 and delivers the message exactly once", async () => {
    const user = await h.linkedUser();
    h.fake.failNext("sendMessage", 429, "Too Many Requests: retry after 1", 1);
    h.fake.failNext("sendMessage", 502, "Bad Gateway");
    const before = user.visible().length;
    await user.send("/help");
    const newMessages = user
      .visible()
      .slice(before)
      .filter((m) => m.from === "bot");
    expect(newMessages).toHaveLength(1);
    expect(newMessages[0]!.text).toContain("/account");
  });
});
