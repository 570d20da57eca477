/**
 * The direction catalogue against servers that answer the directions in the documented map (names
 * from cards read with pair) and in the old list of direction objects (names from the list itself).
 */
import { afterEach, describe, expect, it } from "vitest";
import { DirectionCatalog } from "../../../src/exchanger/catalog/directions.js";
import { createExchangerClient } from "../../../src/exchanger/client.js";
import { json, startFakeServer, type Handler } from "../fake-server.js";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function catalogOver(handler: Handler) {
  const server = await startFakeServer(handler);
  const client = createExchangerClient({
    baseUrl: server.url,
    timeoutMs: 2_000,
    retry: { attempts: 1, baseDelayMs: 0 },
  });
  cleanups.push(
    () => server.close(),
    () => client.close(),
  );
  return { server, catalog: new DirectionCatalog(client) };
}

describe("direction catalogue", () => {
  it("documented map: field names from each direction's card, asked with pair; a broken card hides only its own names", async () => {
    const cards: Record<string, unknown> = {
      "btc-eth": {
        id: 1,
        inputs: [
          { id: 21, name: "Ethereum address" },
          { id: 31, name: "E-mail" },
        ],
      },
      "eth-btc": { id: 2, inputs: [{ id: "22", name: "Bitcoin address" }] },
    };
    const { server, catalog } = await catalogOver((req, res) => {
      if (req.path === "/public-api-get-exchanges")
        return json(res, {
          success: true,
          result: { "1": { "2": "btc-eth" }, "2": { "1": "eth-btc", "3": "eth-usdt" } },
        });
      const card = cards[req.query.get("pair") ?? ""];
      json(
        res,
        card
          ? { success: true, result: card }
          : { success: false, message: "no such direction", result: false },
      );
    });
    expect(await catalog.find("en", "2", "1")).toEqual({
      sendCurrencyId: "2",
      receiveCurrencyId: "1",
      pair: "eth-btc",
    });
    expect(await catalog.find("en", "1", "3")).toBeUndefined();
    const names = await catalog.inputNames("en");
    expect([...names]).toEqual([
      ["21", "Ethereum address"],
      ["31", "E-mail"],
      ["22", "Bitcoin address"],
    ]);
    const asked = server.requests
      .filter((r) => r.path === "/public-api-get-exchange")
      .map((r) => [r.query.get("pair"), r.query.get("id")]);
    expect(asked).toEqual([
      ["btc-eth", null],
      ["eth-btc", null],
      ["eth-usdt", null],
    ]);
  });

  it("old-style list of direction objects with their inputs: names without reading any card", async () => {
    const { server, catalog } = await catalogOver((_req, res) =>
      json(res, {
        success: true,
        result: [
          {
            id: 7,
            send_currency_id: 1,
            receive_currency_id: 2,
            slug: "a-b",
            inputs: [{ id: 5, name: "Wallet" }],
          },
          {
            id: 8,
            send_currency_id: 2,
            receive_currency_id: 1,
            active: false,
            inputs: [{ id: 6, name: "Closed" }],
          },
        ],
      }),
    );
    expect(await catalog.directions("en")).toHaveLength(1);
    expect([...(await catalog.inputNames("en"))]).toEqual([["5", "Wallet"]]);
    expect(server.requests.map((r) => r.path)).toEqual(["/public-api-get-exchanges"]);
  });
});
