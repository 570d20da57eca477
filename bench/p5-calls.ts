/**
 * P5 — exchanger calls per "orders page" view, after warm-up (currency names come from the cache).
 * Counted by the exchanger process itself, per path. Baseline: the bare bot, which by construction
 * makes exactly one get-orders call.
 */
import type { Update } from "grammy/types";
import { startBareBot } from "./lib/bare-bot.js";
import type { ExchangerProcess } from "./lib/exchanger-process.js";
import { line, note, round } from "./lib/measure.js";
import { openOrdersScreen } from "./lib/orders-screen.js";
import { startOurBot } from "./lib/our-bot.js";
import { callbackUpdate } from "../test/harness/updates.js";

const VIEWS = 100;

async function callsPerView(
  exchanger: ExchangerProcess,
  handle: (u: Update) => Promise<void>,
  press: (i: number) => Update,
) {
  for (let i = 0; i < 10; i++) await handle(press(i)); // warm-up: currency cache filled
  exchanger.reset();
  for (let i = 0; i < VIEWS; i++) await handle(press(i));
  const counts = await exchanger.counts();
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return { perView: total / VIEWS, counts };
}

export async function measureP5(exchanger: ExchangerProcess): Promise<number> {
  const ours = await startOurBot({ exchangerBaseUrl: exchanger.baseUrl });
  const bare = await startBareBot({
    exchangerBaseUrl: exchanger.baseUrl,
    apiKey: exchanger.apiKey,
    pageSize: ours.config.ordersPageSize,
  });
  try {
    const handleOurs = (u: Update) => ours.app.bot.handleUpdate(u);
    const screen = await openOrdersScreen(ours, 7101, exchanger.apiKey, handleOurs);
    const o = await callsPerView(exchanger, handleOurs, (i) => screen.press(i % 2 === 0 ? 2 : 1));
    const sent = await bare.bot.api.sendMessage(7102, "Orders");
    const b = await callsPerView(
      exchanger,
      (u) => bare.bot.handleUpdate(u),
      (i) => callbackUpdate(bare.fake, 7102, sent.message_id, `ord:l:a:${(i % 2) + 1}`),
    );
    line(
      "P5",
      `${round(o.perView)} calls/view`,
      `${round(b.perView)} calls/view (bare grammY)`,
      "1",
    );
    note(
      `ours by path over ${VIEWS} views: ${Object.entries(o.counts)
        .map(([p, n]) => `${p} ${n}`)
        .join(", ")}`,
    );
    return round(o.perView);
  } finally {
    await bare.close();
    await ours.close();
  }
}
