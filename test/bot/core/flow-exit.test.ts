/**
 * Issue 14 (items 3, 4, 7, 8): flows never hold the chat, and their buttons stop acting when they end.
 * A Cancel pressed after the flow ended changes nothing and says so; the prompts lose their buttons;
 * a command or another screen's button leaves the flow and runs; a half-filled form asks first.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ApiCall } from "../../harness/telegram-fake.js";
import { Harness } from "../../harness/harness.js";
import type { SimUser } from "../../harness/user.js";
import { totp } from "../../harness/two-factor.js";
import { LEAVE_YES } from "../../../src/bot/core/codec.js";

const toast = (calls: ApiCall[]) =>
  String(calls.find((c) => c.method === "answerCallbackQuery")?.payload.text ?? "");
const CHANGE = "/user-api-change-password";

const ALREADY_DONE = {
  en: "✅ Already done: this button no longer does anything.",
  ru: "✅ Уже выполнено: эта кнопка больше ничего не делает.",
  uk: "✅ Уже виконано: ця кнопка більше нічого не робить.",
} as const;
const CANCELLED = /Cancelled|Отменено|Скасовано/;

describe("flows: honest buttons and leaving", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
    h.sandbox.state.accounts.main!.verification!.status = "rejected"; // may be sent again (an approved one may not)
  });
  afterEach(async () => {
    await h.close();
  });

  const buttonsOf = (user: SimUser, messageId: number) =>
    (h.fake.message(user.chatId, messageId)!.replyMarkup?.inline_keyboard ?? []).flat();

  /** Presses data on a message and checks the press changed nothing the user sees but the toast. */
  async function pressChangesNothing(
    user: SimUser,
    data: string,
    messageId: number,
  ): Promise<string> {
    const before = user.visible().map((m) => `${m.messageId}:${m.text}`);
    const calls = await user.pressData(data, messageId);
    expect(user.visible().map((m) => `${m.messageId}:${m.text}`)).toEqual(before);
    expect(
      calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText"),
    ).toEqual([]);
    return toast(calls);
  }

  for (const lang of ["en", "ru", "uk"] as const) {
    it(`pay with 2FA (${lang}): the toast says to enter the code; after paying, the prompt's Cancel is gone and a late press says "already done"`, async () => {
      const user = await h.linkedUser("twofa", { languageCode: lang });
      const order = h.sandbox.state.accounts.twofa!.orders.find((o) => Number(o.status) === 0)!;
      await user.send(`/pay ${order.token}`);
      const pay = user.findButton(/^✅/);
      const pressed = await user.pressData(pay.data, pay.message.messageId);
      expect(toast(pressed)).toBe(
        {
          en: "🔐 Enter the code from your authenticator app.",
          ru: "🔐 Введите код из приложения-аутентификатора.",
          uk: "🔐 Введіть код із застосунку-автентифікатора.",
        }[lang],
      );
      const prompt = user.lastBotMessage().messageId;
      expect(buttonsOf(user, prompt).map((b) => b.callback_data)).toEqual(["flow:cancel"]);

      await user.send(totp(h.sandbox.accounts.twofa.twoFactorSecret!));
      expect(h.exchangerCalls("/user-api-spend-balance")).toHaveLength(1);
      const result = user.lastText();
      // The code prompt lost its Cancel when the flow ended.
      expect(buttonsOf(user, prompt)).toEqual([]);

      // A press that still arrives (an old client, a double tap) changes nothing and says so.
      expect(await pressChangesNothing(user, "flow:cancel", prompt)).toBe(ALREADY_DONE[lang]);
      expect(user.lastText()).toBe(result);
      expect(user.transcript()).not.toMatch(CANCELLED);
      expect(h.exchangerCalls("/user-api-spend-balance")).toHaveLength(1);
    });
  }

  it("add detail: after saving, the prompts have no buttons and a late Cancel says already done", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("➕ Add");
    const picker = user.lastBotMessage().messageId;
    await user.press("Bitcoin");
    const valuePrompt = user.lastBotMessage().messageId;
    await user.send("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    expect(user.transcript()).toContain(
      "Saved: Bitcoin — bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    );
    expect(buttonsOf(user, picker)).toEqual([]);
    expect(buttonsOf(user, valuePrompt)).toEqual([]);
    expect(await pressChangesNothing(user, "flow:cancel", valuePrompt)).toBe(ALREADY_DONE.en);
    expect(user.transcript()).not.toMatch(CANCELLED);
    expect(h.exchangerCalls("/user-api-create-details")).toHaveLength(1);
  });

  it("password (uk): after the change, a late Cancel on the first prompt says already done", async () => {
    const user = await h.linkedUser("main", { languageCode: "uk" });
    await user.send("/password");
    const first = user.lastBotMessage().messageId;
    for (const text of ["main-demo-pass", "changed-pass-1", "changed-pass-1"])
      await user.send(text);
    expect(h.sandbox.accounts.main.password).toBe("changed-pass-1");
    // Every prompt of the flow lost its Cancel (the messages before /password are not the flow's);
    // the result's one button is the way on, ☰ Menu.
    const bot = user.visible().filter((m) => m.from === "bot" && m.messageId >= first);
    const buttons = bot.flatMap((m) => (m.replyMarkup?.inline_keyboard ?? []).flat());
    expect(buttons.map((b) => b.callback_data)).toEqual(["menu"]);
    expect(bot.at(-1)!.text).toContain("Пароль змінено");
    expect(await pressChangesNothing(user, "flow:cancel", first)).toBe(ALREADY_DONE.uk);
    expect(user.transcript()).not.toMatch(CANCELLED);
  });

  it("a Cancel of a flow cancelled before says so, and cancels nothing else", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    const first = user.lastBotMessage().messageId;
    await user.press("✖ Cancel");
    expect(user.lastText()).toMatch(/Cancelled/);
    // A new flow is running; the old prompt's Cancel must not end it.
    await user.send("/pay");
    await user.press("⌨️ Paste a token");
    expect(await pressChangesNothing(user, "flow:cancel", first)).toBe(
      "This step was already cancelled; nothing to do here.",
    );
    await user.send("not a token!");
    expect(user.lastText()).toMatch(/does not look like an order token/);
  });

  it("a command during the password flow runs, and the next text is not taken as a password", async () => {
    const user = await h.linkedUser("main");
    await user.send("/password");
    const prompt = user.lastBotMessage().messageId;
    await user.send("/account");
    expect(user.lastText()).toMatch(/Your account/);
    // The command itself stays: it is not a secret.
    expect(user.visible().some((m) => m.from === "user" && m.text === "/account")).toBe(true);
    expect(buttonsOf(user, prompt)).toEqual([]);
    await user.send("main-demo-pass");
    expect(user.lastText()).not.toMatch(/new password/);
    expect(h.exchangerCalls(CHANGE)).toHaveLength(0);
    expect(await pressChangesNothing(user, "flow:cancel", prompt)).toBe(
      "You left this step for another screen; nothing to do here.",
    );
  });

  it("a menu button on an older message during a flow leaves the flow and opens the screen", async () => {
    const user = await h.linkedUser("main");
    await user.send("/menu");
    const menu = user.lastBotMessage().messageId;
    await user.send("/password");
    await user.send("main-demo-pass");
    expect(user.lastText()).toMatch(/new password/);
    await user.press("👤 Account", menu);
    expect(h.fake.message(user.chatId, menu)!.text).toMatch(/Your account/);
    await user.send("another-new-pass");
    expect(user.lastText()).not.toMatch(/once more/);
    expect(h.exchangerCalls(CHANGE)).toHaveLength(0);
  });

  it("a half-filled verification form asks before leaving; No keeps it, Yes leaves", async () => {
    const user = await h.linkedUser("main", { languageCode: "ru" });
    await user.send("/verify");
    await user.press("📤 Пройти верификацию");
    await user.press(/Банковская карта/);
    await user.send("4111 1111 1111 1111");
    await user.send("/orders");
    expect(user.lastText()).toBe("❓ Выйти из анкеты? Всё, что вы ввели, будет потеряно.");
    expect(user.transcript()).not.toMatch(/Ваши заявки/);
    await user.press("Нет, остаться");
    expect(user.lastText()).toMatch(/Продолжаем/);
    await user.send("Ivan");
    expect(user.lastText()).toMatch(/фамили/i);

    await user.send("/orders");
    const asked = user.lastBotMessage().messageId;
    await user.press("Да, выйти");
    // The question becomes "form left", and the command that asked runs, once, without being sent again.
    expect(h.fake.message(user.chatId, asked)!.text).toBe("Анкета закрыта.");
    expect(user.lastText()).toMatch(/Ваши заявки/);
    const lists = () =>
      user.visible().filter((m) => m.from === "bot" && /Ваши заявки/.test(m.text));
    expect(lists()).toHaveLength(1);
    // A second press of the same Yes runs nothing again.
    await user.pressData(LEAVE_YES, asked);
    expect(lists()).toHaveLength(1);
    await user.send("Petrenko");
    expect(h.exchangerCalls("/user-api-submit-verification")).toHaveLength(0);
    expect(user.lastText()).not.toMatch(/Проверьте/);
  });

  it("a command that leaves a half-filled form runs once after Yes, even one that starts another flow (en)", async () => {
    const user = await h.linkedUser("main");
    await user.send("/verify");
    await user.press("📤 Submit verification");
    await user.press(/Bank card/);
    await user.send("4111 1111 1111 1111");
    await user.send("/password");
    expect(user.lastText()).toBe("❓ Leave the form? What you entered will be lost.");
    const asked = user.lastBotMessage().messageId;
    await user.press("Yes, leave");
    expect(h.fake.message(user.chatId, asked)!.text).toBe("Form left.");
    // /password ran without being sent again, and its flow holds the next text.
    expect(user.lastText()).toMatch(/Send your current password/);
    expect(user.transcript().match(/Send your current password/g)).toHaveLength(1);
    await user.send(h.sandbox.accounts.main.password);
    expect(user.lastText()).toMatch(/send the new password/);
  });

  it("No forgets the command that asked; Yes after a button's question runs no old command", async () => {
    const user = await h.linkedUser("main");
    const menu = user.lastBotMessage().messageId;
    await user.send("/verify");
    await user.press("📤 Submit verification");
    await user.press(/Bank card/);
    await user.send("4111 1111 1111 1111");
    await user.send("/account");
    await user.press("No, stay");
    // A button of another screen asks too; Yes leaves, says to press it again, and /account (forgotten at No) does not run.
    await user.press("📋 Orders", menu);
    expect(user.lastText()).toBe("❓ Leave the form? What you entered will be lost.");
    const before = user.visible().length;
    await user.press("Yes, leave");
    expect(user.lastText()).toBe("Form left. Press the button again.");
    expect(user.visible()).toHaveLength(before);
  });

  it("a form with nothing typed yet is left without a question", async () => {
    const user = await h.linkedUser("main");
    await user.send("/verify");
    await user.press("📤 Submit verification");
    await user.send("/account");
    expect(user.lastText()).toMatch(/Your account/);
  });
});
