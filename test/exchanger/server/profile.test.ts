/**
 * The server profile's one re-learning policy (src/exchanger/server/profile.ts): every row checked
 * against the layout of its size; a learned layout that stops fitting dropped and learned again at
 * once; a pinned one alerted about once and not read by; an uncertain one learned again with a new
 * reader's data and merged; what another instance learned taken from the store before learning.
 */
import { describe, expect, it } from "vitest";
import type { Learned, Row } from "../../../src/exchanger/layouts/learn.js";
import { familiesOf } from "../../../src/exchanger/layouts/value-types.js";
import { MAX_POSITIONS, type Layout } from "../../../src/exchanger/normalize/layout.js";
import { PROFILE_KEY, ServerProfile } from "../../../src/exchanger/server/profile.js";

/** An order layout: token at 0, status at 1, id at 2 (by filter); `extra` values after them. */
function layoutOf(
  size: number,
  names: Array<[number, string]> = [
    [0, "token"],
    [1, "status"],
    [2, "id"],
  ],
): Layout {
  return {
    object: "order",
    size,
    source: "learned",
    fields: names.map(([position, name]) => ({ position, name, by: "filter" as const })),
    families: Array.from({ length: size }, (_, p) => (p === 0 ? ["text"] : ["number"])),
  };
}
const rowOf = (size: number, id: number): Row => [
  `${id}abcdef0123456789abcd`,
  0,
  id,
  ...Array.from({ length: size - 3 }, () => 7),
];

/** A learn function that records its calls and answers the layout of the rows' size. */
function learner(names?: Array<[number, string]>) {
  const calls: number[] = [];
  const learn = async (rows: readonly Row[]): Promise<Learned> => {
    calls.push(rows[0]!.length);
    // The families a learning finds are those of the rows it learned from.
    const families = rows[0]!.map((_, p) => familiesOf(rows.map((r) => r[p])));
    return { layout: { ...layoutOf(rows[0]!.length, names), families }, calls: 3 };
  };
  return { calls, learn };
}

describe("the server profile", () => {
  it("a layout that stops fitting (a column inserted) is learned again at once, and nothing is read by the old one", async () => {
    const profile = new ServerProfile();
    const { calls, learn } = learner();
    const first = await profile.read("order", [rowOf(5, 1), rowOf(5, 2)], learn);
    expect(first.records.map((r) => r.record.id)).toEqual([1, 2]);
    const after = await profile.read("order", [rowOf(6, 3)], learn);
    expect(calls).toEqual([5, 6]);
    expect(after.records[0]!.layout.size).toBe(6);
  });

  it("a row that no longer fits its size's layout (a value of another family) drops it: learned again, no waiting", async () => {
    let now = 0;
    const profile = new ServerProfile({ now: () => now });
    const { calls, learn } = learner();
    await profile.read("order", [rowOf(5, 1)], learn);
    const moved: Row = [1, "abcdef0123456789abcd", 2, 7, 7]; // the token and the status swapped places
    now += 1; // no time to speak of
    await profile.read("order", [moved], learn);
    expect(calls).toEqual([5, 5]);
  });

  it("rows of two lengths in one answer: each read by the layout of its length", async () => {
    const profile = new ServerProfile();
    const { calls, learn } = learner();
    const read = await profile.read("order", [rowOf(5, 1), rowOf(6, 2), rowOf(5, 3)], learn);
    expect(read.records.map((r) => [r.record.id, r.layout.size])).toEqual([
      [1, 5],
      [2, 6],
      [3, 5],
    ]);
    expect(calls.sort()).toEqual([5, 6]);
    expect(read.unread).toBe(0);
  });

  it("a row longer than any layout may be is never learned: counted as unread", async () => {
    const profile = new ServerProfile();
    const { calls, learn } = learner();
    const read = await profile.read("order", [rowOf(MAX_POSITIONS + 13, 1)], learn);
    expect([read.records.length, read.unread, calls.length]).toEqual([0, 1, 0]);
  });

  it("a pinned layout that stops fitting: the operator is told once, the new shape is learned and read", async () => {
    const misfits: string[] = [];
    const pinned = { ...layoutOf(5), source: "file" as const };
    const profile = new ServerProfile({
      pinned: [pinned],
      onPinnedMisfit: (object, size) => misfits.push(`${object}#${size}`),
    });
    const { calls, learn } = learner();
    expect((await profile.read("order", [rowOf(5, 1)], learn)).records[0]!.layout.source).toBe(
      "file",
    );
    const moved: Row = [1, "abcdef0123456789abcd", 2, 7, 7];
    const read = await profile.read("order", [moved], learner([[2, "id"]]).learn);
    await profile.read("order", [moved], learn);
    expect(misfits).toEqual(["order#5"]);
    expect(calls).toEqual([]);
    expect(read.records[0]!.layout.source).toBe("learned");
  });

  it("a layout leaving a money fact unproven is learned again with a new reader's data, and the proofs merge", async () => {
    const profile = new ServerProfile();
    const withoutStatus = learner([
      [0, "token"],
      [2, "id"],
    ]);
    await profile.read("order", [rowOf(5, 1)], withoutStatus.learn, "reader-a");
    await profile.read("order", [rowOf(5, 1)], withoutStatus.learn, "reader-a");
    expect(withoutStatus.calls).toHaveLength(1); // the same reader brings nothing new
    const withStatus = learner([[1, "status"]]);
    const read = await profile.read("order", [rowOf(5, 2)], withStatus.learn, "reader-b");
    expect(withStatus.calls).toHaveLength(1);
    const names = read.records[0]!.layout.fields.map((f) => `${f.name}@${f.position}`).sort();
    expect(names).toEqual(["id@2", "status@1", "token@0"]);
  });

  it("learnings that contradict each other place nothing new", async () => {
    const profile = new ServerProfile();
    await profile.read("order", [rowOf(5, 1)], learner([[0, "token"]]).learn, "a");
    const contradicting = learner([
      [3, "token"],
      [1, "status"],
    ]);
    const read = await profile.read("order", [rowOf(5, 2)], contradicting.learn, "b");
    expect(read.records[0]!.layout.fields.map((f) => f.name)).toEqual(["token"]);
  });

  it("a shape another instance learned is taken from the store, with its signature, instead of learning", async () => {
    const stored = new Map<string, string>();
    const store = {
      get: async (k: string) => stored.get(k),
      set: async (k: string, v: string) => void stored.set(k, v),
    };
    const one = new ServerProfile({ store });
    await one.read("order", [rowOf(5, 1)], learner().learn);
    expect(JSON.parse(stored.get(PROFILE_KEY)!).layouts[0].layout.families).toHaveLength(5);
    const other = new ServerProfile({ store });
    const { calls, learn } = learner();
    const read = await other.read("order", [rowOf(5, 2)], learn);
    expect(calls).toEqual([]);
    expect(read.records[0]!.record.id).toBe(2);
  });
});
