/**
 * One payment per order per ACCOUNT, not per chat: the same key linked in two chats (phone and
 * desktop), on two bot instances sharing one Redis, pressing Pay on the same order at the same time.
 * Exactly one spend reaches the exchanger; the second chat is told the payment is already in progress,
 * then its outcome. A proxy holds the spend's answer until the other chat was told, so both overlap.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox, type SandboxOrder } from "../../../../src/sandbox/server.js";
import { Harness } from "../../../harness/harness.js";
import { totp } from "../../../harness/two-factor.js";
import type { SimUser } from "../../../harness/user.js";
import { ExchangerProxy } from "../../../faults/exchanger-proxy.js";
import { until } from "../../../faults/own-sentinel.js";

const SPEND = "/user-api-spend-balance";

describe("one payment per order per account", () => {
  let sandbox: Sandbox;
  let proxy: ExchangerProxy;
  let phone: Harness;
  let desktop: Harness;

  beforeEach(async () => {
    sandbox = await startSandbox();
    proxy = await ExchangerProxy.start(sandbox.baseUrl);
    const env = { EXCHANGER_BASE_URL: proxy.baseUrl };
    phone = await Harness.start({ sandbox, env });
    desktop = await Harness.start({ sandbox, env, prefix: phone.prefix }); // a second instance on the same Redis
  });
  afterEach(async () => {
    await desktop.close();
    await phone.close();
    await proxy.close();
    await sandbox.close();
  });

  /**
   * Holds the exchanger's answer to the spend until the other chat has been told the payment is in
   * progress: both presses overlap, however slow the machine (no delay to guess).
   */
  function holdSpendUntilTheOtherIsTold(): void {
    const told = () =>
      [phone, desktop].some((h) =>
        h.fake.calls.some((c) => String(c.payload.text).includes("is already in progress")),
      );
    proxy.hooks.afterAnswer = async (path): Promise<"pass"> => {
      if (path === SPEND)
        await until("the other chat to be told the payment is in progress", async () => told());
      return "pass";
    };
  }

  function createdOrder(account: "main" | "twofa"): SandboxOrder {
    const found = sandbox.state.accounts[account]!.orders.find((o) => Number(o.status) === 0);
    if (!found) throw new Error("the seed has no created order");
    return found;
  }

  /** Every text the bot ever put in a chat, edits included, in order. */
  function everything(h: Harness, user: SimUser): string {
    const sent = h.fake.calls
      .filter(
        (c) =>
          Number(c.payload.chat_id) === user.chatId &&
          (c.method === "sendMessage" || c.method === "editMessageText"),
      )
      .map((c) => String(c.payload.text));
    return sent.join("\n---\n");
  }

  it("the same key in two chats: one spend; the second chat is told it is in progress, then that it is paid", async () => {
    const a = await phone.linkedUser("main", { id: 5101 });
    const b = await desktop.linkedUser("main", { id: 5102 });
    const order = createdOrder("main");
    await a.send(`/pay ${order.token}`);
    await b.send(`/pay ${order.token}`);
    const balance = sandbox.state.accounts.main!.balance;

    holdSpendUntilTheOtherIsTold();
    await Promise.all([a.press(/^✅ Pay/), b.press(/^✅ Pay/)]);

    expect(sandbox.requests.filter((r) => r.path === SPEND)).toHaveLength(1);
    expect(sandbox.state.accounts.main!.balance).toBe(balance - Number(order.send_amount));
    expect(Number(order.status)).toBe(1);
    const [first, second] = [everything(phone, a), everything(desktop, b)];
    const waited = [first, second].filter((t) =>
      t.includes(`A payment of order #${order.id} is already in progress`),
    );
    expect(waited).toHaveLength(1);
    // Both chats end on "paid"; the one that waited learned it from the other's payment.
    expect(a.lastText()).toContain(`Order #${order.id} is paid from your balance`);
    expect(b.lastText()).toContain(`Order #${order.id} is paid from your balance`);
    expect(waited[0]!.indexOf("already in progress")).toBeLessThan(
      waited[0]!.lastIndexOf("is paid from your balance"),
    );
    for (const t of [first, second]) expect(t).not.toMatch(/Something went wrong|try again/i);
  });

  it("a later press in the other chat, on its old card, pays nothing again", async () => {
    const a = await phone.linkedUser("main", { id: 5103 });
    const b = await desktop.linkedUser("main", { id: 5104 });
    const order = createdOrder("main");
    await a.send(`/pay ${order.token}`);
    await b.send(`/pay ${order.token}`);
    await a.press(/^✅ Pay/);
    await b.press(/^✅ Pay/);
    expect(sandbox.requests.filter((r) => r.path === SPEND)).toHaveLength(1);
    expect(b.lastText()).toMatch(
      new RegExp(`Order #${order.id} can no longer be paid|Order #${order.id} is paid`),
    );
  });

  it("with 2FA, both chats at the code prompt: one spend; the other is told it is in progress, then the outcome", async () => {
    const a = await phone.linkedUser("twofa", { id: 5105 });
    const b = await desktop.linkedUser("twofa", { id: 5106 });
    const order = createdOrder("twofa");
    await a.send(`/pay ${order.token}`);
    await b.send(`/pay ${order.token}`);
    await a.press(/^✅ Pay/);
    await b.press(/^✅ Pay/);
    expect(a.lastText()).toMatch(/6-digit code/);
    expect(b.lastText()).toMatch(/6-digit code/);

    const code = totp(sandbox.accounts.twofa.twoFactorSecret!);
    holdSpendUntilTheOtherIsTold();
    await Promise.all([a.send(code), b.send(code)]);

    expect(sandbox.requests.filter((r) => r.path === SPEND)).toHaveLength(1);
    expect(Number(order.status)).toBe(1);
    const texts = [everything(phone, a), everything(desktop, b)];
    expect(
      texts.filter((t) => t.includes(`A payment of order #${order.id} is already in progress`)),
    ).toHaveLength(1);
    expect(a.lastText()).toContain(`Order #${order.id} is paid from your balance`);
    expect(b.lastText()).toContain(`Order #${order.id} is paid from your balance`);
  });
});
