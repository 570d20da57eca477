import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SandboxOrder } from "../../../../src/sandbox/server.js";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";
import { expectDeleted, expectNoLeak, totp, wrongTotp } from "../../../harness/two-factor.js";

const SPEND = "/user-api-spend-balance";

describe("paying an order from the balance", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start({ env: { EXCHANGER_TIMEOUT_MS: "500" } });
  });
  afterEach(async () => {
    await h.close();
  });

  /** A created order of the account whose amount matches. */
  function createdOrder(
    account: "main" | "twofa",
    predicate: (amount: number) => boolean,
  ): SandboxOrder {
    const found = h.sandbox.state.accounts[account]!.orders.find(
      (o) => Number(o.status) === 0 && predicate(Number(o.send_amount)),
    );
    if (!found) throw new Error("the seed has no such order");
    return found;
  }

  /** Opens the confirmation card with `/pay <token>`; returns the card's message id and Pay button data. */
  async function openCard(user: SimUser, order: SandboxOrder) {
    await user.send(`/pay ${order.token}`);
    const { message, data } = user.findButton(/^✅ Pay/);
    expect(data).toMatch(/^pay:c:[A-Za-z0-9_-]{16}$/);
    return { messageId: message.messageId, data };
  }

  it("pays without 2FA: card with amount, status and balance, then the result in place", async () => {
    const user = await h.linkedUser("main");
    const order = createdOrder("main", (a) => a === 250);
    const card = await openCard(user, order);

    const text = user.lastText();
    expect(text).toContain(`Pay order #${order.id} from your balance`);
    expect(text).toMatch(/Amount: 250\.00 \S+/);
    expect(text).toContain("Status: 🆕 Created");
    expect(text).toContain("Your balance: 1500.00 USD");
    const lookup = h.exchangerCalls("/user-api-get-orders").at(-1)!;
    expect(lookup.fields).toMatchObject({ token: order.token, language: "en", limit: "5" });

    await user.press(/^✅ Pay/);
    const result = user.lastBotMessage();
    expect(result.messageId).toBe(card.messageId);
    expect(result.text).toContain(`Order #${order.id} is paid from your balance`);
    expect(result.text).toContain("Status: 💸 Paid");
    expect(result.text).toContain("Your balance: 1250.00 USD");
    expect(result.replyMarkup!.inline_keyboard).toEqual([
      [{ text: "☰ Menu", callback_data: "menu" }],
    ]);

    const spends = h.exchangerCalls(SPEND);
    expect(spends).toHaveLength(1);
    expect(spends[0]!.fields).toEqual({ token: order.token, language: "en" });
    expect(order.status).toBe(1);

    // The old button is single-use: pressing it again is answered, never paid twice.
    const again = await user.pressData(card.data, card.messageId);
    expect(again.find((c) => c.method === "answerCallbackQuery")!.payload.text).toMatch(
      /already being processed or is done/,
    );
    expect(h.exchangerCalls(SPEND)).toHaveLength(1);
    await expectNoLeak(h, [order.token, h.sandbox.accounts.main.apiKey]);
  });

  it("/pay's Paste a token asks for it; a bad or unknown token is explained and asked again", async () => {
    const user = await h.linkedUser("main");
    const order = createdOrder("main", (a) => a === 120);
    await user.send("/pay");
    await user.press("⌨️ Paste a token");
    expect(user.lastText()).toMatch(/Send me the token/);
    expect(user.lastBotMessage().replyMarkup?.inline_keyboard?.flat()[0]?.callback_data).toBe(
      "flow:cancel",
    );

    await user.send("not a token!");
    expect(user.lastText()).toMatch(/does not look like an order token/);
    // A command leaves the token prompt and runs; /pay starts it again.
    await user.send("/account");
    expect(user.lastText()).toMatch(/Your account/);
    await user.send("/pay");
    await user.press("⌨️ Paste a token");
    await user.sendPhoto();
    expect(user.lastText()).toMatch(/waiting for the order token/);
    await user.send("f".repeat(32));
    expect(user.lastText()).toMatch(/found no order with this token/);
    expect(h.exchangerCalls("/user-api-get-orders").at(-1)!.fields.token).toBe("f".repeat(32));

    await user.send(order.token);
    expect(user.lastText()).toContain(`Pay order #${order.id}`);
    // Cancel on the card: nothing is paid and the button is gone.
    await user.press("✖ Cancel");
    expect(user.lastText()).toMatch(/Payment cancelled/);
    expect(h.exchangerCalls(SPEND)).toHaveLength(0);
  });

  it("opens the card from an order card's button (pay:o:<id>) and re-checks the status (pay:s:<id>)", async () => {
    const user = await h.linkedUser("main");
    const order = createdOrder("main", (a) => a === 120);
    await user.send("/menu");
    const menu = user.lastBotMessage();
    await user.pressData(`pay:o:${order.id}`, menu.messageId);
    expect(user.lastBotMessage().messageId).toBe(menu.messageId);
    expect(user.lastText()).toContain(`Pay order #${order.id}`);
    expect(h.exchangerCalls("/user-api-get-orders").at(-1)!.fields).toMatchObject({
      id: String(order.id),
      language: "en",
    });

    // Forged data for an order that is not ours, or garbage: handled, never a crash.
    await user.pressData("pay:o:999999", menu.messageId);
    expect(user.lastText()).toMatch(/was not found in your account/);
    const forged = await user.pressData("pay:c:AAAAAAAAAAAAAAAA", menu.messageId);
    expect(forged.find((c) => c.method === "answerCallbackQuery")!.payload.text).toBe(
      "This button has expired.",
    );
    expect(h.exchangerCalls(SPEND)).toHaveLength(0);
  });

  it("from the real order card: its Pay button opens the confirmation in place, then pays", async () => {
    const user = await h.linkedUser("main");
    const order = createdOrder("main", (a) => a === 120);
    await user.send(`/order ${order.id}`);
    const orderCard = user.lastBotMessage();
    await user.press("💳 Pay from balance");
    expect(user.lastBotMessage().messageId).toBe(orderCard.messageId);
    expect(user.lastText()).toContain(`Pay order #${order.id} from your balance`);
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toContain(`Order #${order.id} is paid`);
    expect(h.exchangerCalls(SPEND)).toHaveLength(1);
  });

  it("refuses orders that are not in status created, before and at confirmation", async () => {
    const user = await h.linkedUser("main");
    const paid = h.sandbox.state.accounts.main!.orders.find((o) => Number(o.status) === 1)!;
    await user.send(`/pay ${paid.token}`);
    expect(user.lastText()).toContain("Status: 💸 Paid");
    expect(user.lastText()).toMatch(/cannot be paid: only orders awaiting payment/);
    expect(() => user.findButton(/^✅ Pay/)).toThrow();

    const order = createdOrder("main", (a) => a === 120);
    await openCard(user, order);
    h.sandbox.setOrderStatus("main", order.id, 3);
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toMatch(
      new RegExp(`Order #${order.id} can no longer be paid: its status is now “❌ Canceled”`),
    );
    expect(h.exchangerCalls(SPEND)).toHaveLength(0);
  });

  it("shows the exchanger's refusal (insufficient balance); nothing is charged", async () => {
    const user = await h.linkedUser("main");
    const order = createdOrder("main", (a) => a === 5000);
    await openCard(user, order);
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toMatch(/did not pay order #\d+: Insufficient balance/);
    expect(user.lastText()).toMatch(/Nothing was charged/);
    expect(h.exchangerCalls(SPEND)).toHaveLength(1);
    expect(h.sandbox.state.accounts.main!.balance).toBe(1500);
  });

  it("pays with 2FA: asks for the code, checks its format, a wrong code then the right one", async () => {
    const user = await h.linkedUser("twofa");
    const secret = h.sandbox.accounts.twofa.twoFactorSecret!;
    const order = createdOrder("twofa", (a) => a === 50);
    const card = await openCard(user, order);
    await user.press(/^✅ Pay/);
    expect(user.lastBotMessage().messageId).toBe(card.messageId);
    expect(user.lastText()).toMatch(/2FA on.*send the current 6-digit code/is);
    expect(h.exchangerCalls(SPEND)).toHaveLength(0);

    await user.send("12 34");
    expect(user.lastText()).toMatch(/A code is 6 digits/);
    const wrong = wrongTotp(secret);
    await user.send(wrong);
    expect(user.lastText()).toMatch(/not accepted.*2 attempts left/);
    const right = totp(secret);
    await user.send(right);
    expect(user.lastText()).toContain(`Order #${order.id} is paid from your balance`);
    expect(user.lastText()).toContain("Your balance: 250.00 USD");

    const spends = h.exchangerCalls(SPEND);
    expect(spends.map((r) => r.fields.two_factor_authentication_password)).toEqual([wrong, right]);
    expect(spends.every((r) => r.fields.token === order.token && r.fields.language === "en")).toBe(
      true,
    );
    expectDeleted(h, user.chatId, ["12 34", wrong, right]);
    await expectNoLeak(h, [wrong, right, secret, order.token, h.sandbox.accounts.twofa.apiKey]);
  });

  it("stops after three wrong codes with nothing paid", async () => {
    const user = await h.linkedUser("twofa");
    const secret = h.sandbox.accounts.twofa.twoFactorSecret!;
    const order = createdOrder("twofa", (a) => a === 50);
    await openCard(user, order);
    await user.press(/^✅ Pay/);
    const wrong = wrongTotp(secret);
    for (let i = 0; i < 3; i++) await user.send(wrong);
    expect(user.lastText()).toMatch(/Too many wrong codes/);
    expect(user.lastText()).toContain(`Order #${order.id} was not paid`);
    expect(h.exchangerCalls(SPEND)).toHaveLength(3);
    // The flow is over: a code now is just stray text.
    await user.send(totp(secret));
    expect(h.exchangerCalls(SPEND)).toHaveLength(3);
    expect(order.status).toBe(0);
  });

  it("learns that 2FA is on from the exchanger's error and asks for the code", async () => {
    const user = await h.linkedUser("twofa");
    const order = createdOrder("twofa", (a) => a === 50);
    await openCard(user, order);
    // The chat believes 2FA is off (e.g. the exchanger's user object does not say).
    await h.app.deps.settings.update(user.chatId, { twofa: false });
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toMatch(/send the current 6-digit code/);
    expect((await h.app.deps.settings.get(user.chatId)).twofa).toBe(true);
    await user.send(totp(h.sandbox.accounts.twofa.twoFactorSecret!));
    expect(user.lastText()).toMatch(/is paid/);
    const spends = h.exchangerCalls(SPEND);
    expect(spends).toHaveLength(2);
    expect(spends[0]!.fields.two_factor_authentication_password).toBeUndefined();
  });

  it("resumes the code prompt after a bot restart", async () => {
    const user = await h.linkedUser("twofa");
    const order = createdOrder("twofa", (a) => a === 120);
    await openCard(user, order);
    await user.press(/^✅ Pay/);
    await h.restart();
    await user.send(totp(h.sandbox.accounts.twofa.twoFactorSecret!));
    expect(user.lastText()).toContain(`Order #${order.id} is paid`);
    expect(h.exchangerCalls(SPEND)).toHaveLength(1);
  });

  it("/cancel at the code prompt leaves the flow; nothing is paid", async () => {
    const user = await h.linkedUser("twofa");
    const order = createdOrder("twofa", (a) => a === 120);
    await openCard(user, order);
    await user.press(/^✅ Pay/);
    await user.press("✖ Cancel");
    expect(user.lastText()).toMatch(/Cancelled/);
    await user.send(totp(h.sandbox.accounts.twofa.twoFactorSecret!));
    expect(h.exchangerCalls(SPEND)).toHaveLength(0);
  });

  it("20 parallel presses of one confirmation: exactly one spend-balance call, every press answered", async () => {
    const user = await h.linkedUser("main");
    const order = createdOrder("main", (a) => a === 250);
    const card = await openCard(user, order);
    const before = h.fake.callsOf("answerCallbackQuery").length;
    // pressData fails the test unless the bot answered that very callback query.
    await Promise.all(Array.from({ length: 20 }, () => user.pressData(card.data, card.messageId)));
    expect(h.exchangerCalls(SPEND)).toHaveLength(1);
    const toasts = h.fake
      .callsOf("answerCallbackQuery")
      .slice(before)
      .map((c) => String(c.payload.text));
    expect(toasts).toHaveLength(20);
    expect(toasts.filter((t) => t === "⏳ Paying…")).toHaveLength(1);
    // The 19 repeats arrived while the first was pending: coalesced into it, answered without a word.
    expect(toasts.filter((t) => t === "undefined")).toHaveLength(19);
    expect(user.lastText()).toMatch(/is paid/);
  });

  it("20 parallel presses on a 2FA account: one code prompt, then one payment", async () => {
    const user = await h.linkedUser("twofa");
    const order = createdOrder("twofa", (a) => a === 50);
    const card = await openCard(user, order);
    await Promise.all(Array.from({ length: 20 }, () => user.pressData(card.data, card.messageId)));
    expect(h.exchangerCalls(SPEND)).toHaveLength(0);
    expect(user.lastText()).toMatch(/send the current 6-digit code/);
    await user.send(totp(h.sandbox.accounts.twofa.twoFactorSecret!));
    expect(h.exchangerCalls(SPEND)).toHaveLength(1);
    expect(user.lastText()).toMatch(/is paid/);
  });

  it("two bot instances on one Redis pressing the same confirmation: one call", async () => {
    const user = await h.linkedUser("main");
    const order = createdOrder("main", (a) => a === 250);
    const card = await openCard(user, order);
    const second = await Harness.start({
      sandbox: h.sandbox,
      prefix: h.prefix,
      env: { EXCHANGER_TIMEOUT_MS: "500" },
    });
    try {
      // The same chat seen by the second instance (its own Telegram fake holds a copy of the card).
      const twin = second.user({ id: user.id });
      second.fake.messages.push({ ...h.fake.message(user.chatId, card.messageId)! });
      const a = user.callbackUpdate(card.data, card.messageId);
      const b = twin.callbackUpdate(card.data, card.messageId);
      await Promise.all([
        h.deliver(a.update),
        second.deliver(b.update),
        h.deliver(user.callbackUpdate(card.data, card.messageId).update),
      ]);
      expect(h.exchangerCalls(SPEND)).toHaveLength(1);
      // The single-use confirmation decided it, not only the status re-read: one press won.
      const toasts = [
        ...h.fake.callsOf("answerCallbackQuery"),
        ...second.fake.callsOf("answerCallbackQuery"),
      ].map((c) => String(c.payload.text));
      expect(toasts.filter((t) => t === "⏳ Paying…")).toHaveLength(1);
      // The other instance's press is refused by the confirmation; the repeat on this instance coalesced.
      expect(toasts.filter((t) => /already being processed/.test(t))).toHaveLength(1);
      expect(toasts.filter((t) => t === "undefined")).toHaveLength(1);
      expect(h.fake.wasAnswered(a.queryId)).toBe(true);
      expect(second.fake.wasAnswered(b.queryId)).toBe(true);
      expect(order.status).toBe(1);
    } finally {
      await second.close();
    }
  });

  it("an unanswered spend-balance: outcome unknown, not retried, and the re-check shows the real status", async () => {
    const user = await h.linkedUser("main");
    const order = createdOrder("main", (a) => a === 250);
    await openCard(user, order);
    h.sandbox.injectFault({ path: SPEND, kind: "stall" });
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toMatch(
      /no clear answer \(no reply in time, or a server error\), so the outcome of paying order #\d+ is unknown/,
    );
    expect(user.lastText()).toMatch(/I did not repeat it/);
    expect(h.exchangerCalls(SPEND)).toHaveLength(1);

    await user.press("🔄 Check order status");
    expect(user.lastText()).toContain("Status checked just now");
    expect(user.lastText()).toContain("Status: 🆕 Created");
    expect(h.exchangerCalls("/user-api-get-orders").at(-1)!.fields.id).toBe(String(order.id));
    // The lock of the unanswered attempt still holds: a new confirmation does not pay again yet.
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toMatch(/already in progress \(or its outcome is still unknown\)/);
    expect(h.exchangerCalls(SPEND)).toHaveLength(1);
  });

  it("a connection reset during spend-balance is also an unknown outcome", async () => {
    const user = await h.linkedUser("main");
    const order = createdOrder("main", (a) => a === 250);
    await openCard(user, order);
    h.sandbox.injectFault({ path: SPEND, kind: "reset" });
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toMatch(/outcome of paying order #\d+ is unknown/);
    expect(h.exchangerCalls(SPEND)).toHaveLength(1);
  });

  it("answers in the chat's language, and the exchanger is asked in it too", async () => {
    const user = await h.linkedUser("main", { languageCode: "uk" });
    const order = createdOrder("main", (a) => a === 5000);
    await openCard(user, order).catch(() => undefined);
    expect(user.lastText()).toContain(`Оплата заявки №${order.id} з балансу`);
    await user.press(/^✅ Оплатити/);
    expect(user.lastText()).toMatch(
      /Обмінник не оплатив заявку №\d+: Недостатньо коштів на балансі/,
    );
    expect(h.exchangerCalls(SPEND)[0]!.fields.language).toBe("uk");
  });
});
