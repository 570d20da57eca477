/**
 * A create-order whose answer was lost, on an exchanger listing orders oldest first with more than a
 * page of them (the `legacy` dialect, with and without `pagination`): the order it created is found
 * among the NEWEST orders, read as the orders list reads them, and shown — created once. Before, the
 * lookup read the server's first page (the oldest orders) and told the user it could not tell.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import { DIALECTS, type Dialect } from "../../../../src/sandbox/dialect.js";
import { startSandbox, type Sandbox } from "../../../../src/sandbox/server.js";
import { toSummary } from "./steps.js";

const CREATE = "/private-api-create-order";
const VARIANTS: Array<[string, Dialect]> = [
  ["with a count", DIALECTS.legacy],
  ["without a count", { ...DIALECTS.legacy, pagination: false }],
];

let h: Harness | undefined;
let sandbox: Sandbox | undefined;
afterEach(async () => {
  await h?.close();
  await sandbox?.close();
  h = sandbox = undefined;
});

describe.each(VARIANTS)("a lost create-order answer, oldest first %s", (_name, dialect) => {
  it("finds the new order among the newest and shows it, created once", async () => {
    sandbox = await startSandbox({ port: 0, dialect });
    h = await Harness.start({ sandbox, env: { PRIVATE_API_KEY: sandbox.operatorKey } });
    const orders = sandbox.state.accounts.main!.orders;
    // More than one page of the lookup's 20, however the server pages.
    for (let i = 1; i <= 45; i++) sandbox.addOrder("main", { send_amount: "100.00" });
    const user = await h.linkedUser("main");
    const before = new Set(orders.map((o) => String(o.id)));
    await toSummary(user);
    sandbox.injectFault({ path: CREATE, kind: "lost-answer" });
    await user.press(/Create order/);
    expect(h.exchangerCalls(CREATE)).toHaveLength(1);
    const created = orders.filter((o) => !before.has(String(o.id)));
    expect(created).toHaveLength(1);
    expect(user.transcript()).toContain(`Order #${created[0]!.id}`);
    expect(user.transcript()).toContain("The order is created");
  });
});
