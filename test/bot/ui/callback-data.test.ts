/** The typed callback-data codec: what goes into a button comes back out, and nothing else does. */
import { describe, expect, it } from "vitest";
import { callbackData, oneOf, pageField, textField } from "../../../src/bot/ui/callback-data.js";

const card = callbackData("x:c", { id: textField("[A-Za-z0-9_-]{1,32}"), page: pageField });
const lang = callbackData("lang", { lang: oneOf(["en", "ru", "uk"] as const) });

describe("callbackData", () => {
  it("packs values in field order and unpacks them typed", () => {
    const data = card.pack({ id: "A-1", page: 12 });
    expect(data).toBe("x:c:A-1:12");
    expect(card.unpack(data)).toEqual({ id: "A-1", page: 12 });
    expect(lang.unpack(lang.pack({ lang: "uk" }))).toEqual({ lang: "uk" });
  });

  it("forged or stale data unpacks to nothing (→ 'button expired')", () => {
    for (const data of [
      "x:c:A-1",
      "x:c:A-1:12:9",
      "x:c:A 1:1",
      "x:c:A-1:0",
      "x:c:A-1:012",
      "x:c:A-1:-3",
      "x:c::1",
      "x:cc:A:1",
      "y:c:A:1",
      "x:c",
    ]) {
      expect(card.unpack(data), data).toBeUndefined();
    }
    for (const data of ["lang:EN", "lang:de", "lang:en:x", "lang:", "lang"])
      expect(lang.unpack(data), data).toBeUndefined();
  });

  it("the grammY filter takes the codec's prefix only, not a longer one", () => {
    expect(card.filter.test("x:c:A:1")).toBe(true);
    expect(card.filter.test("x:cc:A:1")).toBe(false);
    expect(lang.filter.test("language")).toBe(false);
  });

  it("a value that cannot travel: tryPack says undefined, pack refuses loudly", () => {
    expect(card.tryPack({ id: "has space", page: 1 })).toBeUndefined();
    expect(card.tryPack({ id: "a".repeat(33), page: 1 })).toBeUndefined();
    expect(() => card.pack({ id: "x", page: 0 })).toThrow(RangeError);
  });

  it("never produces more than Telegram's 64 bytes", () => {
    const wide = callbackData("w", { a: textField(".{1,40}"), b: textField(".{1,40}") });
    expect(wide.tryPack({ a: "a".repeat(30), b: "b".repeat(30) })).toHaveLength(63);
    expect(wide.tryPack({ a: "a".repeat(31), b: "b".repeat(31) })).toBeUndefined(); // 65 bytes
    expect(wide.tryPack({ a: "ж".repeat(15), b: "b" })).toBe(`w:${"ж".repeat(15)}:b`); // 34 bytes
    expect(wide.tryPack({ a: "ж".repeat(25), b: "b" })).toBe(`w:${"ж".repeat(25)}:b`); // 54 bytes
    expect(wide.tryPack({ a: "ж".repeat(31), b: "b" })).toBeUndefined(); // 66 bytes
    expect(wide.tryPack({ a: "😀".repeat(15), b: "b" })).toHaveLength(34); // 64 bytes
    expect(wide.tryPack({ a: "😀".repeat(16), b: "b" })).toBeUndefined(); // 68 bytes
  });
});
