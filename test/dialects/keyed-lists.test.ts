/**
 * Lists sent as an object keyed by id (`{"1017": {…}, "1005": {…}}`), through the real bot: JSON puts
 * integer-like keys ascending, so the server's order within a page is lost. The orders list must still
 * show every order once, newest first, page after page, on a server listing newest first and on one
 * listing oldest first — the same screens as the same server answering plain lists.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DIALECTS } from "../../src/sandbox/dialect.js";
import { Harness } from "../harness/harness.js";
import type { SimUser } from "../harness/user.js";
import { post } from "../sandbox/helpers.js";

const KEYED = { orders: "keyed", details: "keyed" } as const;
const ids = (text: string) => [...text.matchAll(/#(\d+) · /g)].map((m) => m[1]!);

/** Every order id the list shows walking ▶ from page 1 to the last. */
async function walk(user: SimUser): Promise<string[]> {
  await user.send("/orders");
  const shown = ids(user.lastText());
  for (let page = 2; page <= 30; page++) {
    const next = (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
      .flat()
      .some((b) => b.text === "▶");
    if (!next) break;
    await user.press("▶");
    shown.push(...ids(user.lastText()));
  }
  return shown;
}

describe.each(["spec", "legacy"] as const)("orders keyed by id on a %s server", (name) => {
  const harnesses: Harness[] = [];
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.close();
  });

  async function server(keyed: boolean): Promise<Harness> {
    const dialect = keyed ? { ...DIALECTS[name], lists: KEYED } : DIALECTS[name];
    const h = await Harness.start({ dialect });
    harnesses.push(h);
    for (let i = 0; i < 9; i++) h.sandbox.addOrder("main", { send_amount: `${10 + i}.00` });
    return h;
  }

  it("walks every order once, newest first, as a server answering plain lists", async () => {
    const keyed = await server(true);
    const plain = await server(false);
    const answer = await post(
      keyed.sandbox,
      "/user-api-get-orders",
      keyed.sandbox.accounts.main.apiKey,
      {
        limit: 5,
      },
    );
    // The server really sends a map, and JSON hands its keys over ascending.
    expect(Array.isArray(answer.body.result)).toBe(false);
    const keys = Object.keys(answer.body.result).map(Number);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));

    const here = await walk(await keyed.linkedUser("main"));
    const there = await walk(await plain.linkedUser("main"));
    expect(here).toEqual(there);
    const all = keyed.sandbox.state.accounts.main!.orders.map((o) => o.id);
    expect([...here].sort()).toEqual([...all].sort());
    expect(here).toEqual([...here].sort((a, b) => Number(b) - Number(a)));
  });
});
