/**
 * The security feed: every chat linked to one exchanger account is told once, in its language, of
 * what happens to the account — the chat it was done from by its own screen, the others by a notice —
 * and no chat of another account; the kinds a chat may mute stay
 * quiet there, the two that always come still come; /activity lists the account's events; two bot
 * instances publishing the same event tell each chat once.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";
import { totp } from "../../../harness/two-factor.js";
import { messagesTo, notifierFor, subscribedUser } from "../../../notify/helpers.js";

/** The notices' first line in each language (the texts themselves, so a wording change moves the test along). */
const TITLE = /^🛡 (Security notice|Уведомление о безопасности|Сповіщення про безпеку)/;

function notices(harnesses: Harness[], user: SimUser): string[] {
  return messagesTo(harnesses, user.chatId).filter((text) => TITLE.test(text));
}

async function changePassword(h: Harness, user: SimUser, to: string): Promise<void> {
  const current = h.sandbox.accounts.main.password;
  await user.send("/password");
  await user.send(current);
  await user.send(to);
  await user.send(to);
  expect(user.transcript()).toMatch(/password has been changed|Пароль изменён|пароль змінено/i);
}

describe("the security feed", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("linking and a password change reach every chat of the account, once, in its language, and no other account's chat", async () => {
    const en = await h.linkedUser("main", { languageCode: "en" });
    const stranger = await h.linkedUser("twofa");
    const ru = await h.linkedUser("main", { languageCode: "ru" });
    // The chat that linked saw its welcome; the account's earlier chat hears of it.
    expect(notices([h], en)).toEqual([
      expect.stringMatching(
        /Another Telegram chat has linked your exchanger account[\s\S]*From: another chat[\s\S]*Not you\? Regenerate the API key/,
      ),
    ]);
    expect(notices([h], ru)).toEqual([]);
    const uk = await h.linkedUser("main", { languageCode: "uk" });
    expect(notices([h], ru)).toEqual([expect.stringMatching(/Другой чат Telegram привязал/)]);

    await changePassword(h, ru, "brand-new-pass");
    expect(notices([h], en).at(-1)).toMatch(
      /The password of your exchanger account was changed[\s\S]*When: .*UTC[\s\S]*From: another chat/,
    );
    // The chat it was done from read it on its screen: no second message there.
    expect(ru.lastText()).toMatch(/Пароль изменён/);
    expect(notices([h], uk)).toEqual([
      expect.stringMatching(/Пароль вашого акаунта в обміннику змінено[\s\S]*Звідки: інший чат/),
    ]);
    expect(notices([h], en)).toHaveLength(3);
    expect(notices([h], ru)).toHaveLength(1);
    expect(notices([h], stranger)).toEqual([]);
    // The notice leads to /activity and to support.
    const notice = h.fake.messages
      .filter((m) => m.chatId === en.chatId && TITLE.test(m.text))
      .at(-1)!;
    const buttons = (notice.replyMarkup?.inline_keyboard ?? []).flat().map((button) => button.text);
    expect(buttons).toContain("🛡 Activity");
  });

  it("payment details added and deleted, and 2FA on, are told to every chat of the account", async () => {
    const a = await h.linkedUser("main");
    const b = await h.linkedUser("main");
    await b.send("/details");
    await b.press("➕ Add");
    await b.send("usdt");
    await b.press("Tether TRC20");
    await b.send("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");
    expect(notices([h], a).at(-1)).toMatch(/Payment details were added[\s\S]*From: another chat/);
    expect(notices([h], b)).toEqual([]);

    await a.send("/details");
    await a.press("🗑 Delete…");
    await a.press("☐ 1.");
    await a.press("Delete selected (1)");
    await a.press("✅ Yes, delete (1)");
    expect(notices([h], b).at(-1)).toMatch(/Payment details were deleted[\s\S]*From: another chat/);

    await a.send("/2fa");
    await a.press("🔐 Turn on");
    const photo = a.visible().find((m) => m.from === "bot" && m.photo)!;
    const secret = photo.raw.match(/<code>([A-Z2-7 ]+)<\/code>/)![1]!.replace(/ /g, "");
    await a.send(totp(secret));
    expect(notices([h], b).at(-1)).toMatch(/2FA was turned on[\s\S]*From: another chat/);
    expect(a.lastText()).toMatch(/2FA is on/);
    expect(notices([h], a)).toHaveLength(2); // b linked, b added
    expect(notices([h], b)).toHaveLength(2); // a deleted, a turned 2FA on
  });

  it("a key that stopped working: the chat that met it is told on its screen, the account's other chats by the feed — also from the watcher", async () => {
    const a = await h.linkedUser("main");
    const b = await subscribedUser(h, "main");
    h.sandbox.revokeKey("main");
    await a.send("/account");
    expect(a.lastText()).toMatch(/key/i);
    expect(notices([h], a).filter((t) => /no longer works/.test(t))).toEqual([]);
    expect(notices([h], b)).toEqual([
      expect.stringMatching(/API key no longer works[\s\S]*From: another chat/),
    ]);
    expect(await h.app.deps.accountChats.chatsOf("1024")).toEqual([String(b.chatId)]);

    // The watcher meets the dead key in b's poll: b is told by the watcher, nobody is left to tell.
    const watcher = notifierFor(h);
    const report = await watcher.runOnce();
    expect(report.outcomes.revoked).toBe(1);
    expect(notices([h], b)).toHaveLength(1);
    expect(await h.app.deps.accountChats.chatsOf("1024")).toEqual([]);
    const log = await h.app.deps.accountEvents.recent("1024", String(a.chatId));
    expect(log.map((e) => [e.kind, e.from])).toEqual([
      ["key-stopped", "another-chat"],
      ["key-stopped", "this-chat"],
      ["chat-linked", "another-chat"],
      ["chat-linked", "this-chat"],
    ]);
  });

  it("muted kinds stay quiet in that chat only; a chat linking and a dead key always come", async () => {
    const a = await h.linkedUser("main");
    await a.send("/activity");
    expect(a.lastText()).toMatch(/always told/);
    for (const name of ["Password", "2FA", "Payment details", "Blocking"])
      await a.press(`✅ ${name}`);
    expect(a.lastText()).toMatch(/⬜ Password changes/);
    expect((await h.app.deps.settings.get(a.chatId)).notifyPassword).toBe(false);
    // No switch for the two that always come.
    const keyboard = a.lastBotMessage().replyMarkup?.inline_keyboard ?? [];
    const labels = keyboard.flat().map((button) => button.text);
    expect(labels.filter((l) => /link|key/i.test(l))).toEqual([]);

    const b = await h.linkedUser("main");
    await changePassword(h, b, "brand-new-pass");
    await h.app.deps.accountEvents.publish("1024", { kind: "account-blocked", at: Date.now() });
    expect(notices([h], a)).toEqual([expect.stringMatching(/Another Telegram chat has linked/)]);
    expect(notices([h], b).map((t) => t.split("\n")[1])).toEqual([
      "🚫 The exchanger has blocked your account.",
    ]);

    h.sandbox.revokeKey("main");
    await b.send("/account");
    expect(notices([h], a).at(-1)).toMatch(/API key no longer works/);

    // Switched on again: told again.
    await a.send("/activity");
    await a.press("⬜ Blocking");
    await h.app.deps.accountEvents.publish("1024", { kind: "account-unblocked", at: Date.now() });
    expect(notices([h], a).at(-1)).toMatch(/unblocked your account[\s\S]*From: the exchanger/);
  });

  it("/activity lists the account's events, from every chat, as this chat sees them, in its language", async () => {
    const a = await h.linkedUser("main", { languageCode: "uk" });
    const b = await h.linkedUser("main");
    await changePassword(h, b, "brand-new-pass");
    await a.send("/activity");
    const screen = a.lastText();
    expect(screen).toMatch(/Події акаунта/);
    const lines = screen.split("\n").filter((l) => l.startsWith("•"));
    expect(lines).toEqual([
      expect.stringMatching(/UTC — 🔑 Пароль змінено \(інший чат\)$/),
      expect.stringMatching(/— 🔗 Чат прив'язав акаунт \(інший чат\)$/),
      expect.stringMatching(/— 🔗 Чат прив'язав акаунт \(цей чат\)$/),
    ]);
    await b.send("/activity");
    expect(b.lastText()).toMatch(/Password changed \(this chat\)/);
    // At most 20 kept, newest first.
    for (let i = 0; i < 25; i++)
      await h.app.deps.accountEvents.publish("1024", {
        kind: "account-blocked",
        at: Date.now() + i,
      });
    expect(await h.app.deps.accountEvents.recent("1024", "x")).toHaveLength(20);
  });

  it("two instances: an event published by both tells each chat once; an action on one reaches the chats of the other", async () => {
    const second = await Harness.start({ sandbox: h.sandbox, prefix: h.prefix });
    try {
      const a = await h.linkedUser("main");
      const b = await second.linkedUser("main", { id: 990_001 });
      const both = [h, second];
      expect(notices(both, a)).toHaveLength(1); // b linked, told by the second instance

      const event = { kind: "account-blocked" as const, at: Date.now() };
      await Promise.all([
        h.app.deps.accountEvents.publish("1024", event),
        second.app.deps.accountEvents.publish("1024", event),
        h.app.deps.accountEvents.publish("1024", event),
      ]);
      expect(notices(both, a).filter((t) => /blocked/.test(t))).toHaveLength(1);
      expect(notices(both, b).filter((t) => /blocked/.test(t))).toHaveLength(1);
      const logged = await second.app.deps.accountEvents.recent("1024", String(b.chatId));
      expect(logged.filter((e) => e.kind === "account-blocked")).toHaveLength(1);

      await changePassword(second, b, "brand-new-pass");
      expect(notices(both, a).at(-1)).toMatch(/password of your exchanger account was changed/);
      expect(notices(both, a)).toHaveLength(3);
    } finally {
      await second.close();
    }
  });
});
