/**
 * Past the point of no return of private-api-create-order (issue 30, item 1): once the request has
 * left, what the user reads is the exchanger's answer — the order's number, token and where to pay, or
 * "not known yet: check /orders before creating again" — never "Something went wrong, try again",
 * whatever fails after: a Redis of the test's own refusing writes or stopped the moment the exchanger
 * has created the order, Telegram refusing the card ("message is too long"), an answer longer than one
 * message, or the process killed while the request was in flight (finished at the next start).
 */
import { describe, expect, it } from "vitest";
import type { SandboxOrder } from "../../src/sandbox/server.js";
import type { SimUser } from "../harness/user.js";
import { errorLogs } from "./helpers.js";
import { botMessages, botSaid, proxiedWorldPerTest } from "./proxied-world.js";
import { rememberCreating } from "../../src/bot/features/exchange/in-flight.js";
import { toSummary } from "../bot/features/exchange/steps.js";
import { until } from "./own-sentinel.js";

const CREATE = "/private-api-create-order";
const ADMIN_CHAT = 424243;

describe("failures after an order is created", { timeout: 60_000 }, () => {
  const world = proxiedWorldPerTest(ADMIN_CHAT, (sandbox) => ({
    PRIVATE_API_KEY: sandbox.operatorKey,
  }));

  const created = (): SandboxOrder =>
    world().sandbox.state.accounts.main!.orders.find((o) => o.send_amount === "100.50")!;
  const botCount = (user: SimUser) => botMessages(world().h, user.chatId).length;
  const said = (user: SimUser, from: number) => botSaid(world().h, user.chatId, from);
  const alerts = () => botMessages(world().h, ADMIN_CHAT).map((m) => m.text);

  /**
   * A linked user at the summary presses Create and the request reaches the exchanger, whose answer
   * the process never hears (it is about to be "killed"). `release` lets the held request end.
   */
  async function createInFlight() {
    const { h, proxy } = world();
    const user = await h.linkedUser("main");
    await toSummary(user);
    const { message, data: createData } = user.findButton(/Create order/);
    let release: (verdict: "drop") => void = () => undefined;
    const held = new Promise<"drop">((resolve) => (release = resolve));
    let reached = false;
    proxy.hooks.afterAnswer = (path) => {
      if (path !== CREATE) return "pass";
      reached = true;
      return held; // the old process never hears back
    };
    const pressing = user.press(/Create order/);
    await until("create-order to reach the exchanger", async () => reached);
    const done = async () => {
      release("drop");
      await pressing;
    };
    return { user, summaryId: message.messageId, createData, done };
  }

  it("storage refusing writes right after create-order: the order's number and token, not “try again”; logged and alerted once", async () => {
    const { h, proxy, redis } = world();
    const user = await h.linkedUser("main");
    await toSummary(user);
    const before = botCount(user);
    proxy.hooks.afterAnswer = async (path): Promise<"pass"> => {
      if (path === CREATE) await redis.refuseWrites();
      return "pass";
    };
    await user.press(/Create order/);

    const order = created();
    expect(h.exchangerCalls(CREATE)).toHaveLength(1);
    const text = said(user, before);
    expect(text).toContain(`Order #${order.id}`);
    expect(text).toContain(order.token);
    expect(text).toContain(String(order.pay_to));
    expect(text).not.toMatch(/try again|Something went wrong/i);
    expect(errorLogs(h).join("\n")).toMatch(/failure after a create-order left/);
    const told = alerts().filter((a) => a.includes("sent to the exchanger for creation"));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(`order #${order.id}`);
  });

  it("Redis stopped right after create-order, its answer lost too: the order is found and shown, never “try again”", async () => {
    const { h, proxy, redis } = world();
    const user = await h.linkedUser("main");
    await toSummary(user);
    const before = botCount(user);
    proxy.hooks.afterAnswer = async (path) => {
      if (path !== CREATE) return "pass";
      await redis.crash();
      return "drop";
    };
    await user.press(/Create order/);

    expect(h.exchangerCalls(CREATE)).toHaveLength(1);
    const text = said(user, before);
    expect(text).toContain(`Order #${created().id}`);
    expect(text).not.toMatch(/try again|Something went wrong/i);
    expect(alerts().join("\n")).toMatch(/sent to the exchanger for creation/);
  });

  it("Telegram refusing the order's card: the user still reads its number, token and where to pay", async () => {
    const { h, proxy } = world();
    const user = await h.linkedUser("main");
    await toSummary(user);
    const before = botCount(user);
    proxy.hooks.afterAnswer = (path) => {
      if (path === CREATE) h.fake.failNext("sendMessage", 400, "Bad Request: message is too long");
      return "pass";
    };
    await user.press(/Create order/);

    const order = created();
    const text = said(user, before);
    expect(text).toContain(`Order #${order.id} is created.`);
    expect(text).toContain(order.token);
    expect(text).toContain(String(order.pay_to));
    expect(text).not.toMatch(/try again|Something went wrong/i);
    expect(alerts().join("\n")).toContain(`order #${order.id}`);
  });

  it("an answer longer than one message: the card is cut to fit, the payment part kept, nothing refused", async () => {
    const { h, proxy } = world();
    const user = await h.linkedUser("main");
    await toSummary(user);
    proxy.hooks.rewrite = (path, body) => {
      if (path !== CREATE) return body;
      const answer = JSON.parse(body.toString()) as { result: Record<string, unknown> };
      for (let i = 0; i < 40; i++) answer.result[`remark_${i}`] = "long remark ".repeat(30);
      return Buffer.from(JSON.stringify(answer));
    };
    await user.press(/Create order/);

    const order = created();
    const card = user.visible().find((m) => m.text.includes("The order is created"))!;
    expect(card.text).toContain(`Order #${order.id}`);
    expect(card.text).toContain(order.token);
    expect(card.text).toContain(String(order.pay_to));
    expect(card.text.length).toBeLessThanOrEqual(4096);
    expect(user.transcript()).not.toMatch(/try again|Something went wrong/i);
  });

  it("the process killed while create-order is in flight: the next start tells the user what became of it", async () => {
    const { h } = world();
    const { summaryId, done } = await createInFlight();
    const summaryText = () => h.fake.messages.find((m) => m.messageId === summaryId)!.text;
    expect(summaryText()).toContain("Creating the order…");

    const old = await h.restartAfterCrash();
    await h.app.resumeInterrupted({ graceMs: 0 });

    const order = created();
    expect(summaryText()).not.toContain("Creating the order…");
    expect(summaryText()).toContain("The bot restarted while creating your order");
    expect(summaryText()).toContain(`Order #${order.id}`);
    expect(summaryText()).toContain(order.token);
    expect(h.exchangerCalls(CREATE)).toHaveLength(1);
    // Told once: a second start finds nothing left to finish.
    const count = h.fake.messages.length;
    await h.app.resumeInterrupted({ graceMs: 0 });
    expect(h.fake.messages.length).toBe(count);

    await done();
    await old.close();
  });

  it("after the restart's recovery the old exchange conversation is left: its Create answers “already done”, nothing is created twice", async () => {
    const { h, sandbox } = world();
    const { user, summaryId, createData, done } = await createInFlight();
    // Today's state in the store: the conversation parked at the summary, waiting for Create.
    const storedFlow = () => h.app.deps.conversationAdapter.read(String(user.chatId));
    expect(await storedFlow()).toBeDefined();

    const old = await h.restartAfterCrash();
    await h.app.resumeInterrupted({ graceMs: 0 });
    const order = created();
    const summary = () => h.fake.message(user.chatId, summaryId)!;
    expect(summary().text).toContain(`Order #${order.id}`);
    // The flow is left: nothing of it stays in the store.
    expect(await storedFlow()).toBeUndefined();
    // Where to pay, as on every order card: copy buttons on the told card, the QR code under it.
    const copies = (summary().replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text);
    expect(copies).toContain("📋 Address");
    expect(h.fake.callsOf("sendPhoto", user.chatId)).toHaveLength(1);

    // A press of the old Create (a client that still showed it, Telegram redelivering it): answered
    // honestly, the card told after the restart keeps its buttons, and no second order.
    const answers = h.fake.callsOf("answerCallbackQuery").length;
    await user.pressData(createData, summaryId);
    const answer = h.fake.callsOf("answerCallbackQuery").slice(answers);
    expect(answer.map((c) => c.payload.text)).toEqual([
      "✅ Already done: this button no longer does anything.",
    ]);
    expect(summary().text).toContain(`Order #${order.id}`);
    expect((summary().replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text)).toEqual(
      copies,
    );
    // Text typed now is not taken for an answer to the old summary.
    await user.send("hello");
    expect(user.transcript()).not.toContain("Use the buttons above");
    expect(h.exchangerCalls(CREATE)).toHaveLength(1);
    expect(
      sandbox.state.accounts.main!.orders.filter((o) => o.send_amount === "100.50"),
    ).toHaveLength(1);

    await done();
    await old.close();
  });

  it("a flow the user started after the restart, before the recovery ran, is theirs to keep", async () => {
    const { h } = world();
    const { user, summaryId, done } = await createInFlight();
    const old = await h.restartAfterCrash();
    // Within the grace period the recovery waits; the user starts a new exchange meanwhile.
    // The crash lost the old process's last flow state, which knew that "Creating the order…" had
    // taken the summary's buttons: leaving the old flow asks once to drop them (the only case where the
    // live-prompt record is behind Telegram).
    h.fake.expectErrors(/message is not modified/);
    await user.send("/exchange");
    await user.press(/^Tether TRC20/);
    await user.press(/Visa\/Mastercard UAH/);
    expect(user.lastText()).toContain("How much Tether TRC20 do you send?");
    await h.app.resumeInterrupted({ graceMs: 0 });
    expect(h.fake.message(user.chatId, summaryId)!.text).toContain(`Order #${created().id}`);
    // The new exchange goes on where the user was: the amount prompt takes the amount.
    await user.send("100");
    expect(user.transcript()).toContain("You receive: ≈ 4085.00 Visa/Mastercard UAH");
    expect(h.exchangerCalls(CREATE)).toHaveLength(1);

    await done();
    await old.close();
  });

  it("a create that never reached the exchanger before the process died: “cannot tell yet, check /orders”, told by the next start only", async () => {
    const { h, sandbox } = world();
    const user = await h.linkedUser("main");
    await toSummary(user);
    const summaryId = user.findButton(/Create order/).message.messageId;
    const ids = sandbox.state.accounts.main!.orders.map((o) => String(o.id));
    // What the dead process wrote before its request left; the request itself never arrived.
    await rememberCreating(h.storage.kv, {
      chatId: user.chatId,
      summaryId,
      language: "en",
      sendAmount: "100.50",
      before: ids,
      at: Date.now(),
    });
    const count = h.fake.messages.length;
    // Younger than the grace period: it may be a live instance's; nothing is said yet.
    await h.app.resumeInterrupted();
    expect(h.fake.messages.length).toBe(count);
    await h.app.resumeInterrupted({ graceMs: 0 });
    const shown = h.fake.messages.find((m) => m.messageId === summaryId)!.text;
    expect(shown).toContain("cannot tell yet whether it was created");
    expect(shown).toContain("Check /orders before creating it again");
    expect(h.exchangerCalls(CREATE)).toHaveLength(0);
  });
});
