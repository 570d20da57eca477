/**
 * An orders screen feeds the watcher: what the user saw there is not announced to them afterwards,
 * and a first, unfiltered page that shows every order in motion counts as the chat's poll.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Harness } from "../harness/harness.js";
import { loadSeen, SCHEDULE_KEY } from "../../src/notify/schedule.js";
import { statusKey } from "../../src/exchanger/vocabulary.js";
import type { SimUser } from "../harness/user.js";
import { until } from "../faults/own-sentinel.js";
import { notificationsTo, notifierFor, subscribedUser, TestClock } from "./helpers.js";

const IDLE_MS = 900_000;
const INTERVAL_MS = 60_000;

describe("orders screens feed the watcher", () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  const seenStatus = async (user: SimUser, id: string) =>
    (
      await loadSeen(h.storage.kv, await h.app.deps.settings.get(user.chatId), user.chatId)
    ).state.statuses?.get(id);
  const due = async (user: SimUser) =>
    (await h.storage.kv.zscore(SCHEDULE_KEY, String(user.chatId)))!;

  it("a change the user saw on /orders is not announced; one they did not see still is", async () => {
    h = await Harness.start();
    const clock = new TestClock();
    const watcher = notifierFor(h, { now: clock.now });
    const user = await subscribedUser(h);
    await watcher.runOnce(); // baseline
    h.sandbox.setOrderStatus("main", "1040", 1); // on the first screen (5 orders)
    h.sandbox.setOrderStatus("main", "1033", 1); // on the watcher's page only
    await user.send("/orders");
    expect(user.lastText()).toContain("#1040 · Paid");
    await until(
      "the card to record what it showed",
      async () => (await seenStatus(user, "1040")) === statusKey(1),
    );

    clock.advance(IDLE_MS + 1);
    await watcher.runOnce();
    const sent = notificationsTo([h], user.chatId);
    expect(sent.map((t) => t.split("\n")[0])).toEqual([
      "🔔 #1033 Bitcoin → Tether TRC20: now paid",
    ]);
  });

  it("a first page showing every order in motion counts as the poll: the next one moves an interval on", async () => {
    h = await Harness.start({ env: { ORDERS_PAGE_SIZE: "20" } });
    const watcher = notifierFor(h);
    const user = await subscribedUser(h);
    await watcher.runOnce(); // baseline; orders in motion: due in a minute
    const dueBefore = await due(user);
    expect(dueBefore - Date.now()).toBeLessThanOrEqual(INTERVAL_MS);
    h.sandbox.setOrderStatus("main", "1040", 1);

    const openedAt = Date.now();
    await user.send("/orders");
    // The feed runs beside the screen, so the test waits for it.
    await until("the screen to feed the schedule", async () => (await due(user)) > dueBefore);
    expect(await due(user)).toBeGreaterThanOrEqual(openedAt + INTERVAL_MS);
    expect(await seenStatus(user, "1040")).toBe(statusKey(1));

    // When the old due time comes, nothing is polled and nothing announced.
    const clock = new TestClock();
    clock.advance(dueBefore - Date.now() + 1);
    const polls = h.exchangerCalls("/user-api-get-orders").length;
    expect((await notifierFor(h, { now: clock.now }).runOnce()).due).toBe(0);
    expect(h.exchangerCalls("/user-api-get-orders")).toHaveLength(polls);
    expect(notificationsTo([h], user.chatId)).toEqual([]);
  });

  it("a later page, a filtered page or a card records what it showed but does not count as the poll", async () => {
    h = await Harness.start({ env: { ORDERS_PAGE_SIZE: "20" } });
    const user = await subscribedUser(h);
    await notifierFor(h).runOnce();
    const dueBefore = await due(user);
    h.sandbox.setOrderStatus("main", "1040", 1);
    await user.send("/order 1040");
    await until(
      "the card to record what it showed",
      async () => (await seenStatus(user, "1040")) === statusKey(1),
    );
    expect(await due(user)).toBe(dueBefore);
  });

  it("chats with notifications off are not touched", async () => {
    h = await Harness.start();
    const user = await h.linkedUser();
    // The feed, when the screen starts one, runs beside it: wait for its outcome, not for a while.
    const feed = vi.spyOn(h.app.deps.notifications, "shown");
    await user.send("/orders");
    for (const started of feed.mock.results) await started.value;
    expect(await h.storage.kv.zscore(SCHEDULE_KEY, String(user.chatId))).toBeUndefined();
    expect((await h.app.deps.settings.get(user.chatId)).seen).toBeUndefined();
  });
});
