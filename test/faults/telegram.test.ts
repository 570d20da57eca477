/**
 * Telegram answering 429 (retry_after) and then 502: the message is delivered exactly once. The plain
 * sendMessage case is in test/bot/core.test.ts; these cover the two other paths a retry must reach:
 * an edit on a button press, and a reply from inside a conversation (conversations build their own
 * Api, so auto-retry must be re-installed there — docs/design.md, "Facts about the libraries").
 */
import { describe, expect, it } from "vitest";
import { harnessPerTest } from "../harness/per-test.js";
import { expectNoCrash } from "./helpers.js";

// auto-retry waits retry_after (1 s) and then backs off on the 502: give each test room on a slow CI.
describe("Telegram 429 then 502", { timeout: 40_000 }, () => {
  const harness = harnessPerTest();

  it("an edited screen (orders page button) is edited exactly once and the press answered once", async () => {
    const h = harness();
    const user = await h.linkedUser();
    await user.send("/orders");
    const { message } = user.findButton(/^ord:l:a:2$/);
    const editsBefore = message.edits;
    h.fake.failNext("editMessageText", 429, "Too Many Requests: retry after 1", 1);
    h.fake.failNext("editMessageText", 502, "Bad Gateway");

    const calls = await user.press(/^ord:l:a:2$/);
    expect(calls.filter((c) => c.method === "editMessageText")).toHaveLength(3); // 429, 502, success
    expect(calls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
    expect(h.fake.message(user.chatId, message.messageId)!.edits).toBe(editsBefore + 1);
    expect(h.exchangerCalls("/user-api-get-orders").at(-1)!.fields.page).toBe("2");
    expectNoCrash(h, user.transcript());
  });

  it("a prompt sent from inside a conversation arrives exactly once", async () => {
    const h = harness();
    const user = await h.linkedUser();
    await user.send("/details");
    await user.press("dt:add");
    h.fake.failNext("sendMessage", 429, "Too Many Requests: retry after 1", 1);
    h.fake.failNext("sendMessage", 502, "Bad Gateway");

    await user.press(/^adp:c:0$/);
    const prompts = user
      .visible()
      .filter((m) => m.from === "bot" && /Send the .* detail/.test(m.text));
    expect(prompts).toHaveLength(1);
    // …and the flow really is waiting at that prompt.
    await user.send("bc1-delivered-once-0003");
    expect(h.exchangerCalls("/user-api-create-details").at(-1)!.fields.value).toBe(
      "bc1-delivered-once-0003",
    );
    expectNoCrash(h, user.transcript());
  });
});
