/** A press is answered once: bot.api skips a repeat (Telegram would refuse it); flows only note answers. */
import { describe, expect, it } from "vitest";
import { answerOnce } from "../../src/telegram/answer-once.js";

type Prev = Parameters<ReturnType<typeof answerOnce>["record"]>[0];

function fakeApi(results: { ok: boolean }[] = []) {
  const sent: string[] = [];
  const prev = ((method: string, payload: { callback_query_id?: string }) => {
    sent.push(`${method}:${payload.callback_query_id ?? ""}`);
    return Promise.resolve(results.shift() ?? { ok: true, result: true });
  }) as unknown as Prev;
  return { sent, prev };
}

const answer = (id: string) => ({ callback_query_id: id }) as never;

describe("answerOnce", () => {
  it("bot.api answers a press once; another press and other methods go out", async () => {
    const once = answerOnce();
    const { sent, prev } = fakeApi();
    await once.skipRepeats(prev, "answerCallbackQuery", answer("q1"));
    expect(await once.skipRepeats(prev, "answerCallbackQuery", answer("q1"))).toEqual({
      ok: true,
      result: true,
    });
    await once.skipRepeats(prev, "answerCallbackQuery", answer("q2"));
    await once.skipRepeats(prev, "sendMessage", {} as never);
    await once.skipRepeats(prev, "sendMessage", {} as never);
    expect(sent).toEqual([
      "answerCallbackQuery:q1",
      "answerCallbackQuery:q2",
      "sendMessage:",
      "sendMessage:",
    ]);
  });

  it("an answer made inside a flow is noted (never skipped there) and not repeated outside", async () => {
    const once = answerOnce();
    const { sent, prev } = fakeApi();
    await once.record(prev, "answerCallbackQuery", answer("q1"));
    await once.record(prev, "answerCallbackQuery", answer("q1"));
    await once.skipRepeats(prev, "answerCallbackQuery", answer("q1"));
    expect(sent).toEqual(["answerCallbackQuery:q1", "answerCallbackQuery:q1"]);
  });

  it("a refused or failed answer is forgotten, so a retry still goes out", async () => {
    const once = answerOnce();
    const { sent, prev } = fakeApi([{ ok: false }]);
    await once.skipRepeats(prev, "answerCallbackQuery", answer("q1"));
    await once.skipRepeats(prev, "answerCallbackQuery", answer("q1"));
    const failing = (() => Promise.reject(new Error("network"))) as unknown as Prev;
    await expect(once.skipRepeats(failing, "answerCallbackQuery", answer("q2"))).rejects.toThrow();
    await once.skipRepeats(prev, "answerCallbackQuery", answer("q2"));
    expect(sent).toEqual([
      "answerCallbackQuery:q1",
      "answerCallbackQuery:q1",
      "answerCallbackQuery:q2",
    ]);
  });
});
