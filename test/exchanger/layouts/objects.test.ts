/**
 * Layouts of positional objects without list filters (src/exchanger/layouts/objects.ts): what the
 * server's own answers confirm is placed as confirmed, what only a value's kind suggests is placed as
 * a guess where one column alone can be it, and nothing where two could.
 */
import { describe, expect, it } from "vitest";
import {
  learnCurrencyLayout,
  learnFromSubmission,
  learnSavedFieldLayout,
  learnVerificationLayout,
} from "../../../src/exchanger/layouts/objects.js";
import { isCertain, nameRecord, type Layout } from "../../../src/exchanger/normalize/layout.js";

const at = (layout: Layout, name: string) => layout.fields.find((f) => f.name === name);

describe("currency layouts", () => {
  const rows = [
    ["BTC", "3.51204118", "crypto", "Bitcoin", 1, 8],
    ["USDTTRC20", "152340.12", "crypto", "Tether TRC20", 3, 2],
    ["CARDUAH", "2450000.00", "card", "Visa/Mastercard UAH", 5, 2],
  ];

  it("the id is the one column holding every id of the directions map; the rest by kind", () => {
    const layout = learnCurrencyLayout(rows, new Set(["1", "3", "5"]));
    expect(at(layout, "id")).toMatchObject({ position: 4, by: "map" });
    expect(isCertain(layout, "id")).toBe(true);
    expect(at(layout, "code")).toMatchObject({ position: 0, by: "type" });
    expect(at(layout, "name")).toMatchObject({ position: 3, by: "type" });
    expect(at(layout, "reserve")).toMatchObject({ position: 1, by: "type" });
    expect(at(layout, "decimals")).toMatchObject({ position: 5, by: "type" });
    expect(nameRecord(rows[0]!, layout)).toMatchObject({ id: 1, code: "BTC", name: "Bitcoin" });
  });

  it("an id the map does not confirm is not placed, and a currency without one is never named by a guess", () => {
    const layout = learnCurrencyLayout(rows, new Set(["1", "3", "9"]));
    expect(at(layout, "id")).toBeUndefined();
    expect(nameRecord(rows[0]!, layout).id).toBeUndefined();
  });

  it("two decimal columns: which is the reserve nothing says, so neither is", () => {
    const wide = rows.map((r) => [...r, "0.0005"]);
    expect(at(learnCurrencyLayout(wide, new Set(["1", "3", "5"])), "reserve")).toBeUndefined();
  });
});

describe("verification layouts", () => {
  const row = [
    1730565600,
    "pending",
    301,
    "",
    1730556310,
    1,
    "card",
    "Petrenko",
    "4111 **** **** 1111",
    "Ivan",
    null,
  ];

  it("before a submission: the status by its words (an empty comment is no status), the dates by kind", () => {
    const layout = learnVerificationLayout(row);
    expect(at(layout, "status")).toMatchObject({ position: 1, by: "words" });
    expect(at(layout, "created_at")?.position).toBe(4);
    expect(at(layout, "updated_at")?.position).toBe(0);
    expect(at(layout, "first_name")).toBeUndefined();
  });

  it("from a submission: each value sent where it came back, a masked card number too", () => {
    const layout = learnFromSubmission(row, {
      card_number: "4111111111111111",
      first_name: "Ivan",
      last_name: "Petrenko",
    });
    expect(at(layout, "card_number")).toMatchObject({ position: 8, by: "sent" });
    expect(at(layout, "first_name")).toMatchObject({ position: 9, by: "sent" });
    expect(at(layout, "last_name")).toMatchObject({ position: 7, by: "sent" });
  });

  it("the same value sent under two names places neither", () => {
    const twice = [...row.slice(0, 7), "Ivan", "4111 **** **** 1111", "Ivan", null];
    const layout = learnFromSubmission(twice, { first_name: "Ivan", last_name: "Ivan" });
    expect(at(layout, "first_name")).toBeUndefined();
    expect(at(layout, "last_name")).toBeUndefined();
  });
});

describe("saved field layouts", () => {
  it("[value, id]: the one column of whole numbers beside the values", () => {
    const layout = learnSavedFieldLayout([
      ["5375 4141 2222 9876", 11],
      ["ivan@example.com", 31],
    ]);
    expect(at(layout, "id")?.position).toBe(1);
    expect(at(layout, "value")?.position).toBe(0);
  });

  it("every value a number: which column is the id cannot be told, nothing is placed", () => {
    const layout = learnSavedFieldLayout([
      ["5375414122229876", 11],
      ["42", 12],
    ]);
    expect(layout.fields).toEqual([]);
  });
});
