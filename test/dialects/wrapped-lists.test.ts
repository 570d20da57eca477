/**
 * Lists wrapped in the paginator objects PHP frameworks serialize by default (the sandbox's `shapes`
 * dialect: orders and referral orders as Laravel's `{data, current_page, per_page, total, …}`, saved
 * details as Yii's `{items, _meta}`), through the real bot: the orders list and its paging, /pay by
 * token and the saved details read exactly as from a server answering plain lists.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../harness/harness.js";
import type { SimUser } from "../harness/user.js";
import { post } from "../sandbox/helpers.js";

/** The pager's buttons ("2 / 11", ◀ ▶ ⏭): the status chips differ by how a server writes statuses. */
function pager(user: SimUser): string[] {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
    .flat()
    .map((b) => b.text)
    .filter((text) => /^(◀|▶|⏮|⏭|\d+ \/ \d+)$/.test(text));
}

/** Twelve more orders on both servers, so the list has pages to walk. */
function moreOrders(h: Harness): void {
  for (let i = 0; i < 12; i++) h.sandbox.addOrder("main", { send_amount: `${10 + i}.00` });
}

describe("lists wrapped in a framework's paginator object", () => {
  let h: Harness;
  let plain: Harness;
  beforeEach(async () => {
    h = await Harness.start({ dialect: "shapes" });
    plain = await Harness.start({ dialect: "spec" });
    moreOrders(h);
    moreOrders(plain);
  });
  afterEach(async () => {
    await plain.close();
    await h.close();
  });

  it("the server really wraps them: Laravel for orders, Yii for details, no `pagination` beside", async () => {
    const key = h.sandbox.accounts.main.apiKey;
    const orders = (await post(h.sandbox, "/user-api-get-orders", key, { limit: 5, page: 2 })).body;
    expect(orders.pagination).toBeUndefined();
    expect(orders.result).toMatchObject({ current_page: 2, per_page: 5 });
    expect(orders.result.data).toHaveLength(5);
    expect(orders.result.total).toBe(h.sandbox.state.accounts.main!.orders.length);
    const referral = (await post(h.sandbox, "/user-api-get-referral-orders", key)).body.result;
    expect(Array.isArray(referral.data)).toBe(true);
    const details = (await post(h.sandbox, "/user-api-get-details", key)).body.result;
    expect(Array.isArray(details.items)).toBe(true);
    expect(details._meta.totalCount).toBe(h.sandbox.state.accounts.main!.details.length);
  });

  it("/orders and its pages show the same orders and totals as a plain-list server, newest first", async () => {
    const here = await h.linkedUser("main");
    const there = await plain.linkedUser("main");
    for (const user of [here, there]) await user.send("/orders");
    expect(here.lastText()).toMatch(/Found: \d+/);
    const ids = (text: string) => [...text.matchAll(/#(\d+) · /g)].map((m) => m[1]);
    expect(ids(here.lastText())).toEqual(ids(there.lastText()));
    expect(ids(here.lastText())).not.toHaveLength(0);
    for (let page = 2; page <= 3; page++) {
      for (const user of [here, there]) await user.press("▶");
      expect(ids(here.lastText()), `page ${page}`).toEqual(ids(there.lastText()));
      expect(pager(here)).toEqual(pager(there));
      expect(pager(here)).toContain(`${page} / 11`);
    }
  });

  it("/pay by token finds the order in the wrapped list and pays it once", async () => {
    const order = h.sandbox.state.accounts.main!.orders.find((o) => Number(o.status) === 0)!;
    const user = await h.linkedUser("main");
    await user.send(`/pay ${order.token}`);
    expect(user.lastText()).not.toMatch(/not found|не найден/i);
    expect(user.lastText()).toContain(`#${order.id}`);
    await user.press(/^✅ Pay/);
    const spends = h.exchangerCalls("/user-api-spend-balance");
    expect(spends).toHaveLength(1);
    expect(spends[0]!.fields.token).toBe(order.token);
  });

  it("/details and /referrals list what the server holds, not an empty list", async () => {
    const here = await h.linkedUser("main");
    const there = await plain.linkedUser("main");
    for (const command of ["/details", "/referrals"]) {
      await here.send(command);
      await there.send(command);
      expect(here.lastText(), command).toBe(there.lastText());
      expect(here.lastText(), command).not.toMatch(/no saved|no referral/i);
      expect(pager(here), command).toEqual(pager(there));
    }
  });
});
