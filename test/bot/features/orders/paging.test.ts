/**
 * Pages as the server really serves them: a server that caps the page size below ORDERS_PAGE_SIZE
 * (asked for 15, sends 10) still has every order shown exactly once, walking ▶ from the first page.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS } from "../../../../src/sandbox/dialect.js";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";

const ids = (text: string): string[] => [...text.matchAll(/^\S+ #(\w+) · /gm)].map((m) => m[1]!);
const hasNext = (user: SimUser) =>
  (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat().some((b) => b.text === "▶");

describe("a server capping the page size", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start({
      dialect: { ...DIALECTS.spec, pageCap: 10 },
      env: { ORDERS_PAGE_SIZE: "15" },
    });
  });
  afterEach(async () => {
    await h.close();
  });

  it("every order is listed once: pages follow what the server served, not what was asked", async () => {
    const user = await h.linkedUser("main");
    await user.send("/orders");
    const seen: string[] = [];
    for (let guard = 0; guard < 20; guard++) {
      seen.push(...ids(user.lastText()));
      if (!hasNext(user)) break;
      await user.press("▶");
    }
    const orders = h.sandbox.state.accounts.main!.orders;
    expect(orders.length).toBeGreaterThan(20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(orders.map((o) => o.id)));
    expect(h.exchangerCalls("/user-api-get-orders").every((c) => c.fields.limit === "15")).toBe(
      true,
    );
  });
});
