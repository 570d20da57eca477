/**
 * Redis round trips per update kind, counted at the client (test/harness/redis-writes.ts), through
 * the whole bot as createApp wires it. The update path (src/bot/index.ts) needs one round trip to
 * decide and load everything (update seen before, the chat's budget, settings, sealed key, flow
 * state); a message inside a flow must also write the flow's state back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness, REDIS_URL } from "../harness/harness.js";
import { watchRedisWrites, type RedisWrites } from "../harness/redis-writes.js";
import type { SimUser } from "../harness/user.js";

/** The update gate's one write: dedupe mark, budget (a Lua script), the chat's values. */
const GATE = ["set", "evalsha", "mget"];

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

  it("a message inside a flow: the gate, the live-prompt record (retire, track) and the flow's state", async () => {
    await user.send("/details");
    await user.press("➕ Add");
    const trips = await roundTrips(() => user.send("dogecoin"));
    expect(trips[0]).toEqual(GATE);
    // Read-then-write of the flow's prompt record, twice: the answered prompt retired, the re-prompt tracked.
    expect(trips.slice(1, 5)).toEqual([["get"], ["set"], ["get"], ["set"]]);
    expect(trips.slice(5)).toEqual([["set"]]);
  });

  it("typed text in a private chat brings the secret-prompt markers in the same round trip", async () => {
    const trips = await roundTrips(() => user.send("hello"));
    expect(trips[0]).toEqual(GATE);
    expect(trips.filter((t) => t.includes("mget"))).toHaveLength(1);
  });
});
