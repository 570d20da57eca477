/**
 * Redis round trips per update kind, counted at the client (test/harness/redis-writes.ts), through
 * the whole bot as createApp wires it. The update path (src/bot/index.ts) needs one round trip to
 * decide and load everything (update seen before, the chat's budget, settings, sealed key, flow
 * state, and with it the flow's live-prompt record); a message inside a flow must also write the flow's
 * state back (the record in the same value: core/flow-messages.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness, REDIS_URL } from "../harness/harness.js";
import { watchRedisWrites, type RedisWrites } from "../harness/redis-writes.js";
import type { SimUser } from "../harness/user.js";

/**
 * The update gate's one round trip: two scripts sent together, the dedupe mark with the chat's values
 * read (update-gate.ts), and the budget (rate-limiter-flexible's).
 */
const GATE = ["evalsha", "evalsha"];

let h: Harness;
let writes: RedisWrites;
let user: SimUser;

beforeAll(async () => {
  writes = watchRedisWrites(Number(new URL(REDIS_URL).port || 6379));
  h = await Harness.start();
  user = await h.linkedUser();
});
afterAll(async () => {
  writes.restore();
  await h.close();
});

/**
 * The writes `act` causes. Nothing to wait for after it: the bot awaits every store write of an
 * update before its handling ends (floating promises are a lint error), and the one exception, the
 * orders screens' feed to the watcher, runs only for chats with notifications on, which this user
 * never turns on.
 */
async function roundTrips(act: () => Promise<unknown>): Promise<string[][]> {
  writes.start();
  await act();
  return writes.stop();
}

describe("Redis round trips per update", () => {
  it("a list page press: one (the gate), the screen comes from the exchanger", async () => {
    await user.send("/orders");
    const first = user.lastText();
    // The second page shows a status number the first did not: what the bot learned of the exchanger
    // is written once for every instance (the server profile's record: read, merged, written); turns
    // that teach nothing new only read.
    expect(await roundTrips(() => user.press("▶"))).toEqual([GATE, ["get"], ["set"]]);
    expect(await roundTrips(() => user.press("◀"))).toEqual([GATE]);
    expect(user.lastText()).toBe(first);
    expect(await roundTrips(() => user.press("▶"))).toEqual([GATE]);
    expect(user.lastText()).not.toBe(first);
  });

  it("a command: one", async () => {
    expect(await roundTrips(() => user.send("/account"))).toEqual([GATE]);
  });

  it("a duplicate update: one, and nothing is answered", async () => {
    const update = user.textUpdate("/account");
    await h.deliver(update);
    const before = user.transcript();
    expect(await roundTrips(() => h.deliver(update))).toEqual([GATE]);
    expect(user.transcript()).toBe(before);
  });

  it("a message inside a flow: the gate and the flow's state written back (with its live-prompt record)", async () => {
    await user.send("/details");
    await user.press("➕ Add");
    const picker = user.lastBotMessage().messageId;
    // The answer retires the picker and tracks the new one: the record changes, and is saved with the state.
    expect(await roundTrips(() => user.send("tether"))).toEqual([GATE, ["set"]]);
    expect(user.lastText()).toMatch(/matching “tether”/);
    expect(user.lastBotMessage().messageId).not.toBe(picker);
  });

  it("a press on the flow's live prompt: the gate and the flow's state", async () => {
    expect(await roundTrips(() => user.press("Tether TRC20"))).toEqual([GATE, ["set"]]);
    expect(user.lastText()).toMatch(/Send the Tether TRC20 detail/);
  });

  it("a refused answer (re-prompt): the gate and the flow's state", async () => {
    expect(await roundTrips(() => user.send("    "))).toEqual([GATE, ["set"]]);
    expect(user.lastText()).toMatch(/The detail is empty/);
  });

  it("the answer that ends a flow: the gate, the key again, how it ended (for its old prompts), the state deleted", async () => {
    const trips = await roundTrips(() => user.send("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"));
    expect(user.transcript()).toMatch(/saved/i);
    // The update's read-ahead key serves one exchanger call; the list shown after saving reads it again.
    // The prompts' "already done" record is read, merged and written; the flow's state (and record) deleted.
    // Between them the security feed records "payment details added" and tells the account's other
    // chats (none here): the chat's account, the account's log under its lock, the chats.
    const securityFeed = [["get"], ["set"], ["get"], ["set"], ["eval"], ["zrangebyscore"]];
    expect(trips).toEqual([GATE, ...securityFeed, ["get"], ["get"], ["set"], ["del"]]);
  });

  it("typed text in a private chat brings the secret-prompt markers in the same round trip", async () => {
    const trips = await roundTrips(() => user.send("hello"));
    expect(trips[0]).toEqual(GATE);
    // No read of their own: no later trip reads (an MGET or a script) again.
    expect(trips.slice(1).filter((t) => t.includes("mget") || t.includes("evalsha"))).toEqual([]);
  });
});
