/**
 * The watcher's stored state across an upgrade, and while the chat acts during a poll. The previous
 * version kept what it saw in `chat:<id>:notify` as "id:status,…"; this one keeps it in the chat's
 * settings, compactly. A user must neither get a flood of old changes after the upgrade nor miss one.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../harness/harness.js";
import { legacySeenKey, loadSeen, SCHEDULE_KEY } from "../../src/notify/schedule.js";
import { settingsKey } from "../../src/storage/settings.js";
import type { ExchangerClient } from "../../src/exchanger/types.js";
import {
  newestOrderWithStatus,
  notificationsTo,
  notifierFor,
  subscribedUser,
  TestClock,
} from "./helpers.js";
import type { SimUser } from "../harness/user.js";

const IDLE_MS = 900_000;

describe("notification state", () => {
  let h: Harness;
  let clock: TestClock;
  const later = async (watcher = notifierFor(h, { now: clock.now })) => {
    clock.advance(IDLE_MS + 1);
    return watcher.runOnce();
  };
  const stored = async (chatId: number) =>
    loadSeen(h.storage.kv, await h.app.deps.settings.get(chatId), chatId);

  beforeEach(async () => {
    h = await Harness.start();
    clock = new TestClock();
  });
  afterEach(() => h.close());

  /** Rewrites the chat's storage as the previous version left it after a poll of the account's newest orders. */
  async function asPreviousVersionLeftIt(user: SimUser): Promise<void> {
    const newest = [...h.sandbox.state.accounts.main!.orders]
      .sort((x, y) => Number(y.id) - Number(x.id))
      .slice(0, 20);
    const s = newest.map((o) => `${String(o.id)}:${Number(o.status)}`).join(",");
    await h.storage.kv.set(
      legacySeenKey(user.chatId),
      JSON.stringify({ l: "en", m: Number(newest[0]!.id), s }),
    );
    await h.storage.kv.set(settingsKey(user.chatId), JSON.stringify({ notify: true }));
  }

  it("after an upgrade, a change made meanwhile is announced once and nothing else", async () => {
    const user = await subscribedUser(h);
    await asPreviousVersionLeftIt(user);
    const order = newestOrderWithStatus(h, "main", [0]);
    h.sandbox.setOrderStatus("main", order.id, 1); // while the new version was being deployed

    expect((await later()).outcomes).toEqual({ notified: 1 });
    const sent = notificationsTo([h], user.chatId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(new RegExp(`^🔔 #${order.id} .* → .*: now paid$`));
    // Moved into the settings; the old key is gone.
    expect(await h.storage.kv.get(legacySeenKey(user.chatId))).toBeUndefined();
    expect((await stored(user.chatId)).state.statuses?.get(order.id)).toBe("paid");

    expect((await later()).outcomes).toEqual({ unchanged: 1 });
    h.sandbox.setOrderStatus("main", order.id, 4);
    expect((await later()).outcomes).toEqual({ notified: 1 });
    expect(notificationsTo([h], user.chatId)).toHaveLength(2);
  });

  it("after an upgrade with nothing changed, the first poll sends nothing", async () => {
    const user = await subscribedUser(h);
    await asPreviousVersionLeftIt(user);
    expect((await later()).outcomes).toEqual({ unchanged: 1 });
    expect(notificationsTo([h], user.chatId)).toEqual([]);
  });

  it("during a rolling upgrade, state an old instance wrote after this version's save is the one compared", async () => {
    const user = await subscribedUser(h);
    await later(); // this version's baseline, in the settings
    const order = newestOrderWithStatus(h, "main", [0]);
    h.sandbox.setOrderStatus("main", order.id, 1);
    // An old instance polled meanwhile: it announced the change and kept its state in its own key.
    const seenBefore = (await h.app.deps.settings.get(user.chatId)).seen;
    await asPreviousVersionLeftIt(user);
    await h.storage.kv.set(
      settingsKey(user.chatId),
      JSON.stringify({ notify: true, seen: seenBefore }),
    );
    expect((await later()).outcomes).toEqual({ unchanged: 1 });
    expect(notificationsTo([h], user.chatId)).toEqual([]);
    expect(await h.storage.kv.get(legacySeenKey(user.chatId))).toBeUndefined();
  });

  /** A watcher whose get-orders lets the user act while the exchanger answers. */
  const watcherWhile = (act: () => Promise<void>) => {
    const exchanger = h.app.deps.exchanger;
    let acted = false;
    const slow: Pick<ExchangerClient, "getOrders" | "getCurrencies"> = {
      getCurrencies: (language) => exchanger.getCurrencies(language),
      getOrders: async (...args) => {
        const page = await exchanger.getOrders(...args);
        if (!acted) {
          acted = true;
          await act();
        }
        return page;
      },
    };
    return notifierFor(h, { now: clock.now }, { exchanger: slow });
  };

  it("a language chosen while a poll runs is kept, and the poll's state is saved too", async () => {
    const user = await subscribedUser(h);
    await later(); // baseline
    const added = h.sandbox.addOrder("main");
    await later(
      watcherWhile(async () => {
        await user.send("/language");
        await user.press("Українська");
      }),
    );
    expect((await h.app.deps.settings.get(user.chatId)).lang).toBe("uk");
    expect((await stored(user.chatId)).state.statuses?.has(String(added.id))).toBe(true);
    expect((await later()).outcomes).toEqual({ unchanged: 1 }); // announced once, not again
  });

  it("notifications switched off while a poll runs stay off", async () => {
    const user = await subscribedUser(h);
    await later(); // baseline
    h.sandbox.addOrder("main");
    await later(
      watcherWhile(async () => {
        await user.send("/notify");
        await user.press("🔕 Turn off");
      }),
    );
    expect((await h.app.deps.settings.get(user.chatId)).notify).toBeUndefined();
    expect((await h.app.deps.settings.get(user.chatId)).seen).toBeUndefined();
    const polls = h.exchangerCalls("/user-api-get-orders").length;
    await later();
    await later();
    expect(h.exchangerCalls("/user-api-get-orders").length).toBe(polls);
    expect(await h.storage.kv.zscore(SCHEDULE_KEY, String(user.chatId))).toBeUndefined();
  });
});
