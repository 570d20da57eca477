/**
 * The per-chat backlog coalesces a repeated press of one button while the first is running, and
 * only that: the same data under another message (a flow's "use the saved value" under each of its
 * prompts) is the answer to the next prompt and must run.
 */
import { describe, expect, it } from "vitest";
import type { BotContext } from "../../../src/bot/context.js";
import { chatBacklog } from "../../../src/bot/middlewares/chat-backlog.js";

const CHAT = 42;
const press = (messageId: number, data: string) =>
  ({
    chatId: CHAT,
    callbackQuery: { id: String(Math.random()), data, message: { message_id: messageId } },
  }) as unknown as BotContext;

function backlogUnderTest() {
  const dropped: { coalesced?: boolean }[] = [];
  const ran: number[] = [];
  const middleware = chatBacklog({
    maxPending: 4,
    onDropped: (_ctx, how) => {
      dropped.push(how);
      return Promise.resolve();
    },
  });
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const run = (ctx: BotContext, hold: boolean) =>
    middleware(ctx, async () => {
      ran.push(ctx.callbackQuery!.message!.message_id);
      if (hold) await held;
    });
  return { dropped, ran, run, release };
}

describe("chat backlog", () => {
  it("runs a press with the same data on the next prompt while the last prompt's press still runs", async () => {
    const b = backlogUnderTest();
    const first = b.run(press(10, "xf:pick:0"), true);
    await b.run(press(11, "xf:pick:0"), false);
    b.release();
    await first;
    expect(b.ran).toEqual([10, 11]);
    expect(b.dropped).toEqual([]);
  });

  it("coalesces a repeated press of the same button while the first runs", async () => {
    const b = backlogUnderTest();
    const first = b.run(press(10, "ord:page:2"), true);
    await b.run(press(10, "ord:page:2"), false);
    b.release();
    await first;
    expect(b.ran).toEqual([10]);
    expect(b.dropped).toEqual([{ coalesced: true }]);
  });
});
