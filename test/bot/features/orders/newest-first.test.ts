/** How the server's list order is read off a page, and which server page holds the user's page. */
import { describe, expect, it } from "vitest";
import { directionOf, ListOrder } from "../../../../src/exchanger/list-order.js";
import { serverPageFor } from "../../../../src/bot/features/orders/newest-first.js";

describe("the server's list order", () => {
  it("is read from numeric ids, else from creation dates; one item or equal ends teach nothing", () => {
    expect(
      directionOf([
        { id: 9, status: 0 },
        { id: 3, status: 0 },
      ]),
    ).toBe("newest-first");
    expect(
      directionOf([
        { id: "3", status: 0 },
        { id: "9", status: 0 },
      ]),
    ).toBe("oldest-first");
    const at = (id: string, created_at: string) => ({ id, status: 0, created_at });
    expect(directionOf([at("a", "2025-01-01 10:00:00"), at("b", "2025-02-01 09:00:00")])).toBe("oldest-first");
    expect(directionOf([at("a", "2025-02-01 09:00:00"), at("b", "2025-01-01 10:00:00")])).toBe("newest-first");
    expect(directionOf([{ id: 1, status: 0 }])).toBeUndefined();
    expect(directionOf([at("a", "soon"), at("b", "later")])).toBeUndefined();
  });

  it("is remembered per list, and an undecidable page does not forget it", () => {
    const order = new ListOrder();
    expect(order.known("ord")).toBeUndefined();
    order.observe("ord", [
      { id: 1, status: 0 },
      { id: 2, status: 0 },
    ]);
    expect(order.observe("ord", [{ id: 7, status: 0 }])).toBe("oldest-first");
    expect(order.known("rord")).toBeUndefined();
  });
});

describe("the server page of the user's page on an oldest-first server", () => {
  it("counts from the last page; a shrunk list leads past the first", () => {
    expect(serverPageFor(1, 41, 5)).toBe(9);
    expect(serverPageFor(9, 41, 5)).toBe(1);
    expect(serverPageFor(1, 40, 5)).toBe(8);
    expect(serverPageFor(1, 0, 5)).toBe(1);
    expect(serverPageFor(3, 5, 5)).toBe(-1);
  });
});
