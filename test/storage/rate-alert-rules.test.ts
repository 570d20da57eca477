/** What a rate alert waits for and what a new rate does to it (decimal text, never a float). */
import { describe, expect, it } from "vitest";
import {
  judge,
  rateValue,
  waitPoints,
  type RateAlert,
} from "../../src/storage/rate-alert-rules.js";

const base = { id: "abc123", sendId: "1", receiveId: "3", armed: true } as const;

describe("rate alert rules", () => {
  it("the rate number is what one unit sent receives, exactly", () => {
    expect(rateValue({ send: "1", receive: "61250.00" })).toBe("61250");
    expect(rateValue({ send: "2500000", receive: "1" })).toBe("0.0000004");
    expect(rateValue({ send: "0.1", receive: "0.3" })).toBe("3");
    expect(rateValue({ send: "0", receive: "5" })).toBeUndefined();
    expect(rateValue(undefined)).toBeUndefined();
  });

  it("above: tells when reached (equal counts), then waits until the rate is strictly back below", () => {
    const alert: RateAlert = { ...base, kind: "above", target: "0.3" };
    expect(waitPoints(alert)).toEqual({ up: "0.3" });
    expect(judge(alert, "0.29999999", 1).act).toBe("none");
    const fired = judge(alert, "0.3", 5);
    expect(fired).toEqual({ act: "fire", next: { ...alert, armed: false, firedAt: 5 } });
    const told = (fired as { next: RateAlert }).next;
    expect(waitPoints(told)).toEqual({ down: "0.3" });
    expect(judge(told, "0.3", 6).act).toBe("none");
    expect(judge(told, "0.31", 6).act).toBe("none");
    expect(judge(told, "0.2999", 7)).toEqual({ act: "rearm", next: { ...told, armed: true } });
  });

  it("below mirrors above", () => {
    const alert: RateAlert = { ...base, kind: "below", target: "60000" };
    expect(waitPoints(alert)).toEqual({ down: "60000" });
    expect(judge(alert, "60000.01", 1).act).toBe("none");
    const told = (judge(alert, "59999", 2) as { next: RateAlert }).next;
    expect(told.armed).toBe(false);
    expect(waitPoints(told)).toEqual({ up: "60000" });
    expect(judge(told, "60000.5", 3).act).toBe("rearm");
  });

  it("a move tells past N % either way (or the way chosen) and re-anchors at the rate that crossed", () => {
    const alert: RateAlert = { ...base, kind: "move", percent: "5", way: "both", anchor: "100" };
    expect(waitPoints(alert)).toEqual({ up: "105", down: "95" });
    expect(judge(alert, "104.99", 1).act).toBe("none");
    expect(judge(alert, "105", 2)).toEqual({
      act: "fire",
      next: { ...alert, anchor: "105", firedAt: 2 },
    });
    expect(judge(alert, "94", 3).act).toBe("fire");
    const up: RateAlert = { ...alert, way: "up" };
    expect(waitPoints(up)).toEqual({ up: "105" });
    expect(judge(up, "50", 4).act).toBe("none");
  });
});
