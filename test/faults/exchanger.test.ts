/**
 * The exchanger misbehaving: stalls past EXCHANGER_TIMEOUT_MS, answers 500 (nginx page or JSON
 * envelope), answers an HTML page with 200, refuses connections. Each time the user gets a clear
 * message after a bounded number of attempts (a read is tried 3 times, a JSON error envelope once)
 * and other chats keep being served meanwhile. How long the attempts take (timeout and backoff) is
 * the client's, tested on a fake clock in test/exchanger/client.test.ts: no durations here.
 */
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { Harness } from "../harness/harness.js";
import { harnessPerTest } from "../harness/per-test.js";
import { expectNoCrash, UNAVAILABLE } from "./helpers.js";
import { until } from "./own-sentinel.js";

const TIMEOUT_MS = 500;
const ORDERS = "/user-api-get-orders";

describe("exchanger faults", () => {
  const harness = harnessPerTest({ env: { EXCHANGER_TIMEOUT_MS: String(TIMEOUT_MS) } });

  it("a stalled exchanger: the user is told it is not answering once three attempts timed out, another chat is served meanwhile", async () => {
    const h = harness();
    const stuck = await h.linkedUser();
    const other = await h.linkedUser();
    h.sandbox.injectFault({ path: ORDERS, kind: "stall", times: 3 });

    let stuckDone = false;
    const stuckRun = stuck.send("/orders").finally(() => (stuckDone = true));
    // While the first chat waits on the stalled call, the second one opens its account card.
    await until("the stalled call to reach the exchanger", async () =>
      h.exchangerCalls(ORDERS).some((r) => r.status === 0),
    );
    await other.send("/account");
    expect(stuckDone).toBe(false);
    expect(other.lastText()).toMatch(/Balance/);

    await stuckRun;
    expect(stuck.lastText()).toContain(UNAVAILABLE);
    // Three attempts (a read is retried), none answered by the server.
    expect(h.exchangerCalls(ORDERS).filter((r) => r.status === 0)).toHaveLength(3);
    expectNoCrash(h, stuck.transcript() + other.transcript());

    // The exchanger is back: the same chat is served again.
    await stuck.send("/orders");
    expect(stuck.lastText()).not.toContain(UNAVAILABLE);
    expect(h.exchangerCalls(ORDERS).at(-1)!.status).toBe(200);
  });

  // `tries`: a page without the API envelope means "unavailable" and the read is retried; a JSON error
  // envelope is the API's answer (even under 500) and is not.
  it.each([
    ["an nginx 500 page", "html500", 3],
    ["a 500 carrying the JSON envelope", "envelope500", 1],
    ["an HTML maintenance page with status 200", "nonjson", 3],
  ] as const)(
    "%s: a clear message, no markup or stack leaks, other chats unaffected",
    async (_name, kind, tries) => {
      const h = harness();
      const user = await h.linkedUser();
      const other = await h.linkedUser();
      h.sandbox.injectFault({ path: ORDERS, kind, times: tries });
      const callsBefore = h.exchangerCalls(ORDERS).length;

      await user.send("/orders");
      const text = user.lastText();
      // Tried as often as the fault lasts (a read at most 3 times), no more.
      expect(h.exchangerCalls(ORDERS).length - callsBefore).toBe(tries);
      // Either "not answering" or the exchanger's own (escaped) error message: never raw HTML.
      expect(text).toMatch(new RegExp(`${UNAVAILABLE}|The exchanger says`));
      expect(user.lastBotMessage().raw).not.toMatch(/<html|<!DOCTYPE|nginx/i);
      expect(h.logs.join("\n")).not.toContain("<!DOCTYPE");
      expectNoCrash(h, user.transcript());

      await other.send("/orders");
      expect(other.lastText()).not.toContain(UNAVAILABLE);
      expect(h.exchangerCalls(ORDERS).at(-1)!.status).toBe(200);
    },
  );

  it("connection refused: the user is told, the linked key is kept", async () => {
    const h = harness();
    const user = await h.linkedUser();
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    // A second bot instance on the same Redis (so the chat is linked there too), pointed at nothing.
    const down = await Harness.start({
      sandbox: h.sandbox,
      prefix: h.prefix,
      env: {
        EXCHANGER_TIMEOUT_MS: String(TIMEOUT_MS),
        EXCHANGER_BASE_URL: `http://127.0.0.1:${closedPort}`,
      },
    });
    try {
      const same = down.user({ id: user.id });
      await same.send("/orders");
      expect(same.lastText()).toContain(UNAVAILABLE);
      expectNoCrash(down, same.transcript());
      // An unreachable exchanger is not a rejected key: the chat stays linked.
      expect(await down.storage.vault.has(user.chatId)).toBe(true);
    } finally {
      // Closing the second harness would wipe the shared prefix; close only its own parts.
      await down.app.exchanger.close();
      await down.storage.close();
      await down.fake.close();
    }
    // The healthy instance still serves the chat.
    await user.send("/orders");
    expect(user.lastText()).not.toContain(UNAVAILABLE);
  });
});
