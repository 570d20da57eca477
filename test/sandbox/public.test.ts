import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { expectError, get } from "./helpers.js";

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ now: () => Date.UTC(2025, 0, 1, 0, 0, 0) });
});
afterAll(() => sb.close());

describe("public methods", () => {
  it("lists ~8 currencies with numeric ids, code and extras, names localized", async () => {
    const en = await get(sb, "/public-api-get-currencies?language=en");
    expect(en.status).toBe(200);
    expect(en.body.success).toBe(true);
    expect(en.body.result.length).toBeGreaterThanOrEqual(8);
    expect(en.body.result[0]).toMatchObject({
      id: 1,
      name: "Bitcoin",
      code: "BTC",
      decimals: 8,
      reserve: expect.any(String),
    });
    const ru = await get(sb, "/public-api-get-currencies?language=ru");
    expect(ru.body.result.find((c: { code: string }) => c.code === "SBERRUB").name).toBe(
      "Сбербанк RUB",
    );
    expect(en.body.result.find((c: { code: string }) => c.code === "SBERRUB").name).toBe(
      "Sberbank RUB",
    );
  });

  it("maps send currency id → receive currency id → slug (the documented directions map), ids existing", async () => {
    const currencies = (await get(sb, "/public-api-get-currencies")).body.result.map(
      (c: { id: number }) => String(c.id),
    );
    const { body } = await get(sb, "/public-api-get-exchanges");
    expect(Array.isArray(body.result)).toBe(false);
    expect(body.result["3"]).toEqual({ "5": "usdttrc20-carduah" });
    const links = Object.entries(body.result as Record<string, Record<string, string>>).flatMap(
      ([send, to]) => Object.entries(to).map(([receive, slug]) => ({ send, receive, slug })),
    );
    expect(links.length).toBeGreaterThanOrEqual(8);
    for (const { send, receive, slug } of links) {
      expect(currencies).toContain(send);
      expect(currencies).toContain(receive);
      expect(slug).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);
    }
  });

  it("returns one direction by its slug (pair) with its localized inputs; unknown pair is an error", async () => {
    const { body } = await get(sb, "/public-api-get-exchange?pair=usdttrc20-carduah&language=uk");
    expect(body.result).toMatchObject({
      id: 2,
      send_currency_id: 3,
      receive_currency_id: 5,
      rate: "40.85",
    });
    expect(body.result.inputs).toContainEqual({ id: 11, name: "Номер картки", required: true });
    // Some scripts also take the id; the bot always sends pair.
    expect((await get(sb, "/public-api-get-exchange?id=2")).body.result).toMatchObject({ id: 2 });
    const unknown = await get(sb, "/public-api-get-exchange?pair=xxx-yyy&language=en");
    expect(unknown.status).toBe(200);
    expect(expectError(unknown)).toBe("Exchange direction xxx-yyy not found");
    expect(expectError(await get(sb, "/public-api-get-exchange"))).toBe(
      "Parameter pair is required",
    );
  });

  it("saved inputs of main refer to real direction fields, plus one unknown", async () => {
    const fieldIds = new Set<string>();
    for (const d of sb.state.directions) for (const i of d.inputs) fieldIds.add(String(i.id));
    const saved = Object.keys(sb.state.accounts.main!.inputs);
    expect(saved.filter((id) => !fieldIds.has(id))).toEqual(["97"]);
  });

  it("reports status and the referral program", async () => {
    const status = await get(sb, "/public-api-get-status");
    expect(status.body.result).toMatchObject({
      online: true,
      time: Date.UTC(2025, 0, 1) / 1000,
      version: expect.any(String),
    });
    const ref = await get(sb, "/public-api-get-referral-program?language=ru");
    expect(ref.body.result).toMatchObject({ percent: expect.any(String), levels: 2 });
    expect(ref.body.result.description).toMatch(/Приглашайте/);
  });

  it("needs no key", () => {
    expect(sb.requests.every((r) => r.account === undefined && r.status === 200)).toBe(true);
  });
});
