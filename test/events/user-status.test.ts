/** A "user status changed" event read by the vendor's documented 30-value user object, and nothing else. */
import { describe, expect, it } from "vitest";
import { readUserStatus } from "../../src/events/user-status.js";

/** The documented user object: position 0 the id, 3 the state; the rest as a real server fills it. */
function user(id: unknown, state: unknown): unknown[] {
  const row: unknown[] = Array.from({ length: 30 }, (_, i) => `value ${i}`);
  row[0] = id;
  row[3] = state;
  return row;
}

describe("readUserStatus", () => {
  it.each([
    [1024, 1, { accountId: "1024", active: true }],
    [1024, 0, { accountId: "1024", active: false }],
    [1024, -1, { accountId: "1024", active: false }],
    ["1024", "0", { accountId: "1024", active: false }],
    [" 77 ", "-1", { accountId: "77", active: false }],
  ])("id %j, state %j", (id, state, expected) => {
    expect(readUserStatus(user(id, state))).toEqual(expected);
  });

  it.each([
    ["a row of another length", [...user(1024, 0), "extra"]],
    ["a short row", user(1024, 0).slice(0, 29)],
    ["an id that is not a whole number", user("ivan_p", 0)],
    ["a zero id", user(0, 0)],
    ["a fractional id", user(10.5, 0)],
    ["a state outside 1, 0, -1", user(1024, 2)],
    ["a state that is a word", user(1024, "blocked")],
    ["no state", user(1024, null)],
  ])("nothing from %s", (_name, row) => {
    expect(readUserStatus(row)).toBeUndefined();
  });
});
