/**
 * Order events end to end: the real bot (createApp), the real watcher and ingest as main.ts wires
 * them, the sandbox (positional dialect, as the vendor documents its objects) sending real batches
 * over loopback HTTP. No watcher loop runs here: whatever reaches a chat came through a webhook, or
 * through the one poll a test runs on purpose.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { until } from "../faults/own-sentinel.js";
import {
  newestOrderWithStatus,
  notificationsTo,
  subscribedUser,
  TestClock,
} from "../notify/helpers.js";
import { SCHEDULE_KEY } from "../../src/notify/schedule.js";
import { NORMAL_DUE_KEY } from "../../src/notify/reconcile.js";
import { LAST_BATCH_KEY } from "../../src/events/pace.js";
import { batchBody } from "../../src/sandbox/webhooks.js";
import { formBody, postBatch, SECRET, startWebhookBot, type WebhookBot } from "./helpers.js";

const INTERVAL_MS = 1_000;

describe("order events from the exchanger's webhooks", () => {
  let bot: WebhookBot;
  let clock: TestClock;

  beforeEach(async () => {
    clock = new TestClock();
    bot = await startWebhookBot({
      dialect: "positional",
      clock,
      env: { EXCHANGER_WEBHOOK_MAX_BYTES: "65536" },
    });
  });
  afterEach(() => bot.close());

  /** Three chats of "main", one of "twofa", each with notifications on and its baseline taken. */
  async function subscribers() {
    const owners = await Promise.all([0, 1, 2].map(() => subscribedUser(bot.h, "main")));
    const other = await subscribedUser(bot.h, "twofa");
    const report = await bot.watcher.runOnce();
    expect(report.outcomes.baseline).toBe(4);
    return { owners, other };
  }

  it("a status change reaches every chat of its owner once, within the interval plus 2 s, and no other chat", async () => {
    const { owners, other } = await subscribers();
    const order = newestOrderWithStatus(bot.h, "main", [0]);
    bot.h.sandbox.startWebhooks({ url: bot.url, secret: SECRET, intervalMs: INTERVAL_MS });
    const polls = bot.h.exchangerCalls("/user-api-get-orders").length;

    const changedAt = Date.now();
    bot.h.sandbox.setOrderStatus("main", order.id, 1);
    const paid = (chatId: number) =>
      notificationsTo([bot.h], chatId).filter((t) => t.startsWith(`🔔 #${order.id} `));
    await until(
      "every owner's chat told",
      async () => owners.every((u) => paid(u.chatId).length > 0),
      10_000,
    );
    expect(Date.now() - changedAt).toBeLessThanOrEqual(INTERVAL_MS + 2_000);

    await bot.events.ingest.idle();
    for (const user of owners) {
      expect(paid(user.chatId)).toHaveLength(1);
      expect(paid(user.chatId)[0]).toMatch(/: now paid$/);
    }
    expect(notificationsTo([bot.h], other.chatId)).toEqual([]);
    // One read per chat of the owner, with that chat's own key; the other account's chat read nothing.
    const reads = bot.h.exchangerCalls("/user-api-get-orders").slice(polls);
    expect(reads).toHaveLength(owners.length);
    expect(reads.every((r) => r.account === "main")).toBe(true);
  });

  /** The next batch the sandbox would send, taken out of its outbox (the sender's timer never fires). */
  function pendingBatch(): string {
    const events = bot.h.sandbox.state.webhookOutbox!.splice(0);
    expect(events.length).toBeGreaterThan(0);
    return batchBody(events);
  }

  it("a repeated batch, a wrong or missing secret, a malformed or oversized body, unknown types and an order nobody linked change nothing", async () => {
    const { owners } = await subscribers();
    bot.h.sandbox.startWebhooks({ url: bot.url, secret: SECRET, intervalMs: 3_600_000 });
    const order = newestOrderWithStatus(bot.h, "main", [0]);
    bot.h.sandbox.setOrderStatus("main", order.id, 1);
    const body = pendingBatch();
    const polls = () => bot.h.exchangerCalls("/user-api-get-orders").length;
    const before = polls();

    expect(await postBatch(bot.url, body, {})).toBe(401);
    expect(await postBatch(bot.url, body, { "x-authorization": "wrong-secret-0123456789" })).toBe(
      401,
    );
    expect(await postBatch(bot.url, "web_hooks=%7Bnot+json")).toBe(400);
    expect(await postBatch(bot.url, "something=else")).toBe(400);
    expect(await postBatch(bot.url, formBody([["a list", "not an object"]]))).toBe(400);
    expect(await postBatch(bot.url, `web_hooks=${"x".repeat(70_000)}`)).toBe(413);
    // Types the bot does not act on or does not know, entries of no shape: taken, ignored.
    expect(
      await postBatch(bot.url, formBody({ "3": [[1, 2]], "42": [["?"]], "1": "not a list" })),
    ).toBe(200);
    // An order nobody linked (its token no chat saw; an owner id the layout cannot place).
    const stranger = ["9", "f".repeat(32), "10.00", 1_700_000_000, 1, "2", "999999", "1.5"];
    expect(await postBatch(bot.url, formBody({ "1": [stranger] }))).toBe(200);
    // An event nested deeper than any stack: taken as a row, matched against nothing, no crash.
    const deep = `web_hooks=${encodeURIComponent(`{"1":[${"[".repeat(9_000)}${"]".repeat(9_000)}]}`)}`;
    expect(await postBatch(bot.url, deep)).toBe(200);
    await bot.events.ingest.idle();
    expect(polls()).toBe(before);
    for (const user of owners) expect(notificationsTo([bot.h], user.chatId)).toEqual([]);

    // The real batch, twice: announced once, read once per chat.
    expect(await postBatch(bot.url, body)).toBe(200);
    await bot.events.ingest.idle();
    expect(await postBatch(bot.url, body)).toBe(200);
    await bot.events.ingest.idle();
    for (const user of owners)
      expect(
        notificationsTo([bot.h], user.chatId).filter((t) => t.includes(`#${order.id} `)),
      ).toHaveLength(1);
    expect(polls()).toBe(before + owners.length);
    const metrics = await bot.h.app.operator.metrics.registry.metrics();
    expect(metrics).toMatch(/webhook_events_total\{kind="order",outcome="repeated"\} 1/);
    expect(metrics).toMatch(/webhook_events_total\{kind="order",outcome="unmatched"\} 1/);
    expect(metrics).toMatch(/webhook_requests_total\{outcome="unauthorized"\} 2/);
    expect(metrics).toMatch(/webhook_requests_total\{outcome="too_large"\} 1/);
  });

  it("an order no chat has seen (made on the website) reaches its owner's chats once two accounts' orders prove the owner's column", async () => {
    // The baseline polls read both accounts' orders with their own keys: the server profile sees each
    // account's id in the same column of all its orders, and in no other (exchanger/server/owner-column.ts).
    const { owners, other } = await subscribers();
    bot.h.sandbox.startWebhooks({ url: bot.url, secret: SECRET, intervalMs: 3_600_000 });
    const fresh = bot.h.sandbox.addOrder("main", { status: 0 });
    bot.h.sandbox.setOrderStatus("main", String(fresh.id), 1);
    expect(await postBatch(bot.url, pendingBatch())).toBe(200);
    await bot.events.ingest.idle();
    for (const user of owners)
      expect(
        notificationsTo([bot.h], user.chatId).filter((t) => t.includes(`#${String(fresh.id)} `)),
      ).toHaveLength(1);
    expect(notificationsTo([bot.h], other.chatId)).toEqual([]);
  });

  it("a dropped batch is caught by reconciliation, which runs at its own pace while batches arrive", async () => {
    const { owners } = await subscribers();
    bot.h.sandbox.startWebhooks({ url: bot.url, secret: SECRET, intervalMs: 3_600_000 });
    const [first, second] = [0, 1].map(() => bot.h.sandbox.addOrder("main"));
    await bot.watcher
      .runOnce()
      .then(() => clock.advance(61_000))
      .then(() => bot.watcher.runOnce());
    const news = (id: string) => (chatId: number) =>
      notificationsTo([bot.h], chatId).filter((t) => t.startsWith(`🔔 #${id} `));

    bot.h.sandbox.setOrderStatus("main", String(first!.id), 1);
    expect(await bot.h.sandbox.webhooks!.flush()).toBe(200);
    await bot.events.ingest.idle();
    for (const user of owners) expect(news(String(first!.id))(user.chatId)).toHaveLength(1);
    // Batches arrive: the next poll waits for the reconciliation pace, not the usual minute.
    const chat = String(owners[0]!.chatId);
    const due = await bot.h.storage.kv.zscore(SCHEDULE_KEY, chat);
    expect(due! - clock.now()).toBeGreaterThan(30 * 60_000);
    expect(await bot.h.storage.kv.zscore(NORMAL_DUE_KEY, chat)).toBeLessThan(clock.now() + 61_000);

    bot.h.sandbox.webhooks!.dropNextBatch();
    bot.h.sandbox.setOrderStatus("main", String(second!.id), 1);
    expect(await bot.h.sandbox.webhooks!.flush()).toBe(0);
    await bot.events.ingest.idle();
    clock.advance(61_000);
    await bot.watcher.runOnce(); // the usual minute: nobody is due yet
    for (const user of owners) expect(news(String(second!.id))(user.chatId)).toEqual([]);

    clock.advance(3_600_000);
    await bot.watcher.runOnce();
    for (const user of owners) expect(news(String(second!.id))(user.chatId)).toHaveLength(1);
  });

  it("when batches stop, polling returns to its usual pace by itself and the admin chats are told once", async () => {
    const { owners } = await subscribers();
    bot.h.sandbox.startWebhooks({ url: bot.url, secret: SECRET, intervalMs: 3_600_000 });
    bot.h.sandbox.setOrderStatus("main", newestOrderWithStatus(bot.h, "main", [0]).id, 1);
    expect(await bot.h.sandbox.webhooks!.flush()).toBe(200);
    await bot.events.ingest.idle();
    expect(bot.adminTold).toEqual([expect.stringContaining("first batch")]);

    // The latest batch is now older than three scheduler intervals.
    const { kv } = bot.h.storage;
    await kv.set(LAST_BATCH_KEY, JSON.stringify({ at: Date.now() - 4 * INTERVAL_MS, events: {} }));
    await bot.h.app.events!.pace.lastBatch(); // past this instance's one-second memory of it
    await bot.events.alerts.check();
    await bot.events.alerts.check();
    expect(bot.adminTold.slice(1)).toEqual([expect.stringContaining("webhooks stopped")]);

    clock.advance(61_000);
    const report = await bot.watcher.runOnce();
    // The owners' chats, back from the slow pace, and the other account's chat, never slowed.
    expect(report.outcomes.unchanged).toBe(owners.length + 1);
    for (const user of owners)
      expect(await kv.zscore(SCHEDULE_KEY, String(user.chatId))).toBeLessThan(clock.now() + 61_000);

    bot.h.sandbox.setOrderStatus("main", newestOrderWithStatus(bot.h, "main", [0]).id, 1);
    expect(await bot.h.sandbox.webhooks!.flush()).toBe(200);
    expect(await bot.h.sandbox.webhooks!.flush()).toBeUndefined();
    await bot.events.ingest.idle();
    expect(bot.adminTold.slice(2)).toEqual([expect.stringContaining("arrive again")]);
  });

  it("two instances: the same batch taken by both while a poll races the checks, each change told once", async () => {
    const second = await startWebhookBot({ dialect: "positional", clock, instanceOf: bot });
    try {
      const { owners } = await subscribers();
      bot.h.sandbox.startWebhooks({ url: bot.url, secret: SECRET, intervalMs: 3_600_000 });
      const order = newestOrderWithStatus(bot.h, "main", [0]);
      bot.h.sandbox.setOrderStatus("main", order.id, 1);
      const body = pendingBatch();
      clock.advance(61_000); // the chats are due for a poll as well
      await Promise.all([
        postBatch(bot.url, body),
        postBatch(second.url, body),
        second.watcher.runOnce(),
        bot.watcher.runOnce(),
      ]);
      await Promise.all([bot.events.ingest.idle(), second.events.ingest.idle()]);
      for (const user of owners)
        expect(
          notificationsTo([bot.h, second.h], user.chatId).filter((t) =>
            t.startsWith(`🔔 #${order.id} `),
          ),
        ).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
