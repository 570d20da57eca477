/**
 * The bot never announces the chat's own action back: an order created or paid from the chat is
 * recorded as seen at its new status by the step that did it, so the watcher announces only what the
 * exchanger changed afterwards (issue: "🔔 New order" one poll after "✅ The order is created").
 */
import { afterEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../../../src/sandbox/server.js";
import { Harness } from "../../../harness/harness.js";
import { totp } from "../../../harness/two-factor.js";
import { toSummary } from "../exchange/steps.js";
import {
  notificationsTo,
  notifierFor,
  subscribedUser,
  TestClock,
} from "../../../notify/helpers.js";

let h: Harness | undefined;
let sandbox: Sandbox | undefined;
afterEach(async () => {
  await h?.close();
  await sandbox?.close();
  h = undefined;
  sandbox = undefined;
});

/** Past the shortest poll interval: the next runOnce polls the chat. */
const INTERVAL = 900_001;

/** A world whose watcher took its baseline of a subscribed user's orders. */
async function watched(account: "main" | "twofa", languageCode = "en") {
  sandbox = await startSandbox({ port: 0 });
  const world = await Harness.start({ sandbox, env: { PRIVATE_API_KEY: sandbox.operatorKey } });
  h = world;
  const user = await subscribedUser(world, account, languageCode);
  const clock = new TestClock();
  const watcher = notifierFor(world, { now: clock.now });
  await watcher.runOnce(); // the baseline
  const poll = async () => {
    clock.advance(INTERVAL);
    await watcher.runOnce();
    return notificationsTo([world], user.chatId);
  };
  return { world, user, poll };
}

describe("the chat's own actions are not announced back", () => {
  it("an order created from the chat: its card once, no 🔔 New order; the exchanger's next change is", async () => {
    const { world, user, poll } = await watched("main");
    await toSummary(user);
    await user.press(/Create order/);
    const account = world.sandbox.state.accounts.main!;
    const order = account.orders.find((o) => o.send_amount === "100.50")!;
    expect(user.visible().filter((m) => m.text.includes("The order is created"))).toHaveLength(1);

    expect(await poll()).toEqual([]);
    // The card once (the QR code under it names the order too: a photo, not a card).
    expect(user.visible().filter((m) => !m.photo && m.text.includes(`#${order.id}`))).toHaveLength(
      1,
    );

    world.sandbox.setOrderStatus("main", order.id, 1);
    const told = await poll();
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(`#${order.id}`);
  });

  it("an order paid from the balance: no 🔔 is now paid afterwards; the exchanger's next change is", async () => {
    const { world, user, poll } = await watched("main");
    // Among the orders the watcher follows (the newest 20), one the balance (1500.00) can pay.
    const order = [...world.sandbox.state.accounts.main!.orders]
      .sort((a, b) => Number(b.id) - Number(a.id))
      .slice(0, 20)
      .find((o) => Number(o.status) === 0 && Number(o.send_amount) < 1500)!;
    await user.send(`/pay ${order.token}`);
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toContain(`Order #${order.id} is paid`);
    expect(await poll()).toEqual([]);
    // What the exchanger does next is still news.
    world.sandbox.setOrderStatus("main", order.id, 2);
    expect(await poll()).toHaveLength(1);
  });

  it("paid with a 2FA code inside the flow: not announced back either", async () => {
    const { world, user, poll } = await watched("twofa");
    const order = world.sandbox.state.accounts.twofa!.orders.find(
      (o) => Number(o.status) === 0 && Number(o.send_amount) === 50,
    )!;
    await user.send(`/pay ${order.token}`);
    await user.press(/^✅ Pay/);
    await user.send(totp(world.sandbox.accounts.twofa.twoFactorSecret!));
    expect(user.lastText()).toContain(`Order #${order.id} is paid`);
    expect(await poll()).toEqual([]);
  });
});
