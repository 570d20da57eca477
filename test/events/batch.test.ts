/** Reading one webhook request's body (the vendor's `web_hooks` form field): what is taken, skipped, refused. */
import { describe, expect, it } from "vitest";
import { MAX_EVENTS, parseBatch } from "../../src/events/batch.js";
import { formBody } from "./helpers.js";

describe("parseBatch", () => {
  it("reads the documented shape: type ids to lists of positional objects", () => {
    const batch = parseBatch(formBody({ "1": [["a"], ["b"]], "2": [["c"]], "0": [[1]] }));
    expect(batch).toEqual({
      events: [
        { kind: "user", row: [1] },
        { kind: "order", row: ["a"] },
        { kind: "order", row: ["b"] },
        { kind: "verification", row: ["c"] },
      ],
      byKind: { user: 1, order: 2, verification: 1 },
      skipped: { unknownType: 0, wrongShape: 0 },
    });
  });

  it("counts the types it does not act on and skips entries of no shape, keeping the rest", () => {
    const batch = parseBatch(
      formBody({ "3": [[1]], "6": [[2], [3]], "99": [[4]], "2": "nope", "1": [["x"], 5, null] }),
    );
    if ("problem" in batch) throw new Error(batch.problem);
    expect(batch.events).toEqual([{ kind: "order", row: ["x"] }]);
    expect(batch.byKind).toEqual({ reserve: 1, review: 2, other: 1, order: 3 });
    expect(batch.skipped).toEqual({ unknownType: 1, wrongShape: 3 });
  });

  it("an event written as an object (a server that names its fields) is read by its values", () => {
    const batch = parseBatch(formBody({ "1": [{ id: 7, token: "t0k3n-abcdef" }] }));
    expect(batch).toMatchObject({ events: [{ kind: "order", row: [7, "t0k3n-abcdef"] }] });
  });

  it("an empty batch is a batch (it still says the webhooks arrive)", () => {
    expect(parseBatch(formBody({}))).toMatchObject({ events: [], byKind: {} });
  });

  it.each([
    ["no field", "other=1", "no-field"],
    ["the field twice", "web_hooks=%7B%7D&web_hooks=%7B%7D", "several-fields"],
    ["not JSON", "web_hooks=%7Bnope", "not-json"],
    ["a list", formBody([[1]]), "not-an-object"],
    ["a string", formBody("text"), "not-an-object"],
    ["null", "web_hooks=null", "not-an-object"],
  ])("refuses %s", (_name, body, problem) => {
    expect(parseBatch(body)).toEqual({ problem });
  });

  it("refuses more events than one scheduler minute could hold", () => {
    const rows = Array.from({ length: MAX_EVENTS + 1 }, () => [1]);
    expect(parseBatch(formBody({ "1": rows }))).toEqual({ problem: "too-many" });
    expect(parseBatch(formBody({ "1": rows.slice(1) }))).not.toHaveProperty("problem");
  });
});
