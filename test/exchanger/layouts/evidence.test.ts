/**
 * What a filter or the data proves about a position (layouts/filter-evidence.ts, amounts.ts), against
 * a server of rows whose truth the test knows: a filter honoured exactly places its column; ignored,
 * applied loosely (`>=`, a substring match) or asked about a constant column, it places nothing; the
 * amounts are placed by send × rate = receive with the direction's quoted rate, never by which column
 * varies less, and not at all from uniform orders.
 */
import { describe, expect, it } from "vitest";
import { placeAmounts } from "../../../src/exchanger/layouts/amounts.js";
import { learnLayout, type Row } from "../../../src/exchanger/layouts/learn.js";
import { isCertain, type Layout } from "../../../src/exchanger/normalize/layout.js";

type Rule = "exact" | "ignored" | "at-least" | "contains";
const COLUMNS = [
  "token",
  "status",
  "id",
  "send_currency_id",
  "receive_currency_id",
  "exchange_id",
  "partner",
  "send_amount",
  "rate",
  "receive_amount",
];

/** An order row in the COLUMNS layout; `partner` is a constant 0 column. */
const row = (i: number, status: number, send: string, rate: string, dir = 1 + (i % 2)): Row => [
  `${(i + 10).toString(16)}aa5e7f0c9b3d1e2f4a6b8c0d1e2f3a4b`.slice(0, 32),
  status,
  1000 + i,
  dir,
  dir + 4,
  dir + 10,
  0,
  send,
  rate,
  String(Number((Number(send) * Number(rate)).toPrecision(8))),
];

/** A server over `rows` applying each filter by its rule (status `@name`s are not used here). */
function serverOf(rows: readonly Row[], rules: Partial<Record<string, Rule>> = {}) {
  return async (params: Record<string, string>): Promise<Row[]> =>
    rows.filter((r) =>
      Object.entries(params).every(([name, wanted]) => {
        const at = COLUMNS.indexOf(name);
        if (at < 0) return true;
        const value = String(r[at]);
        switch (rules[name] ?? "exact") {
          case "ignored":
            return true;
          case "at-least":
            return Number(value) >= Number(wanted);
          case "contains":
            return value.includes(wanted);
          default:
            return value === wanted;
        }
      }),
    );
}

const placed = (layout: Layout, name: string) => layout.fields.find((f) => f.name === name);
const certainAt = (layout: Layout, name: string) =>
  isCertain(layout, name) ? placed(layout, name)!.position : undefined;

const VARIED = [
  row(0, 0, "0.5", "60000"),
  row(1, 4, "0.15", "0.00002"),
  row(2, 1, "0.3", "61000"),
  row(3, 4, "1200", "0.0000165"),
  row(4, 3, "0.8", "59000"),
];
/** The rate each row's direction quotes now (direction 1: 60 000; direction 2: its inverse). */
const quote = async (send: string) => (send === "1" ? 60500 : 1 / 60500);

it("two columns that split the rows alike (a direction id equal to its send currency's) place neither", async () => {
  const alike = VARIED.map((r) => r.map((v, p) => (p === 5 ? r[3] : v)));
  const { layout } = await learnLayout("order", alike, { ask: serverOf(alike), quote });
  expect(certainAt(layout, "send_currency_id")).toBeUndefined();
  expect(certainAt(layout, "exchange_id")).toBeUndefined();
});

describe("filters", () => {
  it("an honoured filter places its column, each with the filter's own evidence", async () => {
    const { layout } = await learnLayout("order", VARIED, { ask: serverOf(VARIED), quote });
    expect(certainAt(layout, "token")).toBe(0);
    expect(certainAt(layout, "status")).toBe(1);
    expect(certainAt(layout, "id")).toBe(2);
    expect(certainAt(layout, "send_currency_id")).toBe(3);
    expect(certainAt(layout, "exchange_id")).toBe(5);
    expect([certainAt(layout, "send_amount"), certainAt(layout, "rate")]).toEqual([7, 8]);
    expect(certainAt(layout, "receive_amount")).toBe(9);
    expect(placed(layout, "status")!.why).toMatch(/exactly the rows holding/);
  });

  it.each(["ignored", "at-least"] as const)(
    "a status filter applied %s places no status, and nothing on the constant column",
    async (rule) => {
      const ask = serverOf(VARIED, { status: rule });
      const { layout } = await learnLayout("order", VARIED, { ask, quote });
      expect(certainAt(layout, "status")).toBeUndefined();
      expect(layout.fields.some((f) => f.position === 6 && f.by !== "type")).toBe(false);
    },
  );

  it.each(["ignored", "at-least", "contains"] as const)(
    "a token or id filter applied %s proves neither",
    async (rule) => {
      const ask = serverOf(VARIED, { token: rule, id: rule });
      const { layout } = await learnLayout("order", VARIED, { ask, quote });
      expect(certainAt(layout, "token")).toBeUndefined();
      expect(certainAt(layout, "id")).toBeUndefined();
    },
  );

  it("one order: its token and id are proved (a value, and others that leave it out), its status is not", async () => {
    const one = [VARIED[0]!];
    const { layout } = await learnLayout("order", one, { ask: serverOf(one), quote });
    expect(certainAt(layout, "token")).toBe(0);
    expect(certainAt(layout, "id")).toBe(2);
    expect(certainAt(layout, "status")).toBeUndefined();
    expect(certainAt(layout, "send_amount")).toBeUndefined();
  });
});

describe("amounts", () => {
  const columns = [7, 8, 9];
  const quoted = (rows: readonly Row[], rate: number) => rows.map(() => rate);

  it("a customer who always sends 0.5 BTC: the rate is the one near the direction's, whatever varies less", () => {
    const rows = [
      row(0, 0, "0.5", "58000", 1),
      row(1, 4, "0.5", "61000", 1),
      row(2, 4, "0.5", "64000", 1),
    ];
    const amounts = placeAmounts(rows, columns, quoted(rows, 60500));
    expect(amounts).toMatchObject({ send: 7, rate: 8, receive: 9 });
  });

  it("uniform orders (the same amounts), or a single one, prove no amount", () => {
    const same = [row(0, 0, "0.5", "60000", 1), row(1, 4, "0.5", "60000", 1)];
    expect(placeAmounts(same, columns, quoted(same, 60000))).toBeUndefined();
    expect(placeAmounts(same.slice(0, 1), columns, [60000])).toBeUndefined();
  });

  it("without the direction's rate nothing tells the send amount from the rate", () => {
    expect(
      placeAmounts(
        VARIED,
        columns,
        VARIED.map(() => undefined),
      ),
    ).toBeUndefined();
  });

  it("a rate column written the other way round (send per one received): the sides swap, no rate is read", () => {
    // receive × inverse = send: the column at 9 is what is sent.
    const rows: Row[] = [
      ["a", 0, 1, 1, 5, 1, 0, "3000.00", "0.00001667", "0.05"],
      ["b", 4, 2, 1, 5, 1, 0, "9000.00", "0.00001667", "0.15"],
    ];
    const amounts = placeAmounts(rows, columns, quoted(rows, 60000));
    expect(amounts).toEqual({ send: 9, receive: 7, why: expect.any(String) });
  });
});
