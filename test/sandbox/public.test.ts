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
    expect(en.body.result[0]).toMatchObject({ id: 1, name: "Bitcoin", code: "BTC", decimals: 8, reserve: expect.any(String) });
    const ru = await get(sb, "/public-api-get-currencies?language=ru");
    expect(ru.body.result.find((c: { code: string }) => c.code === "SBERRUB").name).toBe("Сбербанк RUB");
    expect(en.body.result.find((c: { code: string }) => c.code === "SBERRUB").name).toBe("Sberbank RUB");
  });

  it("lists the directions, whose currency ids exist", async () => {
    const currencies = (await get(sb, "/public-api-get-currencies")).body.result.map((c: { id: number }) => c.id);
    const { body } = await get(sb, "/public-api-get-exchanges");
    expect(body.result.length).toBeGreaterThanOrEqual(8);
    for (const d of body.result) {
      expect(currencies).toContain(d.send_currency_id);
      expect(currencies).toContain(d.receive_currency_id);
      expect(d.rate).toEqual(expect.any(String));
    }
  });

  it("returns one direction with its localized inputs; unknown id is an error", async () => {
    const { body } = await get(sb, "/public-api-get-exchange?id=2&language=uk");
    expect(body.result).toMatchObject({ id: 2, send_currency_id: 3, receive_currency_id: 5 });
    expect(body.result.inputs).toContainEqual({ id: 11, name: "Номер картки", required: true });
    const unknown = await get(sb, "/public-api-get-exchange?id=999&language=en");
    expect(unknown.status).toBe(200);
    expect(expectError(unknown)).toBe("Exchange direction 999 not found");
    expect(expectError(await get(sb, "/public-api-get-exchange"))).toBe("Parameter id is required");
  });

  it("saved inputs of main refer to real direction fields, plus one unknown", async () => {
    const fieldIds = new Set<string>();
    for (const d of sb.state.directions) for (const i of d.inputs) fieldIds.add(String(i.id));
    const saved = Object.keys(sb.state.accounts.main!.inputs);
    expect(saved.filter((id) => !fieldIds.has(id))).toEqual(["97"]);
  });

  it("reports status and the referral program", async () => {
    const status = await get(sb, "/public-api-get-status");
    expect(status.body.result).toMatchObject({ online: true, time: Date.UTC(2025, 0, 1) / 1000, version: expect.any(String) });
    const ref = await get(sb, "/public-api-get-referral-program?language=ru");
    expect(ref.body.result).toMatchObject({ percent: expect.any(String), levels: 2 });
    expect(ref.body.result.description).toMatch(/Приглашайте/);
  });

  it("needs no key", () => {
    expect(sb.requests.every((r) => r.account === undefined && r.status === 200)).toBe(true);
  });
});
