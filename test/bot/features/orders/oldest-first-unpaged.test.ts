/**
 * A server that lists orders oldest first and sends no `pagination` (no total): the bot finds the
 * list's end (doubling, then halving between pages) and shows the newest order first with the real
 * count, however long the list.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";
import { DIALECTS } from "../../../../src/sandbox/dialect.js";
import { WALK_PAGE_SIZE } from "../../../../src/exchanger/newest-first.js";

const OLDEST_FIRST_UNPAGED = { ...DIALECTS.legacy, pagination: false };
const LANGS = ["en", "ru", "uk"] as const;
const plain = (html: string) => html.replace(/<[^>]+>/g, "");

function buttons(user: SimUser) {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat();
}
/** The order ids of the screen's card buttons, in their order (the list's order). */
function shownIds(user: SimUser): number[] {
  return buttons(user)
    .map((b) => /^ord:c:(\d+):/.exec((b as { callback_data?: string }).callback_data ?? "")?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);
}

let h: Harness;
afterEach(async () => {
  await h.close();
});

/** get-orders calls made while `action` runs. */
async function ordersCalls(action: () => Promise<unknown>): Promise<number> {
  const before = h.exchangerCalls("/user-api-get-orders").length;
  await action();
  return h.exchangerCalls("/user-api-get-orders").length - before;
}

describe.each(LANGS)("oldest first without pagination (%s)", (lang) => {
  it("shows the newest order first with the real count; ⏭ reaches the oldest; each screen costs a bounded number of calls", async () => {
    h = await Harness.start({ dialect: OLDEST_FIRST_UNPAGED });
    const user = await h.linkedUser("main", { languageCode: lang });
    const all = h.sandbox.state.accounts
      .main!.orders.map((o) => Number(o.id))
      .sort((a, b) => b - a);
    expect(all.length).toBeGreaterThan(5); // more than one page of 5

    const firstCalls = await ordersCalls(() => user.send("/orders"));
    expect(firstCalls).toBeLessThanOrEqual(5); // learning the size and the order, finding the end
    const first = shownIds(user);
    expect(first).toEqual(all.slice(0, 5));
    expect(user.lastText()).toContain(
      plain(h.app.i18n.t(lang, "orders-total", { total: all.length })),
    );

    const pages = Math.ceil(all.length / 5);
    // The list fits in one call of the walk's size: that call and the look past it.
    expect(await ordersCalls(() => user.press("▶"))).toBeLessThanOrEqual(2);
    const seen = [...first, ...shownIds(user)];
    for (let page = 3; page <= pages; page++) {
      await user.press("▶");
      seen.push(...shownIds(user));
    }
    expect(seen).toEqual(all);
    await user.press("⏮");
    expect(shownIds(user)).toEqual(first);
    if (pages > 2) {
      await user.press("⏭");
      expect(shownIds(user).at(-1)).toBe(all.at(-1));
      expect(
        buttons(user).find((b) => (b as { callback_data?: string }).callback_data === "noop")?.text,
      ).toBe(`${pages} / ${pages}`);
    }
  });
});

describe("a list longer than one call", () => {
  it.each(LANGS)(
    "is shown newest first with its real count, in a bounded number of calls per screen (%s)",
    async (lang) => {
      h = await Harness.start({ dialect: OLDEST_FIRST_UNPAGED });
      const orders = h.sandbox.state.accounts.main!.orders;
      const template = orders[0]!;
      const extra = WALK_PAGE_SIZE * 4 + 10;
      for (let i = 1; i <= extra; i++)
        orders.push({ ...template, id: String(5000 + i), token: `tok${5000 + i}abcdef` });
      const user = await h.linkedUser("main", { languageCode: lang });
      const newest = orders.map((o) => Number(o.id)).sort((a, b) => b - a);

      await user.send("/orders"); // finds out the order
      const calls = await ordersCalls(() => user.send("/orders"));
      expect(calls).toBeLessThanOrEqual(10);
      expect(shownIds(user)).toEqual(newest.slice(0, 5));
      expect(user.lastText()).toContain(
        plain(h.app.i18n.t(lang, "orders-total", { total: orders.length })),
      );
      await user.press("▶");
      expect(shownIds(user)).toEqual(newest.slice(5, 10));
      await user.press("⏭");
      expect(shownIds(user).at(-1)).toBe(newest.at(-1));
    },
  );
});
