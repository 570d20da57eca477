/**
 * A server built on a common PHP framework (the sandbox's `framework` dialect), end to end through
 * the real bot in en/ru/uk: a validation answer (HTTP 422, field errors, no `success`) that asks for
 * the 2FA code leads to the code prompt and its field message reaches the user; markup in messages is
 * read as text; JSON text inside a value reads as fields; MySQL's zero date is no date; `two_fa` is
 * said in words; a direction's fields keyed by id name the saved fields; a detail's currency object
 * names its currency; a status titled "not completed" is never read as completed.
 */
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/languages.js";
import { harnessPerTest } from "../harness/per-test.js";
import { totp } from "../harness/two-factor.js";

const plain = (html: string) => html.replace(/<[^>]+>/g, "");

const WORDS = {
  en: {
    pay: /^✅ Pay/,
    code: "6-digit code",
    duplicate: "This value has already been saved.",
    twofa: "🔐 2FA: on",
    first: "First name: Ivan",
  },
  ru: {
    pay: /^✅ Оплатить/,
    code: "6-значный код",
    duplicate: "Это значение уже сохранено.",
    twofa: "🔐 2FA: включена",
    first: "Имя: Ivan",
  },
  uk: {
    pay: /^✅ Оплатити/,
    code: "6-значний код",
    duplicate: "Це значення вже збережено.",
    twofa: "🔐 2FA: увімкнено",
    first: "Ім'я: Ivan",
  },
} as const;

describe("a server built on a common PHP framework", () => {
  const harness = harnessPerTest({ dialect: "framework" });

  it.each(LANGUAGES)(
    "a validation answer naming only the 2FA field asks for the code, and the payment goes through (%s)",
    async (lang) => {
      const h = harness();
      const user = await h.linkedUser("main", { languageCode: lang });
      const account = h.sandbox.state.accounts.main!;
      const order = account.orders.find((o) => Number(o.status) === 0)!;
      await user.send(`/pay ${order.token}`);
      // 2FA switched on at the website between the card and the press: the bot does not know yet.
      account.twoFactorSecret = "JBSWY3DPEHPK3PXP";
      await user.press(WORDS[lang].pay);
      // The sandbox answered HTTP 422 {"message": …, "errors": {"two_factor_authentication_password": ["This field is required."]}}.
      expect(h.exchangerCalls("/user-api-spend-balance").at(-1)!.status).toBe(422);
      expect(user.lastText()).toContain(WORDS[lang].code);
      await user.send(totp("JBSWY3DPEHPK3PXP"));
      expect(Number(account.orders.find((o) => o.id === order.id)!.status)).toBe(1);
    },
  );

  it.each(LANGUAGES)(
    "a duplicate detail is refused with the field's own message, a message in markup is read as text (%s)",
    async (lang) => {
      const h = harness();
      const user = await h.linkedUser("main", { languageCode: lang });
      const existing = h.sandbox.state.accounts.main!.details[2]!; // a bitcoin address
      const before = h.sandbox.state.accounts.main!.details.length;
      await user.send("/details");
      await user.press(/^➕/);
      await user.press(/Bitcoin/);
      await user.send(existing.value);
      expect(plain(user.transcript())).toContain(WORDS[lang].duplicate);
      expect(h.sandbox.state.accounts.main!.details).toHaveLength(before);
      // A refusal written `&lt;b&gt;Error!&lt;/b&gt; … &lt;br&gt;`: words, never the markup.
      h.sandbox.state.accounts.main!.balance = 1;
      const order = h.sandbox.state.accounts.main!.orders.find((o) => Number(o.status) === 0)!;
      await user.send(`/pay ${order.token}`);
      await user.press(WORDS[lang].pay);
      expect(user.lastText()).toMatch(/Error! \S/);
      expect(user.transcript()).not.toMatch(/&lt;|&amp;lt;|<br>|&lt;br/);
    },
  );

  it.each(LANGUAGES)(
    "JSON text inside the request reads as its fields, the 2FA flag in words, zero dates absent (%s)",
    async (lang) => {
      const h = harness();
      const user = await h.linkedUser("main", { languageCode: lang });
      await user.send("/verify");
      expect(plain(user.lastText())).toContain(WORDS[lang].first);
      expect(user.lastText()).not.toContain('{"');
      const twofa = await h.linkedUser("twofa", { languageCode: lang });
      await twofa.send("/account");
      expect(twofa.lastText()).toContain(WORDS[lang].twofa);
      const order = h.sandbox.state.accounts.main!.orders.find((o) => Number(o.status) === 0)!;
      await user.send(`/order ${order.id}`);
      expect(user.lastText()).not.toContain("0000-00-00");
    },
  );

  it("saved fields are named by the directions' fields keyed by id, details by their currency object", async () => {
    const h = harness();
    const user = await h.linkedUser("main");
    await user.send("/inputs");
    expect(user.lastText()).toContain("Card number: 537541******9876");
    expect(user.lastText()).toContain("E-mail: ivan.petrenko@example.com");
    await user.send("/details");
    expect(user.lastText()).toContain("Tether TRC20");
    expect(user.lastText()).not.toMatch(/—\n|#\d+\n/);
  });

  it.each(LANGUAGES)(
    "a status titled as a negation is never read as its positive, and offers no Pay (%s)",
    async (lang) => {
      const h = harness();
      const user = await h.linkedUser("main", { languageCode: lang });
      for (const status of ["not_completed", "Не выполнена", "Не виконана", "Not finished"]) {
        const order = h.sandbox.addOrder("main", { status });
        await user.send(`/order ${String(order.id)}`);
        expect(user.lastText()).not.toMatch(/[✅💸]/u);
        const buttons = (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat();
        expect(buttons.some((b) => b.text.startsWith("💳"))).toBe(false);
      }
    },
  );
});
