/**
 * A revoked key, however the exchanger answers it — HTTP 401 (spec) or the error envelope with HTTP
 * 200 (names, legacy; legacy even without a message) — is recognised on screens, inside flows and by
 * the watcher: the key is dropped, the user is told once to link again, and nothing more is asked of
 * the exchanger with it.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DIALECT_NAMES } from "../../src/sandbox/dialect.js";
import { SCHEDULE_KEY } from "../../src/notify/schedule.js";
import { Harness } from "../harness/harness.js";
import type { SimUser } from "../harness/user.js";
import { notificationsTo, notifierFor, subscribedUser, TestClock } from "../notify/helpers.js";

const REJECTED = /no longer accepts your key/;
const NOT_LINKED = /not linked yet/;

describe.each(DIALECT_NAMES)("a revoked key (%s dialect)", (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start({ dialect });
  });
  afterEach(async () => {
    await h.close();
  });

  /** Bot messages of this chat that told the user the key was rejected. */
  const rejectionsTo = (user: SimUser) =>
    h.fake.callsOf("sendMessage", user.chatId).filter((c) => REJECTED.test(String(c.payload.text)));
  const userCalls = () => h.sandbox.requests.filter((r) => r.path.startsWith("/user-api-")).length;

  /** The chat is forgotten everywhere: no key, not scheduled, notifications off. */
  async function expectForgotten(user: SimUser): Promise<void> {
    expect(await h.storage.vault.has(user.chatId)).toBe(false);
    expect(await h.storage.kv.zscore(SCHEDULE_KEY, String(user.chatId))).toBeUndefined();
    expect((await h.app.deps.settings.get(user.chatId)).notify).toBeUndefined();
  }

  it("on a screen: dropped with one message, then no further calls", async () => {
    const user = await subscribedUser(h);
    h.sandbox.revokeKey("main");
    await user.send("/orders");
    expect(user.lastText()).toMatch(REJECTED);
    expect(user.lastText()).not.toMatch(/exchanger says/i);
    await expectForgotten(user);

    const calls = userCalls();
    await user.send("/account");
    expect(user.lastText()).toMatch(NOT_LINKED);
    await user.send("/orders");
    expect(userCalls()).toBe(calls);
    expect(rejectionsTo(user)).toHaveLength(1);
  });

  it("on a button press: the press is answered and the same single message follows", async () => {
    const user = await h.linkedUser();
    await user.send("/account");
    h.sandbox.revokeKey("main");
    const calls = userCalls();
    await user.send("/menu");
    await user.press(/Orders/);
    expect(user.lastText()).toMatch(REJECTED);
    expect(userCalls() - calls).toBeLessThanOrEqual(2); // the refused call and at most one get-info
    await expectForgotten(user);
    expect(rejectionsTo(user)).toHaveLength(1);
  });

  it("inside a flow (password change): the flow ends, the key is dropped, told once", async () => {
    const user = await h.linkedUser();
    await user.send("/password");
    expect(user.lastText()).toMatch(/Send your current password/);
    h.sandbox.revokeKey("main");
    for (const text of [h.sandbox.accounts.main.password, "brand-new-pass", "brand-new-pass"])
      await user.send(text);
    expect(user.lastText()).toMatch(REJECTED);
    expect(h.sandbox.accounts.main.password).toBe("main-demo-pass");
    await expectForgotten(user);

    // The flow is over: a further message is neither a password nor a reason to call the exchanger again.
    const calls = userCalls();
    await user.send("/account");
    expect(user.lastText()).toMatch(NOT_LINKED);
    expect(userCalls()).toBe(calls);
    expect(rejectionsTo(user)).toHaveLength(1);
  });

  it("in the watcher: polling stops, the key is dropped, the user is told exactly once", async () => {
    const clock = new TestClock();
    const watcher = notifierFor(h, { now: clock.now });
    const user = await subscribedUser(h);
    await watcher.runOnce(); // baseline
    h.sandbox.revokeKey("main");
    clock.advance(900_001);
    const report = await watcher.runOnce();
    expect(report.outcomes.revoked).toBe(1);
    const told = notificationsTo([h], user.chatId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/notifications stopped/);
    await expectForgotten(user);

    const calls = userCalls();
    clock.advance(900_001);
    await watcher.runOnce();
    clock.advance(900_001);
    await watcher.runOnce();
    expect(userCalls()).toBe(calls);
    expect(notificationsTo([h], user.chatId)).toHaveLength(1);
  });

  it("tells the user in their language (ru, uk)", async () => {
    const ru = await h.linkedUser("main", { languageCode: "ru" });
    const uk = await h.linkedUser("main", { languageCode: "uk" });
    h.sandbox.revokeKey("main");
    await ru.send("/account");
    expect(ru.lastText()).toMatch(/Обменник больше не принимает ваш ключ/);
    await uk.send("/account");
    expect(uk.lastText()).toMatch(/Обмінник більше не приймає ваш ключ/);
    expect(await h.storage.vault.has(ru.chatId)).toBe(false);
    expect(await h.storage.vault.has(uk.chatId)).toBe(false);
  });

  it("an ordinary refusal is not taken for a revoked key: the key stays", async () => {
    const user = await h.linkedUser();
    await user.send("/password");
    for (const text of ["not-my-password", "another-pass-1", "another-pass-1"])
      await user.send(text);
    expect(user.lastText()).not.toMatch(REJECTED);
    // With or without the server's reason (legacy sends none; a wrong current password in the bot's words).
    expect(user.lastText()).toMatch(
      /(did not|refused to) change the password|password is wrong, so the password was not changed/,
    );
    expect(await h.storage.vault.has(user.chatId)).toBe(true);
    // The refused change was sent once; the key was re-checked with one read, not by repeating it.
    expect(h.exchangerCalls("/user-api-change-password")).toHaveLength(1);
    const after = h.sandbox.requests.slice(
      h.sandbox.requests.findIndex((r) => r.path === "/user-api-change-password") + 1,
    );
    expect(after.map((r) => r.path)).toEqual(["/user-api-get-info"]);
  });
});
