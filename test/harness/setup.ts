/**
 * After every test: a Bot API refusal the bot caused and the test did not announce
 * (`fake.expectErrors`) fails that test. A double delete, an unchanged edit or an edit of a message
 * that is gone costs a request against Telegram's limits and hides real problems in the log.
 */
import { afterEach } from "vitest";
import { liveFakes } from "./telegram-fake.js";

afterEach(() => {
  const fakes = [...liveFakes];
  const refused = fakes.flatMap((fake) => fake.takeUnexpectedErrors());
  // Checked whichever way it was closed (here, or in the test's own afterEach, which runs first).
  for (const fake of fakes) if (fake.closed) liveFakes.delete(fake);
  if (refused.length > 0)
    throw new Error(
      `unexpected Bot API errors:\n${refused.map((r) => `  ${r.method}: ${r.description}`).join("\n")}`,
    );
});
