/**
 * A payment made in the chat is never reported back by a poll in flight across it (issue: "✅ Order
 * #6100 is paid from your balance" then "🔔 #6100 …: now paid", 4 times in 6 payments when a poll
 * was in flight). The test forces both interleavings: the poll's read of the orders held until the
 * payment is over (so the exchanger answers it with the order already paid), and the poll's answer
 * read before the payment but held until after it (so it would save the old status as seen).
 */
import { afterEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox, type SandboxOrder } from "../../../../src/sandbox/server.js";
import type { ExchangerClient } from "../../../../src/exchanger/index.js";
import { Harness } from "../../../harness/harness.js";
import { until } from "../../../faults/own-sentinel.js";
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
const SPEND = "/user-api-spend-balance";

/** When the poll's get-orders is held: before it reaches the exchanger, or after its answer. */
type Hold = "before-read" | "after-read";

/** A world whose watcher's get-orders can be held at one point until the test lets it go. */
async function watched(languageCode: string) {
  sandbox = await startSandbox({ port: 0 });
  const world = await Harness.start({ sandbox });
  h = world;
  const user = await subscribedUser(world, "main", languageCode);
  const clock = new TestClock();
  const exchanger = world.app.deps.exchanger;
  const gate = { hold: undefined as Hold | undefined, entered: false, release: () => {} };
  const held = () =>
    new Promise<void>((resolve) => {
      gate.entered = true;
      gate.release = resolve;
    });
  const gated: Pick<ExchangerClient, "getOrders" | "getCurrencies"> = {
    getCurrencies: (language) => exchanger.getCurrencies(language),
    getOrders: async (...args) => {
      const hold = gate.hold;
      gate.hold = undefined;
      if (hold === "before-read") await held();
      const page = await exchanger.getOrders(...args);
      if (hold === "after-read") await held();
      return page;
    },
  };
  const watcher = notifierFor(world, { now: clock.now }, { exchanger: gated });
  await watcher.runOnce(); // the baseline
  const poll = async () => {
    clock.advance(INTERVAL);
    await watcher.runOnce();
    return notificationsTo([world], user.chatId);
  };
  /** Starts a poll and returns once it is held at `hold`, with what finishes it. */
  const pollHeldAt = async (hold: Hold) => {
    gate.hold = hold;
    gate.entered = false;
    clock.advance(INTERVAL);
    const running = watcher.runOnce();
    await until("the poll to be held", async () => gate.entered);
    return async () => {
      gate.release();
      await running;
      return notificationsTo([world], user.chatId);
    };
  };
  return { world, user, poll, pollHeldAt };
}

/** An order the watcher follows (among the newest 20) that the balance (1500.00) can pay. */
function payable(world: Harness): SandboxOrder {
  return [...world.sandbox.state.accounts.main!.orders]
    .sort((a, b) => Number(b.id) - Number(a.id))
    .slice(0, 20)
    .find((o) => Number(o.status) === 0 && Number(o.send_amount) < 1500)!;
}

describe("a poll in flight across a payment from the chat", () => {
  for (const hold of ["before-read", "after-read"] as const)
    it(`reports nothing of it, the poll held ${hold}; the exchanger's next change is told`, async () => {
      const { world, user, poll, pollHeldAt } = await watched("en");
      const order = payable(world);
      await user.send(`/pay ${order.token}`);
      const finishPoll = await pollHeldAt(hold);
      await user.press(/^✅ Pay/); // the poll still holds its read
      expect(user.lastText()).toContain(`Order #${order.id} is paid`);
      expect(world.exchangerCalls(SPEND)).toHaveLength(1);
      expect(Number(order.status)).not.toBe(0);

      expect(await finishPoll()).toEqual([]); // the poll across the payment
      expect(await poll()).toEqual([]); // and the one after it
      world.sandbox.setOrderStatus("main", order.id, 2);
      const told = await poll();
      expect(told).toHaveLength(1);
      expect(told[0]).toContain(`#${order.id}`);
    });

  it("the payment waits for a poll that ends soon, and is not told back (uk)", async () => {
    const { world, user, poll, pollHeldAt } = await watched("uk");
    const order = payable(world);
    await user.send(`/pay ${order.token}`);
    const finishPoll = await pollHeldAt("before-read");
    const pressing = user.press(/^✅/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(world.exchangerCalls(SPEND)).toHaveLength(0); // the poll holds the chat
    expect(await finishPoll()).toEqual([]);
    await pressing;
    expect(user.lastText()).toContain(`№${order.id}`);
    expect(world.exchangerCalls(SPEND)).toHaveLength(1);
    expect(await poll()).toEqual([]);
  });
});
