/** The one bounded memo (src/runtime/memo.ts): answers kept as made, never more than its bound. */
import { describe, expect, it } from "vitest";
import { Memo, RecordMemo } from "../../src/runtime/memo.js";

describe("Memo", () => {
  it("makes an answer once and gives the kept one after", () => {
    const memo = new Memo<string, { n: number }>(10);
    let made = 0;
    const make = (key: string) => ({ n: (made++, key.length) });
    const first = memo.get("abc", make);
    expect(memo.get("abc", make)).toBe(first);
    expect(made).toBe(1);
  });

  it("keeps at most its bound, dropping the oldest", () => {
    const memo = new Memo<number, number>(3);
    for (let i = 0; i < 100; i++) memo.get(i, (k) => k * 2);
    expect(memo.size).toBe(3);
    let made = 0;
    expect(memo.get(99, () => (made++, -1))).toBe(198);
    expect(memo.get(0, () => (made++, -1))).toBe(-1);
    expect(made).toBe(1);
  });

  it("does not keep what `keep` refuses (a miss is asked again)", () => {
    const memo = new Memo<string, string | null>(5);
    let made = 0;
    const make = () => (made++, null);
    memo.get("x", make, (v) => v !== null);
    memo.get("x", make, (v) => v !== null);
    expect(made).toBe(2);
    expect(memo.size).toBe(0);
  });
});

describe("RecordMemo", () => {
  it("makes an answer about an object once, and a different object gets its own", () => {
    const memo = new RecordMemo<object, number>();
    let made = 0;
    const a = {};
    expect(memo.get(a, () => ++made)).toBe(1);
    expect(memo.get(a, () => ++made)).toBe(1);
    expect(memo.get({}, () => ++made)).toBe(2);
  });
});
