/**
 * The set-up most end-to-end test files share: a fresh Harness (harness.ts) for every test of the
 * enclosing describe, closed after it. Call inside a describe; read the harness inside a test.
 */
import { afterEach, beforeEach } from "vitest";
import { Harness, type HarnessOptions } from "./harness.js";

/** Starts a Harness before each test and closes it after; returns a getter for the running one. */
export function harnessPerTest(options: HarnessOptions = {}): () => Harness {
  let current: Harness | undefined;
  beforeEach(async () => {
    current = await Harness.start(options);
  });
  afterEach(async () => {
    const closing = current;
    current = undefined;
    await closing?.close();
  });
  return () => {
    if (current === undefined) throw new Error("harnessPerTest: read the harness inside a test");
    return current;
  };
}
