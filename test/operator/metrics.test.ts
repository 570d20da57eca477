/**
 * What the bot counts, read from the app's own registry as Prometheus would: updates by kind,
 * handler errors by class, updates turned away by reason; two apps in one process never mix their
 * figures; and the figures /stats will show.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_PENDING_PER_CHAT } from "../../src/bot/middlewares/chat-backlog.js";
import { Harness } from "../harness/harness.js";

const BUDGET = 6;

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
async function sample(h: Harness, series: string): Promise<number | undefined> {
  const text = await h.app.operator.metrics.registry.metrics();
  const line = text.split("\n").find((l) => l.startsWith(series + " "));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("update, error and throttle metrics", () => {
  let h: Harness;
  let other: Harness;
  beforeEach(async () => {
    h = await Harness.start({ env: { CHAT_UPDATES_PER_MINUTE: String(BUDGET) } });
    other = await Harness.start({ sandbox: h.sandbox });
  });
  afterEach(async () => {
    await other.close();
    await h.close();
  });

  it("counts updates by kind, dropped / repeated / over-budget updates by reason, and handler errors by class", async () => {
    const linked = await h.linkedUser("main");
    await linked.send("/help");
    await linked.press("🌐 Language"); // a callback_query
    expect(await sample(h, 'exchanger_bot_updates_total{kind="callback_query"}')).toBe(1);

    // A burst of one chat beyond its backlog: the excess is dropped at once.
    const burst = h.user();
    await Promise.all(
      Array.from({ length: MAX_PENDING_PER_CHAT + 3 }, () => h.deliver(burst.textUpdate("/help"))),
    );
    expect(await sample(h, 'exchanger_bot_throttled_updates_total{reason="backlog"}')).toBe(3);

    // Telegram delivering one update twice: the second does nothing.
    const twice = h.user();
    const update = twice.textUpdate("/help");
    await h.deliver(update);
    await h.deliver(update);
    expect(await sample(h, 'exchanger_bot_throttled_updates_total{reason="repeated"}')).toBe(1);

    // A chat past CHAT_UPDATES_PER_MINUTE.
    const chatty = h.user();
    for (let i = 0; i <= BUDGET; i++) await chatty.send("/help");
    expect(await sample(h, 'exchanger_bot_throttled_updates_total{reason="over_budget"}')).toBe(1);

    // The exchanger failing under a user's screen: the boundary tells the user, the metric counts it.
    h.sandbox.injectFault({ path: "/user-api-get-info", kind: "html500", times: 3 });
    await linked.send("/account");
    expect(linked.lastText()).toMatch(/unavailable|not answering|try again/i);
    expect(await sample(h, 'exchanger_bot_handler_errors_total{error="Unavailable"}')).toBe(1);
    expect(
      await sample(
        h,
        'exchanger_bot_exchanger_calls_total{method="user-api-get-info",outcome="unavailable"}',
      ),
    ).toBe(1);

    const messages = 2 /* key, /help */ + (MAX_PENDING_PER_CHAT + 3) + 2 + (BUDGET + 1) + 1;
    expect(await sample(h, 'exchanger_bot_updates_total{kind="message"}')).toBe(messages);
    // The other app in this process counted nothing of it.
    expect(await sample(other, 'exchanger_bot_updates_total{kind="message"}')).toBeUndefined();
    expect(await sample(other, "exchanger_bot_notifications_sent_total")).toBe(0);
  });

  it("gives /stats its figures: linked chats and subscribers from the store, the last hour, exchanger latency and availability", async () => {
    const user = await h.linkedUser("main");
    await user.send("/notify"); // shows the state; the button switches on
    await user.press("🔔 Turn on");
    await user.send("/account");
    h.sandbox.injectFault({ path: "/user-api-get-info", kind: "html500", times: 3 });
    await user.send("/account");
    await user.send("/account");

    const stats = await h.app.operator.stats();
    expect(stats.linkedChats).toBe(1);
    expect(stats.subscribers).toBe(1);
    expect(stats.updates).toBe(6); // /notify and its Turn on press are two
    expect(stats.errors).toBe(1);
    expect(stats.exchangerUnavailable).toBe(1);
    expect(stats.exchangerAnswered).toBeGreaterThanOrEqual(3);
    expect(stats.exchangerAvailability).toBeGreaterThan(0);
    expect(stats.exchangerAvailability).toBeLessThan(1);
    expect(stats.exchangerP50Ms).toBeGreaterThanOrEqual(0);
    expect(stats.exchangerP95Ms).toBeGreaterThanOrEqual(stats.exchangerP50Ms!);
    expect(stats.exchangerAnswering).toBe(true); // the last call was answered
    expect(stats.exchangerFailingSince).toBeUndefined();

    // A fresh app has no calls yet: no made-up latency or availability.
    const fresh = await other.app.operator.stats();
    expect(fresh).toMatchObject({
      linkedChats: 0,
      subscribers: 0,
      updates: 0,
      errors: 0,
      exchangerAvailability: undefined,
      exchangerP50Ms: undefined,
    });
  });
});
