/**
 * Hostile positional servers through the reading path and the money proofs (the real client over
 * loopback HTTP, its server profile and order pages, the pay card's facts): whatever layout, filters
 * and first reader a server has, and however it changes under the bot, what the bot reads is the
 * server's truth or is said to be unread — never another column's value. Per case:
 * - an order's token, when read, is that order's (the token's order has the id shown);
 * - an amount or a status, when read, is the order's own (the sandbox's state is the truth);
 * - what the server proves of an order (its status, its token) is true, and Pay is offered only for
 *   an order that awaits payment, with its own token;
 * - a user object that is not the documented one is not read at all (no login for create-order);
 * - no secret of any column reaches what the bot holds.
 * HOSTILE_SEED=<n> replays one case; HOSTILE_CASES sets how many run (default 200).
 */
import { describe, expect, it } from "vitest";
import { createExchangerClient } from "../../../src/exchanger/client.js";
import { OrderPages } from "../../../src/exchanger/orders/pages.js";
import { payableNow } from "../../../src/exchanger/orders/payable-proof.js";
import { ServerProfile } from "../../../src/exchanger/server/profile.js";
import type { Order } from "../../../src/exchanger/types.js";
import { readStatus } from "../../../src/exchanger/vocabulary.js";
import { payCardOf } from "../../../src/bot/features/pay/pay-order.js";
import { positionalUser } from "../../../src/sandbox/positional.js";
import { startSandbox, type Sandbox } from "../../../src/sandbox/server.js";
import { PAYABLE_STATUS_IDS } from "../../../src/sandbox/order-status.js";
import {
  describeCase,
  hostileCase,
  hostileDialect,
  hostileUser,
  SECRET_SHAPES,
  seedFirstReader,
  type HostileCase,
  USER_SECRETS,
} from "./generator.js";

const FIRST = Number(process.env.HOSTILE_SEED ?? 4100);
const CASES = process.env.HOSTILE_SEED ? 1 : Number(process.env.HOSTILE_CASES ?? 200);

const meaning = (status: unknown) => readStatus(status).meaning;

/** Every string anywhere in a value that has the shape of a secret. */
function secretsIn(value: unknown, extra: readonly string[]): string[] {
  const text = JSON.stringify(value) ?? "";
  const strings = [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
  return strings.filter((s) => SECRET_SHAPES.test(s) || extra.includes(s));
}

/** What the cases exercised: a run where no Pay was ever offered or no amount read would prove little. */
const seen = { orders: 0, payable: 0, amounts: 0, proven: 0, unproven: 0, unread: 0 };

async function checkOrder(
  sandbox: Sandbox,
  account: string,
  pages: OrderPages,
  order: Order,
  where: string,
): Promise<void> {
  const own = sandbox.state.accounts[account]!.orders;
  const truth = own.find((o) => String(o.id) === order.id);
  seen.orders++;
  if (order.send?.amount !== undefined) seen.amounts++;
  if ((order.unproven?.length ?? 0) > 0) seen.unproven++;
  if (order.token !== undefined) {
    const byToken = own.find((o) => o.token === order.token);
    expect(byToken, `${where}: a token no order of the account has`).toBeDefined();
    expect(String(byToken!.id), `${where}: the token of another order`).toBe(order.id);
  }
  if (order.send?.amount !== undefined)
    expect(Number(order.send.amount), `${where}: send amount`).toBe(Number(truth?.send_amount));
  if (order.receive?.amount !== undefined)
    expect(Number(order.receive.amount), `${where}: receive amount`).toBe(
      Number(truth?.receive_amount),
    );
  if (!order.status.unreadable)
    expect(meaning(order.status), `${where}: status`).toBe(meaning(truth?.status));
  const caller = { apiKey: sandbox.accounts[account as "main"].apiKey, language: "en" as const };
  const proof = await pages.prove(caller, order);
  if (proof.proven) {
    seen.proven++;
    expect(meaning(proof.status), `${where}: proved status`).toBe(meaning(truth?.status));
  }
  const card = payCardOf(order, new Map(), proof);
  if (card.sendAmount !== undefined)
    expect(Number(card.sendAmount), `${where}: card amount`).toBe(Number(truth?.send_amount));
  if (payableNow(order, proof)) {
    seen.payable++;
    expect(PAYABLE_STATUS_IDS, `${where}: Pay on an order that is not payable`).toContain(
      Number(truth?.status),
    );
    expect(order.token, `${where}: Pay with another token`).toBe(truth?.token);
  }
}

async function runCase(c: HostileCase): Promise<void> {
  const where = `case ${describeCase(c)}`;
  const sandbox = await startSandbox({ dialect: hostileDialect(c) });
  const client = createExchangerClient({
    baseUrl: sandbox.baseUrl,
    timeoutMs: 5_000,
    profile: new ServerProfile(),
  });
  try {
    const documented = positionalUser(sandbox.state.accounts.main!);
    if (c.userObject)
      sandbox.state.accounts.main!.userObject = hostileUser(c.userObject, documented);
    const first = seedFirstReader(sandbox, c);
    const pages = new OrderPages(client, client.profile);
    const readers = [...new Set([first, "main"])];
    // Three rounds: learning, an upgrade of the server's layout in the middle, reading again.
    for (let round = 0; round < 3; round++)
      for (const account of readers) {
        const caller = {
          apiKey: sandbox.accounts[account as "main"].apiKey,
          language: "en" as const,
        };
        const page = await pages.page(caller, { list: "own", page: 1, size: 10 });
        seen.unread += page.unread ?? 0;
        expect(secretsIn(page.items, []), where).toEqual([]);
        for (const order of page.items)
          await checkOrder(
            sandbox,
            account,
            pages,
            order,
            `${where} round ${round} ${account} #${order.id}`,
          );
      }
    const info = await client.getInfo({ apiKey: sandbox.accounts.main.apiKey, language: "en" });
    const secrets = [...USER_SECRETS, ...[7, 8, 18, 28, 29].map((p) => String(documented[p]))];
    expect(
      secretsIn(
        info,
        secrets.filter((s) => s.length > 8),
      ),
      where,
    ).toEqual([]);
    if (c.userObject) {
      expect(info.unreadable, where).toBe(true);
      expect(info.login, where).toBeUndefined();
    } else expect(info.login, where).toBe(sandbox.state.accounts.main!.profile.login);
  } finally {
    await client.close();
    await sandbox.close();
  }
}

describe(`hostile positional servers through the reading path (seeds ${FIRST}…${FIRST + CASES - 1})`, () => {
  it("read only the server's truth, prove before Pay, and never hold a secret", async () => {
    for (let i = 0; i < CASES; i++) await runCase(hostileCase(FIRST + i));
    if (CASES < 50) return;
    // The cases reached every outcome: Pay offered, amounts read, statuses proved, facts left unread.
    for (const [what, count] of Object.entries(seen))
      expect(count, what).toBeGreaterThan(CASES / 10);
  }, 600_000);
});
