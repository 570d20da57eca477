/** Reading a typed alert target: a number on its side of the rate, or a move in percent. */
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../../src/bot/i18n.js";
import { readTarget } from "../../../../src/bot/features/alerts/target.js";

const i18n = createI18n("en");
const en = {
  t: ((key: string, vars?: Record<string, string | number>) => i18n.t("en", key, vars)) as never,
};
const ok = (text: string, now: string, kind?: "above" | "below" | "move") => {
  const verdict = readTarget(en, text, now, kind);
  if (!verdict.ok) throw new Error("problem" in verdict ? verdict.problem : verdict.note);
  return verdict.value;
};
const problem = (text: string, now: string, kind?: "above" | "below" | "move") => {
  const verdict = readTarget(en, text, now, kind);
  return verdict.ok ? undefined : "problem" in verdict ? verdict.problem : verdict.note;
};

describe("an alert's typed target", () => {
  it("a number is above or below, whichever side of the rate it is on", () => {
    expect(ok("65 000", "61250")).toEqual({ kind: "above", target: "65000" });
    expect(ok("59999,5", "61250")).toEqual({ kind: "below", target: "59999.5" });
    expect(problem("61250.00", "61250")).toMatch(/is the rate right now/);
  });

  it('"1,500" reads the way nearer the rate now', () => {
    expect(ok("65,000", "61250")).toEqual({ kind: "above", target: "65000" });
    expect(ok("1,500", "1.4")).toEqual({ kind: "above", target: "1.5" });
  });

  it("a chosen side refuses a number the rate has passed already", () => {
    expect(problem("60000", "61250", "above")).toMatch(/already, not below 60000/);
    expect(ok("60000", "61250", "below")).toEqual({ kind: "below", target: "60000" });
  });

  it("a move: either way, up or down; a number alone once the kind is chosen; out of range refused", () => {
    expect(ok("5 %", "1")).toEqual({ kind: "move", percent: "5", way: "both" });
    expect(ok("+2.5%", "1")).toEqual({ kind: "move", percent: "2.5", way: "up" });
    expect(ok("−3 %", "1")).toEqual({ kind: "move", percent: "3", way: "down" });
    expect(ok("7", "1", "move")).toEqual({ kind: "move", percent: "7", way: "both" });
    expect(ok("-4", "61250")).toEqual({ kind: "move", percent: "4", way: "down" });
    expect(problem("100%", "1")).toMatch(/between 0\.01 and 99\.99/);
    expect(problem("0 %", "1")).toMatch(/between/);
    expect(problem("abc", "61250")).toMatch(/I need a number/);
    expect(problem("-5", "61250", "above")).toMatch(/I need a number/);
  });
});
