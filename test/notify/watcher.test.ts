/**
 * The watcher against the sandbox, with TWO instances on one Redis (same prefix), each with its own
 * bot and Telegram fake, as two replicas of a deployment would run. Time is driven through runOnce()
 * and a movable schedule clock; one test runs the real loop.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../harness/harness.js";
import { until } from "../faults/own-sentinel.js";
import { startSandbox, type RecordedRequest, type Sandbox } from "../../src/sandbox/server.js";
import { loadSeen, SCHEDULE_KEY } from "../../src/notify/schedule.js";
import type { Notifier } from "../../src/notify/watcher.js";
import {
  newestOrderWithStatus,
  notificationsTo,
  notifierFor,
  subscribedUser,
  TestClock,
} from "./helpers.js";

const IDLE_MS = 900_000;

describe("order status watcher, two instances on one Redis", () => {
  let a: Harness;
  let b: Harness;
  let clock: TestClock;
  let watchers: [Notifier, Notifier];

  /** Both instances tick at the same moment, racing for the same due chats. */
  const tickBoth = () => Promise.all(watchers.map((w) => w.runOnce()));
  /** Skips past any interval, then both tick. */
  const later = async () => {
    clock.advance(IDLE_MS + 1);
    return tickBoth();
  };

  beforeEach(async () => {
    a = await Harness.start();
    b = await Harness.start({ sandbox: a.sandbox, prefix: a.prefix });
    clock = new TestClock();
    watchers = [notifierFor(a, { now: clock.now }), notifierFor(b, { now: clock.now })];
  });
  afterEach(async () => {
    await b.close();
    await a.close();
  });

  it("takes a baseline first, then announces a status change exactly once per chat", async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => subscribedUser(a)));
    const order = newestOrderWithStatus(a, "main", [0]);

    const first = await tickBoth();
    expect(first.map((r) => r.outcomes.baseline ?? 0).reduce((x, y) => x + y)).toBe(4);
    for (const user of users) expect(notificationsTo([a, b], user.chatId)).toEqual([]);
    // One page, newest first, in the chat's language.
    const polls = a.exchangerCalls("/user-api-get-orders");
    expect(polls).toHaveLength(4);
    for (const poll of polls)
      expect(poll.fields).toMatchObject({ page: "1", limit: "20", language: "en" });

    a.sandbox.setOrderStatus("main", order.id, 1);
    await later();
    for (const user of users) {
      const sent = notificationsTo([a, b], user.chatId).filter((t) => t.includes(`#${order.id}`));
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(new RegExp(`^🔔 #${order.id} .*: now paid$`));
      expect(sent[0]).not.toContain("You send"); // one line: the card is behind "Open order"
    }

    // Nothing new: later polls announce nothing again.
    const before = users.map((u) => notificationsTo([a, b], u.chatId).length);
    await later();
    await later();
    expect(users.map((u) => notificationsTo([a, b], u.chatId).length)).toEqual(before);
  });

  it("keeps following an active order that newer orders pushed off the page", async () => {
    watchers = [
      notifierFor(a, { now: clock.now, pageSize: 5 }),
      notifierFor(b, { now: clock.now, pageSize: 5 }),
    ];
    const user = await subscribedUser(a);
    const newest = [...a.sandbox.state.accounts.main!.orders]
      .sort((x, y) => Number(y.id) - Number(x.id))
      .slice(0, 5);
    const order = newest.find((o) => Number(o.status) === 0);
    if (!order) throw new Error("the sandbox seed has no created order among the newest five");
    await tickBoth(); // baseline: the order is on the page

    for (let i = 0; i < 5; i++) a.sandbox.addOrder("main", { send_amount: `${10 + i}.00` });
    await later(); // the new orders are announced; ours is now off the page
    a.sandbox.setOrderStatus("main", order.id, 1);
    await later();

    const sent = notificationsTo([a, b], user.chatId).filter((t) =>
      t.startsWith(`🔔 #${String(order.id)} `),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(new RegExp(`^🔔 #${String(order.id)} .*: now paid$`));
    const byId = a
      .exchangerCalls("/user-api-get-orders")
      .filter((r) => r.fields.id === String(order.id));
    expect(byId.length).toBeGreaterThan(0);
  });

  it("announces a new order once", async () => {
    const user = await subscribedUser(a);
    await tickBoth();
    const added = a.sandbox.addOrder("main", { send_amount: "77.00" });
    await later();
    await later();
    const sent = notificationsTo([a, b], user.chatId).filter((t) =>
      t.includes(`#${String(added.id)}`),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(new RegExp(`^🔔 New order #${String(added.id)} .*: Created$`));
    // One line: the amounts are on the card behind "Open order".
    expect(sent[0]).not.toContain("77.00");
  });

  it("several changes at once become one summary message", async () => {
    const user = await subscribedUser(a);
    await tickBoth();
    const added = [1, 2, 3, 4].map(() => a.sandbox.addOrder("main"));
    await later();
    const sent = notificationsTo([a, b], user.chatId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("Several of your orders have changed (4)");
    for (const order of added) expect(sent[0]).toContain(`#${String(order.id)}`);
  });

  it("a revoked key: polling stops, the key is dropped, the user is told exactly once", async () => {
    const user = await subscribedUser(a);
    await tickBoth();
    a.sandbox.revokeKey("main");
    const reports = await later();
    expect(reports.map((r) => r.outcomes.revoked ?? 0).reduce((x, y) => x + y)).toBe(1);

    const told = notificationsTo([a, b], user.chatId).filter((t) =>
      t.includes("notifications stopped"),
    );
    expect(notificationsTo([a, b], user.chatId)).toEqual(told);
    expect(told).toHaveLength(1);
    expect(await a.storage.vault.has(user.chatId)).toBe(false);
    expect(await a.storage.kv.zscore(SCHEDULE_KEY, String(user.chatId))).toBeUndefined();
    expect((await a.app.deps.settings.get(user.chatId)).notify).toBeUndefined();

    const polls = a.exchangerCalls("/user-api-get-orders").length;
    await later();
    await later();
    expect(a.exchangerCalls("/user-api-get-orders").length).toBe(polls);
    expect(
      notificationsTo([a, b], user.chatId).filter((t) => t.includes("notifications stopped")),
    ).toHaveLength(1);
  });

  it("polls chats with orders in progress often and the others rarely", async () => {
    const busy = await subscribedUser(a, "main"); // has created/paid/suspended orders
    const idle = await subscribedUser(a, "empty"); // has no orders at all
    await tickBoth();
    const due = async (chatId: number) =>
      (await a.storage.kv.zscore(SCHEDULE_KEY, String(chatId)))! - clock.now();
    expect(await due(busy.chatId)).toBeGreaterThan(50_000);
    expect(await due(busy.chatId)).toBeLessThanOrEqual(60_000);
    expect(await due(idle.chatId)).toBeGreaterThan(890_000);

    // A minute later only the busy chat is polled; the idle one costs no request.
    clock.advance(60_001);
    const before = a.exchangerCalls("/user-api-get-orders").map((r) => r.account);
    await tickBoth();
    const after = a.exchangerCalls("/user-api-get-orders").map((r) => r.account);
    expect(after.slice(before.length)).toEqual(["main"]);
  });

  it("a restart keeps what was seen: no repeats, and a change made while down is announced once", async () => {
    const user = await subscribedUser(a);
    const order = newestOrderWithStatus(a, "main", [0]);
    await tickBoth();
    a.sandbox.setOrderStatus("main", order.id, 1);
    await later();
    expect(
      notificationsTo([a, b], user.chatId).filter((t) => t.includes(`#${order.id}`)),
    ).toHaveLength(1);

    // Both instances go down; the order moves on meanwhile; both come back on the same Redis.
    const stored = await loadSeen(
      a.storage.kv,
      await a.app.deps.settings.get(user.chatId),
      user.chatId,
    );
    expect(stored.state.statuses?.get(order.id)).toBe("paid");
    await a.restart();
    await b.restart();
    a.sandbox.setOrderStatus("main", order.id, 4);
    watchers = [notifierFor(a, { now: clock.now }), notifierFor(b, { now: clock.now })];
    await later();
    await later();
    const sent = notificationsTo([a, b], user.chatId).filter((t) => t.includes(`#${order.id}`));
    // Two instances' fakes: which one sent what is up to the race, so compare as a set.
    // One line each: "🔔 #id <direction>: now <status>".
    expect(sent.map((t) => t.replace(/^(🔔 #\S+) .* → .*:/, "$1:")).sort()).toEqual([
      `🔔 #${order.id}: now completed`,
      `🔔 #${order.id}: now paid`,
    ]);
  });

  it("an unavailable exchanger is retried at the next interval; a user who blocked the bot is dropped", async () => {
    const user = await subscribedUser(a);
    await tickBoth();
    a.sandbox.injectFault({ path: "/user-api-get-orders", kind: "html500", times: 3 }); // every retry of one poll
    const failed = await later();
    expect(failed.map((r) => r.outcomes.failed ?? 0).reduce((x, y) => x + y)).toBe(1);
    expect(await a.storage.kv.zscore(SCHEDULE_KEY, String(user.chatId))).toBeGreaterThan(
      clock.now(),
    );
    expect(notificationsTo([a, b], user.chatId)).toEqual([]);

    a.sandbox.addOrder("main");
    for (const h of [a, b])
      h.fake.failNext("sendMessage", 403, "Forbidden: bot was blocked by the user");
    const blocked = await later();
    expect(blocked.map((r) => r.outcomes.blocked ?? 0).reduce((x, y) => x + y)).toBe(1);
    expect(await a.storage.kv.zscore(SCHEDULE_KEY, String(user.chatId))).toBeUndefined();
    expect((await a.app.deps.settings.get(user.chatId)).notify).toBeUndefined();
  });

  it("switching off stops the polls; switching on again takes a fresh baseline", async () => {
    const user = await subscribedUser(a);
    const order = newestOrderWithStatus(a, "main", [0]);
    await tickBoth();
    await user.send("/notify");
    await user.press("🔕 Turn off");
    a.sandbox.setOrderStatus("main", order.id, 3);
    const polls = a.exchangerCalls("/user-api-get-orders").length;
    await later();
    expect(a.exchangerCalls("/user-api-get-orders").length).toBe(polls);

    await user.press("🔔 Turn on"); // on again: what happened meanwhile is not news
    await later();
    await later();
    expect(notificationsTo([a, b], user.chatId)).toEqual([]);
  });
});

describe("request ceiling across instances (the real loop)", () => {
  let sandbox: Sandbox;
  let a: Harness;
  let b: Harness;
  const seen: Array<{ at: number; request: RecordedRequest }> = [];

  beforeEach(async () => {
    sandbox = await startSandbox({
      onRequest: (request) => seen.push({ at: Date.now(), request }),
    });
    const env = { NOTIFY_MAX_RPS: "4" };
    a = await Harness.start({ sandbox, env });
    b = await Harness.start({ sandbox, env, prefix: a.prefix });
  });
  afterEach(async () => {
    await b.close();
    await a.close();
    await sandbox.close();
  });

  it("two running watchers together stay within NOTIFY_MAX_RPS", async () => {
    const users = [];
    // Subscribed through one instance (user ids are per harness); both watchers share the storage.
    for (let i = 0; i < 24; i++) users.push(await subscribedUser(a));
    const running = [notifierFor(a, { tickMs: 20 }), notifierFor(b, { tickMs: 20 })];

    const start = Date.now();
    const pollsSince = () =>
      seen.filter((s) => s.at >= start && s.request.path === "/user-api-get-orders");
    for (const w of running) w.start();
    // Run until the work of a few seconds at the ceiling is done, however long a loaded machine takes.
    await until("ten polls", async () => pollsSince().length >= 10);
    await Promise.all(running.map((w) => w.stop()));
    const end = Date.now();

    const polls = pollsSince();
    // At most 4 permits per clock second over the time the watchers ran (measured, so a slow machine
    // only allows more), which touches at most ceil(run) + 1 seconds.
    const seconds = Math.ceil((end - start) / 1000) + 1;
    expect(polls.length).toBeLessThanOrEqual(4 * seconds);
    // Without the limit all 24 due chats would be polled at once; with it, work still gets done.
    expect(polls.length).toBeGreaterThanOrEqual(6);
    // Smooth, not bursty: no one-second window holds twice the ceiling.
    for (const p of polls)
      expect(polls.filter((q) => q.at >= p.at && q.at < p.at + 1000).length).toBeLessThanOrEqual(8);
    // Every poll was a first one (baseline), and no chat was polled by both instances.
    const baselines = await Promise.all(
      users.map(
        async (u) =>
          (await loadSeen(a.storage.kv, await a.app.deps.settings.get(u.chatId), u.chatId)).state
            .statuses !== undefined,
      ),
    );
    expect(baselines.filter(Boolean).length).toBe(polls.length);
  });
});
