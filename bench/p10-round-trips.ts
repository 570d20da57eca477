/**
 * P10 — Redis round trips per update, for four kinds of update, ours against the minimum the update
 * path (src/bot/index.ts) needs, counted at the client (test/harness/redis-writes.ts: the writes made
 * together, before any answer can come back, are one round trip), not timed:
 * - a list page press (the orders' next page) and a command (/account): 1 — the update gate's one
 *   round trip brings the dedupe mark, the budget, settings, sealed key and flow state;
 * - a duplicate update (the same /account again): 1 — the gate says "seen before", nothing else runs;
 * - a message inside a flow (an unknown currency typed into the add-detail flow, which asks again):
 *   2 — the gate, and the flow's state written back; the live-prompt record (the old picker released,
 *   the new one tracked) travels in the same value (src/bot/core/flow-messages.ts). Was 6 before it did.
 */
import type { Update } from "grammy/types";
import { watchRedisWrites } from "../test/harness/redis-writes.js";
import { callbackUpdate, messageWithButton, textUpdate } from "../test/harness/updates.js";
import { DETAILS_ADD } from "../src/bot/features/details/codec.js";
import type { ExchangerProcess } from "./lib/exchanger-process.js";
import { line, note, sleep } from "./lib/measure.js";
import { REDIS_URL, startOurBot, type OurBotWithFake } from "./lib/our-bot.js";

const CHAT = 7010;
const NEXT_PAGE = "ord:l:a:2";
/** The least each kind needs (see above). */
const MINIMUM = { "list page press": 1, command: 1, "duplicate update": 1, "message in a flow": 2 };
type Kind = keyof typeof MINIMUM;

export type P10Result = Record<Kind, { ours: number; minimum: number }>;

function press(bot: OurBotWithFake, data: string): Update {
  const messageId = messageWithButton(bot.fake, CHAT, data);
  if (messageId === undefined) throw new Error(`bench P10: no button ${data} in the chat`);
  return callbackUpdate(bot.fake, CHAT, messageId, data);
}

export async function measureP10(exchanger: ExchangerProcess): Promise<P10Result> {
  const writes = watchRedisWrites(Number(new URL(REDIS_URL).port || 6379));
  const bot = await startOurBot({ exchangerBaseUrl: exchanger.baseUrl });
  const handle = (update: Update) => bot.app.bot.handleUpdate(update);
  /** Round trips of one update, the bot's writes after its answer (if any) settled too. */
  const trips = async (update: Update) => {
    await sleep(50);
    writes.start();
    await handle(update);
    await sleep(50);
    return writes.stop().length;
  };
  try {
    await handle(textUpdate(bot.fake, CHAT, exchanger.apiKey));
    await handle(textUpdate(bot.fake, CHAT, "/orders"));
    const command = textUpdate(bot.fake, CHAT, "/account");
    const ours: Record<Kind, number> = {
      "list page press": await trips(press(bot, NEXT_PAGE)),
      command: await trips(command),
      "duplicate update": await trips(command),
      "message in a flow": 0,
    };
    await handle(textUpdate(bot.fake, CHAT, "/details"));
    await handle(press(bot, DETAILS_ADD));
    ours["message in a flow"] = await trips(textUpdate(bot.fake, CHAT, "no-such-coin"));
    const kinds = Object.keys(MINIMUM) as Kind[];
    line(
      "P10",
      kinds.map((k) => ours[k]).join(" / "),
      `${kinds.map((k) => MINIMUM[k]).join(" / ")} (the step list's minimum)`,
      "= minimum",
    );
    note(`Redis round trips per update: ${kinds.join(" / ")}`);
    return Object.fromEntries(
      kinds.map((k) => [k, { ours: ours[k], minimum: MINIMUM[k] }]),
    ) as P10Result;
  } finally {
    await bot.close();
    writes.restore();
  }
}
