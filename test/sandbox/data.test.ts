import { describe, expect, it } from "vitest";
import { createSeedState } from "../../src/sandbox/data.js";
import { MESSAGES, translate } from "../../src/sandbox/i18n.js";

describe("seed data", () => {
  const state = createSeedState();
  const main = state.accounts.main!;

  it("gives main at least 36 orders in all five statuses and several directions", () => {
    expect(main.orders.length).toBeGreaterThanOrEqual(36);
    for (const status of [0, 1, 2, 3, 4])
      expect(main.orders.some((o) => o.status === status)).toBe(true);
    expect(new Set(main.orders.map((o) => o.exchange_id)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(main.orders.map((o) => o.token)).size).toBe(main.orders.length);
  });

  it("has created orders both below and above the balance", () => {
    const created = main.orders.filter((o) => o.status === 0).map((o) => Number(o.send_amount));
    expect(created.some((a) => a <= main.balance)).toBe(true);
    expect(created.some((a) => a > main.balance)).toBe(true);
  });

  it("has an order whose text contains HTML special characters", () => {
    expect(
      main.orders.some((o) => /[<>&"']/.test(String(o.comment)) && /<b>/.test(String(o.comment))),
    ).toBe(true);
  });

  it("refers only to existing currencies and directions", () => {
    const currencies = new Set(state.currencies.map((c) => String(c.id)));
    for (const o of [...main.orders, ...main.referralOrders]) {
      expect(currencies.has(o.send_currency_id)).toBe(true);
      expect(currencies.has(o.receive_currency_id)).toBe(true);
      expect(state.directions.some((d) => String(d.id) === o.exchange_id)).toBe(true);
    }
    for (const d of main.details) expect(currencies.has(String(d.currency_id))).toBe(true);
  });

  it("gives each account distinct keys; only twofa has a secret; empty is empty", () => {
    const keys = Object.values(state.accounts).map((a) => a.apiKey);
    expect(new Set(keys).size).toBe(3);
    expect(state.accounts.twofa!.twoFactorSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(main.twoFactorSecret).toBeNull();
    const empty = state.accounts.empty!;
    expect([empty.orders, empty.referralOrders, empty.details]).toEqual([[], [], []]);
    expect(empty.verification).toBeNull();
  });

  it("never puts secrets into profiles", () => {
    for (const account of Object.values(state.accounts)) {
      const text = JSON.stringify(account.profile);
      expect(text).not.toContain(account.password);
      expect(text).not.toContain(account.apiKey);
      expect(text).not.toMatch(/password|hash|secret/i);
    }
  });
});

describe("messages", () => {
  it("has every message in en, ru and uk with the same placeholders", () => {
    for (const [key, byLanguage] of Object.entries(MESSAGES)) {
      const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(byLanguage.en, key).not.toBe("");
      expect(placeholders(byLanguage.ru), key).toEqual(placeholders(byLanguage.en));
      expect(placeholders(byLanguage.uk), key).toEqual(placeholders(byLanguage.en));
    }
  });

  it("fills placeholders", () => {
    expect(translate("required", "uk", { name: "token" })).toBe("Параметр token обов'язковий");
  });
});
