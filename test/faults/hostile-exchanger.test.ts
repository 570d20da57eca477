/**
 * A hostile exchanger (issue 13, item 5): a server that ignores `limit`, nests JSON 100,000 deep, sends
 * bidi overrides, control characters and lone surrogates, or says "success" under HTTP 500. The bot
 * renders one normal page, shows only safe text, and trusts no success without a 2xx status.
 */
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeServer, type FakeServer, type SeenRequest } from "../exchanger/fake-server.js";
import { Harness } from "../harness/harness.js";
import { expectNoCrash, UNAVAILABLE } from "./helpers.js";
import { wellFormed } from "../harness/html-check.js";

const ORDER_COUNT = 10_000;
const DEEP = 100_000;
const HOSTILE_TEXT = "Re\u202Efund\u0007 to \u200Bwallet \uD800 \u2066x\u2069";

/** What the fake answers: the normal (hostile) world, or a "success" under HTTP 500 for one method. */
type Mode = "normal" | "orders500" | "spend500";

function ordersBody(): string {
  // The first order carries hostile text and a field nested DEEP levels; then 9,999 plain orders.
  const first =
    `{"id":${ORDER_COUNT},"status":0,"token":"tok-first-0000000001","send_amount":"1.5","send_currency_id":1,"receive_currency_id":2,` +
    `"comment":${JSON.stringify(HOSTILE_TEXT)},"route":${'{"next":'.repeat(DEEP)}1${"}".repeat(DEEP)}}`;
  const rest = Array.from({ length: ORDER_COUNT - 1 }, (_, i) =>
    JSON.stringify({
      id: ORDER_COUNT - 1 - i,
      status: 4,
      token: `tok-${i}`,
      send_amount: "2",
      send_currency_id: 1,
      receive_currency_id: 2,
    }),
  );
  return `{"success":true,"result":[${[first, ...rest].join(",")}]}`;
}

const hostileExchanger =
  (world: { mode: Mode }) =>
  (req: SeenRequest, res: ServerResponse): void => {
    const { mode } = world;
    const send = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body);
    };
    switch (req.path) {
      case "/user-api-get-info":
        return send(
          200,
          JSON.stringify({
            success: true,
            result: {
              id: 7,
              email: "user@example.com",
              balance: "100",
              two_factor_authentication: 0,
            },
          }),
        );
      case "/user-api-get-orders":
        return mode === "orders500" ? send(500, ordersBody()) : send(200, ordersBody());
      case "/user-api-spend-balance":
        return send(
          mode === "spend500" ? 500 : 200,
          JSON.stringify({ success: true, result: { status: 1 } }),
        );
      case "/public-api-get-currencies":
        return send(
          200,
          JSON.stringify({
            success: true,
            result: [
              { id: 1, name: `Bit\u202Ecoin\uDC00`, code: "BTC" },
              { id: 2, name: "Ether", code: "ETH" },
            ],
          }),
        );
      default:
        return send(200, JSON.stringify({ success: true, result: [] }));
    }
  };

const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

describe("a hostile exchanger", () => {
  let server: FakeServer;
  let h: Harness;
  const world: { mode: Mode } = { mode: "normal" };
  beforeAll(async () => {
    server = await startFakeServer(hostileExchanger(world));
    h = await Harness.start({ env: { EXCHANGER_BASE_URL: server.url } });
  });
  afterAll(async () => {
    await h?.close();
    await server?.close();
  });

  it("a server that ignores limit (10,000 orders) gets one normal page: short text, a small keyboard", async () => {
    world.mode = "normal";
    const user = await h.linkedUser();
    await user.send("/orders");
    const screen = user.lastBotMessage();
    const buttons = (screen.replyMarkup?.inline_keyboard ?? []).flat();
    const orderButtons = buttons.filter((b) => b.callback_data?.startsWith("ord:c:"));
    expect(orderButtons.length).toBeGreaterThan(0);
    expect(orderButtons.length).toBeLessThanOrEqual(h.config.ordersPageSize);
    expect(buttons.length).toBeLessThan(40);
    expect(screen.text.length).toBeLessThanOrEqual(4096);
    expect(screen.text).toContain(`#${ORDER_COUNT}`);
    expect(screen.text).not.toContain(`#${ORDER_COUNT - 100}`);
    expectNoCrash(h, user.transcript());
  });

  it("deep JSON, bidi overrides, control characters and lone surrogates render safely on the list and the card", async () => {
    world.mode = "normal";
    const user = await h.linkedUser();
    await user.send("/orders");
    await user.press(new RegExp(`^ord:c:${ORDER_COUNT}:`));
    const card = user.lastText();
    expect(card).toContain("Refund to wallet");
    expect(card).toMatch(/Route: .*…/);
    for (const message of user.visible().filter((m) => m.from === "bot")) {
      expect(message.text).not.toMatch(UNSAFE);
      expect(wellFormed(message.text)).toBe(true);
      for (const b of (message.replyMarkup?.inline_keyboard ?? []).flat()) {
        expect(b.text).not.toMatch(UNSAFE);
        expect(wellFormed(b.text)).toBe(true);
      }
    }
    expectNoCrash(h, user.transcript());
  });

  it("a success body under HTTP 500 is not trusted: the list says the exchanger is not answering", async () => {
    const user = await h.linkedUser();
    world.mode = "orders500";
    try {
      await user.send("/orders");
    } finally {
      world.mode = "normal";
    }
    expect(user.lastText()).toContain(UNAVAILABLE);
    expect(user.lastText()).not.toContain(`#${ORDER_COUNT}`);
  });

  it("spend-balance answering success under HTTP 500: the outcome is reported unknown, not paid, and not repeated", async () => {
    world.mode = "normal";
    const user = await h.linkedUser();
    await user.send("/orders");
    await user.press(new RegExp(`^ord:c:${ORDER_COUNT}:`));
    await user.press(/^pay:o:/);
    const spendsBefore = server.requests.filter((r) => r.path === "/user-api-spend-balance").length;
    world.mode = "spend500";
    try {
      await user.press(/^pay:c:/);
    } finally {
      world.mode = "normal";
    }
    expect(user.lastText()).toMatch(/outcome of paying order #\d+ is unknown/);
    expect(user.lastText()).not.toMatch(/✅/);
    expect(server.requests.filter((r) => r.path === "/user-api-spend-balance").length).toBe(
      spendsBefore + 1,
    );
  });
});
