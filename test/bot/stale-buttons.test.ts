/**
 * Confirmation buttons are single-use (issue 13, item 10): a stale "Yes" does nothing and says so;
 * "Add" during another flow leaves that flow and starts adding (issue 14: flows never hold the chat);
 * after /logout an old screen's button answers with a toast and loses its keyboard (issue 31).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApiCall } from "../harness/telegram-fake.js";
import { Harness } from "../harness/harness.js";

const toast = (calls: ApiCall[]) =>
  String(calls.find((c) => c.method === "answerCallbackQuery")?.payload.text ?? "");

describe("stale confirmation buttons", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start();
  });
  afterAll(async () => {
    await h.close();
  });

  it("a stale 'Yes, unlink' pressed after 'No' does not unlink, and says so", async () => {
    const user = await h.linkedUser();
    await user.send("/logout");
    const yes = user.findButton("Yes, unlink");
    await user.press("No, keep it");
    expect(user.lastText()).toMatch(/stays linked/);

    const calls = await user.pressData(yes.data, yes.message.messageId);
    expect(toast(calls)).toMatch(/already used or has expired\. Nothing was done/);
    expect(await h.storage.vault.has(user.chatId)).toBe(true);
  });

  it("'Yes, unlink' works once; the same press again does nothing", async () => {
    const user = await h.linkedUser();
    await user.send("/logout");
    const yes = user.findButton("Yes, unlink");
    await user.press("Yes, unlink");
    expect(await h.storage.vault.has(user.chatId)).toBe(false);
    await h.linkedUser("main", { id: user.id }); // linked again
    const calls = await user.pressData(yes.data, yes.message.messageId);
    expect(toast(calls)).toMatch(/Nothing was done/);
    expect(await h.storage.vault.has(user.chatId)).toBe(true);
  });

  it("'Add' (payment details) during another flow leaves that flow and starts adding", async () => {
    const user = await h.linkedUser();
    await user.send("/details");
    const add = user.findButton("dt:add");
    await user.send("/password");
    const prompt = user.lastBotMessage();
    await user.pressData(add.data, add.message.messageId);
    expect(user.lastText()).toMatch(/New payment detail/);
    // The password prompt lost its Cancel; the next text goes to the picker, not to /password.
    expect(
      h.fake.message(user.chatId, prompt.messageId)!.replyMarkup?.inline_keyboard ?? [],
    ).toEqual([]);
    await user.send("usdt");
    expect(user.lastText()).toMatch(/matching “usdt”/);
    expect(user.transcript()).not.toMatch(/Something went wrong/);
  });
});

describe("deleting payment details on two instances at once", () => {
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    a = await Harness.start();
    b = await Harness.start({ sandbox: a.sandbox, prefix: a.prefix });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("one 'Yes, delete' delivered to both instances deletes once", async () => {
    const user = await a.linkedUser("main");
    await user.send("/details");
    await user.press("🗑 Delete…");
    await user.press("☐ 1.");
    await user.press("Delete selected (1)");
    const yes = user.findButton("Yes, delete");
    const first = user.callbackUpdate(yes.data, yes.message.messageId);
    const second = user.callbackUpdate(yes.data, yes.message.messageId);
    // Each instance has its own Telegram fake and only a's holds the message: whichever of the two
    // wins the press edits it, and b's fake can only say it has no such message.
    b.fake.expectErrors(/message to edit not found/);
    await Promise.all([a.deliver(first.update), b.deliver(second.update)]);
    expect(a.exchangerCalls("/user-api-delete-details")).toHaveLength(1);
    expect(a.fake.wasAnswered(first.queryId)).toBe(true);
    expect(b.fake.wasAnswered(second.queryId)).toBe(true);
  });
});

describe("after /logout, old screens' buttons", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  for (const [lang, unlinked] of [
    ["en", /^🔑 No account is linked to this chat: this screen's buttons no longer work/],
    ["ru", /^🔑 К этому чату не привязан аккаунт: кнопки этого экрана больше не работают/],
    ["uk", /^🔑 До цього чату не прив'язано акаунт: кнопки цього екрана більше не працюють/],
  ] as const)
    it(`answer with a toast and lose their buttons, never a new message per press (${lang})`, async () => {
      const user = await h.linkedUser("main", { languageCode: lang });
      await user.send("/orders");
      const orders = user.lastBotMessage().messageId;
      await user.send("/account");
      const account = user.lastBotMessage().messageId;
      await user.send("/details");
      const details = user.lastBotMessage().messageId;
      await user.send("/logout");
      await user.press(/^(Yes, unlink|Да|Так)/);
      expect(await h.storage.vault.has(user.chatId)).toBe(false);
      const before = user.visible().length;
      for (const id of [orders, account, details]) {
        const button = (h.fake.message(user.chatId, id)!.replyMarkup?.inline_keyboard ?? [])
          .flat()
          .find((b) => b !== undefined && "callback_data" in b) as { callback_data: string };
        const calls = await user.pressData(button.callback_data, id);
        expect(toast(calls)).toMatch(unlinked);
        expect(h.fake.message(user.chatId, id)!.replyMarkup?.inline_keyboard ?? []).toEqual([]);
        // A second press (a client that still shows the old keyboard) changes nothing either.
        const again = await user.pressData(button.callback_data, id);
        expect(toast(again)).toMatch(unlinked);
        expect(again.filter((c) => c.method !== "answerCallbackQuery")).toEqual([]);
      }
      expect(user.visible()).toHaveLength(before);
    });
});
