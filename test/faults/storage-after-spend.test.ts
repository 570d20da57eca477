/**
 * Storage failing between the spend and the bookkeeping (issue: "a spend that went through is reported
 * as such"): Redis — a redis-server of the test's own — is stopped the moment the exchanger has paid,
 * before the bot reads the answer. The user is told what the exchanger said ("paid", or "unknown:
 * check before paying again" when the answer is lost), never "try again"; the failure is logged at
 * error level and the admin chats are alerted.
 */
import { describe, expect, it } from "vitest";
import type { SandboxOrder } from "../../src/sandbox/server.js";
import { totp } from "../harness/two-factor.js";
import { errorLogs } from "./helpers.js";
import { botMessages, botSaid, proxiedWorldPerTest } from "./proxied-world.js";

const SPEND = "/user-api-spend-balance";
const ADMIN_CHAT = 424242;

describe("storage failing right after a spend", { timeout: 60_000 }, () => {
  // A fresh exchanger per test: every test pays a created order of a full balance.
  const world = proxiedWorldPerTest(ADMIN_CHAT);

  function createdOrder(account: "main" | "twofa"): SandboxOrder {
    const found = world().sandbox.state.accounts[account]!.orders.find(
      (o) => Number(o.status) === 0,
    );
    if (!found) throw new Error("the seed has no created order left");
    return found;
  }

  /** Stops Redis once the exchanger has answered the spend (the order is paid by then). */
  function stopRedisAfterSpend(verdict: "pass" | "drop"): void {
    const { proxy, redis } = world();
    proxy.hooks.afterAnswer = async (path) => {
      if (path !== SPEND) return "pass";
      await redis.crash();
      return verdict;
    };
  }

  const alerts = () => botMessages(world().h, ADMIN_CHAT).map((m) => m.text);

  it("without 2FA: the user reads “paid”, not “try again”; the failure is logged and alerted", async () => {
    const { h } = world();
    const user = await h.linkedUser("main");
    const order = createdOrder("main");
    await user.send(`/pay ${order.token}`);
    const before = botMessages(h, user.chatId).length - 1;
    stopRedisAfterSpend("pass");
    await user.press(/^✅ Pay/);

    expect(Number(order.status)).toBe(1);
    expect(h.exchangerCalls(SPEND)).toHaveLength(1);
    const text = botSaid(h, user.chatId, before);
    expect(text).toContain(`Order #${order.id} is paid from your balance`);
    expect(text).not.toMatch(/try again|Something went wrong/i);
    expect(errorLogs(h).join("\n")).toMatch(/after a spend/);
    expect(alerts().join("\n")).toMatch(
      new RegExp(`Something failed on our side right after a payment of order #${order.id}`),
    );
  });

  it("without 2FA, the answer lost too: “unknown, check the order before paying again”", async () => {
    const { h } = world();
    const user = await h.linkedUser("main");
    const order = createdOrder("main");
    await user.send(`/pay ${order.token}`);
    const before = botMessages(h, user.chatId).length - 1;
    stopRedisAfterSpend("drop");
    await user.press(/^✅ Pay/);

    expect(Number(order.status)).toBe(1);
    const text = botSaid(h, user.chatId, before);
    expect(text).toMatch(new RegExp(`outcome of paying order #${order.id} is unknown`));
    expect(text).toMatch(/Check the order's status before paying again/);
    expect(text).not.toMatch(/try again|Something went wrong/i);
  });

  it("with 2FA (the code flow): “paid”, not “try again”; logged and alerted", async () => {
    const { h, sandbox } = world();
    const user = await h.linkedUser("twofa");
    const order = createdOrder("twofa");
    await user.send(`/pay ${order.token}`);
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toMatch(/6-digit code/);
    const before = botMessages(h, user.chatId).length;
    stopRedisAfterSpend("pass");
    await user.send(totp(sandbox.accounts.twofa.twoFactorSecret!));

    expect(Number(order.status)).toBe(1);
    const text = botSaid(h, user.chatId, before);
    expect(text).toContain(`Order #${order.id} is paid from your balance`);
    expect(text).not.toMatch(/try again|Something went wrong/i);
    expect(errorLogs(h).join("\n")).toMatch(/after a spend/);
    expect(alerts().join("\n")).toMatch(new RegExp(`order #${order.id}`));
  });

  it("with 2FA, the answer lost: “unknown”, never “try again”", async () => {
    const { h, sandbox } = world();
    const user = await h.linkedUser("twofa");
    const order = createdOrder("twofa");
    await user.send(`/pay ${order.token}`);
    await user.press(/^✅ Pay/);
    const before = botMessages(h, user.chatId).length;
    stopRedisAfterSpend("drop");
    await user.send(totp(sandbox.accounts.twofa.twoFactorSecret!));

    const text = botSaid(h, user.chatId, before);
    expect(text).toMatch(/is unknown/);
    expect(text).not.toMatch(/try again|Something went wrong/i);
  });
});
