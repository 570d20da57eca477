import { describe, expect, it } from "vitest";
import { toFormBody, toPairs, toQueryString } from "../../src/exchanger/encoding.js";
import {
  parseEnvelope,
  toObjectList,
  toPagination,
  toRecord,
} from "../../src/exchanger/envelope.js";
import { backoffDelay } from "../../src/exchanger/retry.js";

describe("encoding", () => {
  it("repeats [] fields, omits absent values, keeps 0 and maps booleans to 1/0", () => {
    expect(
      toPairs({
        "ids[]": [1, "2"],
        status: 0,
        page: undefined,
        token: null,
        enable: true,
        off: false,
      }),
    ).toEqual([
      ["ids[]", "1"],
      ["ids[]", "2"],
      ["status", "0"],
      ["enable", "1"],
      ["off", "0"],
    ]);
    expect(
      new URLSearchParams(toFormBody({ "ids[]": [3, 4], language: "en" })).getAll("ids[]"),
    ).toEqual(["3", "4"]);
    expect(toQueryString({})).toBe("");
    expect(toQueryString({ id: 5, language: "uk" })).toBe("?id=5&language=uk");
  });
});

describe("envelope", () => {
  it("recognises success and error envelopes, nothing else", () => {
    expect(parseEnvelope('{"success":true,"result":{"a":1}}')).toEqual({
      success: true,
      result: { a: 1 },
      pagination: undefined,
    });
    expect(parseEnvelope('\uFEFF{"success":false,"result":false}')).toEqual({
      success: false,
      message: undefined,
      fields: [],
    });
    expect(parseEnvelope('{"success":0,"message":"nope"}')).toEqual({
      success: false,
      message: "nope",
      fields: [],
    });
    expect(
      parseEnvelope(
        '{"success":false,"message":{"value":["too short"],"currency_id":["unknown"]}}',
      ),
    ).toEqual({
      success: false,
      message: "too short; unknown",
      fields: ["value", "currency_id"],
    });
    for (const junk of ["<html>", "", "[1,2]", '{"result":1}', '{"success":"yes"}', "null"]) {
      expect(parseEnvelope(junk)).toBeUndefined();
    }
  });

  it("normalises list results: arrays, id-keyed objects, nothing; drops non-objects; keeps id types", () => {
    expect(toObjectList([{ id: 1 }, "x", null, { id: "2" }])).toEqual([{ id: 1 }, { id: "2" }]);
    expect(toObjectList({ "7": { id: 7, extra: true }, "8": { id: "8" } })).toEqual([
      { id: 7, extra: true },
      { id: "8" },
    ]);
    for (const nothing of [null, false, "", [], {}]) expect(toObjectList(nothing)).toEqual([]);
    expect(toObjectList(42)).toBeUndefined();
    expect(toObjectList(true)).toBeUndefined();
  });

  it("reads pagination as [total, position] with numeric strings, else drops it", () => {
    expect(toPagination([12, 5])).toEqual({ total: 12, position: 5 });
    expect(toPagination(["12", "0"])).toEqual({ total: 12, position: 0 });
    expect(toPagination({ total: 3, position: 1 })).toEqual({ total: 3, position: 1 });
    expect(toPagination([1])).toBeUndefined();
    expect(toPagination(["a", 1])).toBeUndefined();
    expect(toPagination(undefined)).toBeUndefined();
  });

  it("turns PHP lists into index-keyed records", () => {
    expect(toRecord(["a", "b"])).toEqual({ "0": "a", "1": "b" });
    expect(toRecord({ "5": "x" })).toEqual({ "5": "x" });
    expect(toRecord(null)).toBeUndefined();
    expect(toRecord("text")).toBeUndefined();
  });
});

describe("backoff", () => {
  it("doubles per attempt with jitter in the upper half, capped", () => {
    expect(backoffDelay(1, 200, () => 0)).toBe(100);
    expect(backoffDelay(1, 200, () => 1)).toBe(200);
    expect(backoffDelay(3, 200, () => 1)).toBe(800);
    expect(backoffDelay(30, 200, () => 1)).toBe(10_000);
  });
});
