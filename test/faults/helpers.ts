/** Shared checks of the fault and hostile-input tests. */
import { expect } from "vitest";
import type { Harness } from "../harness/harness.js";

export const INTERNAL_ERROR = "Something went wrong on our side";
export const UNAVAILABLE = "The exchanger is not answering right now";
export const EXPIRED = "This button has expired";

/** Log lines at pino level error (50) or fatal (60): crashes and unhandled errors. */
export function errorLogs(h: Harness): string[] {
  return h.logs.filter((line) => /"level":(50|60)/.test(line));
}

/** Nothing crashed: no apology for an internal error on screen, nothing logged at level error. */
export function expectNoCrash(h: Harness, transcript: string): void {
  expect(transcript).not.toContain(INTERNAL_ERROR);
  expect(errorLogs(h)).toEqual([]);
}

/** Runs `action` and returns how long it took, in ms. */
export async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}
