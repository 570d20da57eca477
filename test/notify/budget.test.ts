/**
 * How the watcher spends NOTIFY_MAX_RPS when the chats outgrow it: chats with an order in motion go
 * before quiet ones however long those are overdue, and chats nobody used for weeks are polled less
 * often than chats used this week.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../harness/harness.js";
import {
  DORMANT_FACTOR,
  dueChats,
  MOVING_SHARE_MAX,
  pollInterval,
  reschedule,
  SCHEDULE_KEY,
} from "../../src/notify/schedule.js";
import { notifierFor, subscribedUser, TestClock } from "./helpers.js";

const IDLE_MS = 900_000;
const DAY = 86_400_000;

describe("the watcher's request budget", () => {
  let h: Harness;
  let clock: TestClock;
  beforeEach(async () => {
    h = await Harness.start();
    clock = new TestClock();
  });
  afterEach(async () => {
    await h.close();
  });

  const due = async (chatId: number) =>
    (await h.storage.kv.zscore(SCHEDULE_KEY, String(chatId)))! - clock.now();

  it("a chat with an order in motion is polled before quiet chats overdue for longer", async () => {
    const quiet = await Promise.all(Array.from({ length: 3 }, () => subscribedUser(h, "empty")));
    const busy = await subscribedUser(h, "main");
    await notifierFor(h, { now: clock.now }).runOnce(); // baselines: the busy chat due in a minute
    // The quiet chats were due long before (as when the chats outgrow the budget).
    for (const user of quiet)
      await h.storage.kv.zadd(SCHEDULE_KEY, String(user.chatId), clock.now() - IDLE_MS);
    clock.advance(60_001);

    const oneAtATime = notifierFor(h, { now: clock.now, batchSize: 1 });
    const report = await oneAtATime.runOnce();
    expect(report.due).toBe(1);
    expect(await due(busy.chatId)).toBeGreaterThan(0); // polled, due again in a minute
    for (const user of quiet) expect(await due(user.chatId)).toBeLessThan(0); // still waiting
  });

  it("a chat idle for weeks is polled less often than one used this week", async () => {
    const dormant = await subscribedUser(h, "empty");
    const notifier = notifierFor(h, { now: clock.now });
    await notifier.runOnce(); // baseline marks the chat active today
    clock.advance(20 * DAY); // nothing happened since
    const recent = await subscribedUser(h, "empty");
    await notifier.runOnce(); // the new chat's baseline, the dormant chat's poll
    // Within the few ms the test itself takes.
    expect(await due(recent.chatId)).toBeGreaterThan(IDLE_MS - 5_000);
    expect(await due(recent.chatId)).toBeLessThanOrEqual(IDLE_MS);
    expect(await due(dormant.chatId)).toBeGreaterThan(IDLE_MS * DORMANT_FACTOR - 5_000);
  });

  it("chats in motion take at most MOVING_SHARE_MAX of a batch while other chats wait, and all of it otherwise", async () => {
    const { kv } = h.storage;
    for (let i = 1; i <= 10; i++) await reschedule(kv, `m${i}`, clock.now() - 1_000, true);
    for (let i = 1; i <= 10; i++) await reschedule(kv, `q${i}`, clock.now() - 60_000, false);
    const both = await dueChats(kv, clock.now(), 10);
    expect(both.moving).toHaveLength(10 * MOVING_SHARE_MAX);
    expect(both.others).toHaveLength(10 - 10 * MOVING_SHARE_MAX);
    for (let i = 1; i <= 10; i++) await reschedule(kv, `q${i}`, clock.now() + IDLE_MS, false);
    expect((await dueChats(kv, clock.now(), 10)).moving).toHaveLength(10);
  });

  it("interval: in motion beats everything; an unknown activity counts as recent", () => {
    const notify = { intervalMs: 60_000, idleIntervalMs: IDLE_MS };
    const now = 100 * DAY;
    expect(pollInterval(notify, { moving: true, activeDay: 1 }, now)).toBe(60_000);
    expect(pollInterval(notify, { moving: false, activeDay: 99 }, now)).toBe(IDLE_MS);
    expect(pollInterval(notify, { moving: false, activeDay: 80 }, now)).toBe(
      IDLE_MS * DORMANT_FACTOR,
    );
    expect(pollInterval(notify, { moving: false }, now)).toBe(IDLE_MS);
  });
});
