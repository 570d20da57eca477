/**
 * The watcher on exchangers that list orders oldest first (older scripts, the `legacy` dialect): it
 * follows the NEWEST orders, as /orders shows them, so a new order is announced even when the account
 * has more orders than one poll reads — with the server's count, and without one (its end searched for).
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../harness/harness.js";
import { DIALECTS, type Dialect } from "../../src/sandbox/dialect.js";
import { notificationsTo, notifierFor, subscribedUser, TestClock } from "./helpers.js";

const VARIANTS: Array<[string, Dialect]> = [
  ["with a count (pagination)", DIALECTS.legacy],
  ["without a count", { ...DIALECTS.legacy, pagination: false }],
];

describe.each(VARIANTS)("order watcher on an oldest-first exchanger %s", (_name, dialect) => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it("announces a new order of an account with more orders than one poll reads, once", async () => {
    h = await Harness.start({ dialect });
    const clock = new TestClock();
    const watcher = notifierFor(h, { now: clock.now, pageSize: 20 });
    const user = await subscribedUser(h);
    expect(h.sandbox.state.accounts.main!.orders.length).toBeGreaterThan(20);

    const before = h.exchangerCalls("/user-api-get-orders").length;
    expect((await watcher.runOnce()).outcomes).toEqual({ baseline: 1 });
    // Bounded: finding the newest end costs a few calls, never the whole history.
    const baselineCalls = h.exchangerCalls("/user-api-get-orders").length - before;
    expect(baselineCalls).toBeGreaterThan(1);
    expect(baselineCalls).toBeLessThanOrEqual(5);

    const added = h.sandbox.addOrder("main", { send_amount: "77.00" });
    clock.advance(60 * 60_000);
    expect((await watcher.runOnce()).outcomes).toEqual({ notified: 1 });
    clock.advance(60 * 60_000);
    await watcher.runOnce();

    const sent = notificationsTo([h], user.chatId).filter((t) =>
      t.includes(`#${String(added.id)}`),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`New order #${String(added.id)}`);
  });
});
