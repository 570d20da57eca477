/**
 * P9 — tap-to-screen time ÷ its round-trip floor, with the Bot API and the exchanger each taking
 * 100 ms per request: /orders, the next page, an order card, /account and /details. Each of these
 * screens needs one exchanger answer and one Bot API request (the message or the edit), so its floor
 * is 200 ms; anything above is our machinery or a round trip we did not need. The callback answer is
 * not on the path (it goes beside the edit).
 *
 * Measured from handing the update to the bot until the Bot API answered the request that shows the
 * screen (sendMessage or editMessageText), after a warm-up round (caches warm, as in a running bot).
 * P9 is the worst screen's median.
 */
import type { Update } from "grammy/types";
import { startExchangerProcess } from "./lib/exchanger-process.js";
import { line, note, round, sleep } from "./lib/measure.js";
import { startOurBot, type OurBotWithFake } from "./lib/our-bot.js";
import { callbackUpdate, textUpdate } from "../test/harness/updates.js";
import type { TelegramFake } from "../test/harness/telegram-fake.js";

const DELAY_MS = 100;
const FLOOR_MS = 2 * DELAY_MS;
const ROUNDS = Number(process.env.BENCH_P9_ROUNDS ?? 7);
const CHAT = 7009;
const SCREEN_METHODS = /\/(sendMessage|editMessageText)$/;

export interface P9Result {
  /** The worst screen's median tap-to-screen time ÷ its floor (goal ≤ 1.1). */
  ratio: number;
  medians: Record<string, number>;
}

/** The Bot API fake, each request answered after DELAY_MS; notes when a screen's request came back. */
function delayedTelegram(shown: { at?: number }) {
  return (fetch: TelegramFake["fetch"]): TelegramFake["fetch"] =>
    async (input, init) => {
      await sleep(DELAY_MS);
      const response = await fetch(input, init);
      const url = String(
        input instanceof URL
          ? input.href
          : typeof input === "string"
            ? input
            : (input as { url: string }).url,
      );
      if (shown.at === undefined && SCREEN_METHODS.test(url)) shown.at = performance.now();
      return response;
    };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The chat's newest bot message and a button's data on it. */
function button(fake: TelegramFake, pattern: RegExp): { messageId: number; data: string } {
  const message = fake
    .visible(CHAT)
    .filter((m) => m.from === "bot")
    .at(-1)!;
  const data = (message.replyMarkup?.inline_keyboard ?? [])
    .flat()
    .map((b) => b.callback_data ?? "")
    .find((d) => pattern.test(d));
  if (data === undefined)
    throw new Error(`bench P9: no button ${pattern} on "${message.text.slice(0, 60)}"`);
  return { messageId: message.messageId, data };
}

/** The five taps, in the order a user makes them; each builds its update from what the chat shows. */
function taps(fake: TelegramFake): [string, () => Update][] {
  const press = (pattern: RegExp) => () => {
    const { messageId, data } = button(fake, pattern);
    return callbackUpdate(fake, CHAT, messageId, data);
  };
  return [
    ["/orders", () => textUpdate(fake, CHAT, "/orders")],
    ["next page", press(/^ord:l:a:2$/)],
    ["order card", press(/^ord:c:/)],
    ["/account", () => textUpdate(fake, CHAT, "/account")],
    ["/details", () => textUpdate(fake, CHAT, "/details")],
  ];
}

async function timeTap(
  bot: OurBotWithFake,
  shown: { at?: number },
  update: Update,
): Promise<number> {
  shown.at = undefined;
  const start = performance.now();
  await bot.app.bot.handleUpdate(update);
  if (shown.at === undefined) throw new Error("bench P9: the tap showed no screen");
  return shown.at - start;
}

export async function measureP9(): Promise<P9Result> {
  const exchanger = await startExchangerProcess(DELAY_MS);
  const shown: { at?: number } = {};
  const bot = await startOurBot({
    exchangerBaseUrl: exchanger.baseUrl,
    wrapTelegram: delayedTelegram(shown),
  });
  try {
    await bot.app.bot.handleUpdate(textUpdate(bot.fake, CHAT, exchanger.apiKey));
    if (!(await bot.app.storage.vault.has(CHAT)))
      throw new Error(`bench P9: linking chat ${CHAT} failed`);
    const times = new Map<string, number[]>();
    for (let round = 0; round <= ROUNDS; round++)
      for (const [name, update] of taps(bot.fake)) {
        const ms = await timeTap(bot, shown, update());
        if (round > 0) times.set(name, [...(times.get(name) ?? []), ms]); // round 0 warms the caches
      }
    const medians = Object.fromEntries(
      [...times].map(([name, ms]) => [name, round(median(ms), 0)]),
    );
    const ratio = round(Math.max(...Object.values(medians)) / FLOOR_MS);
    line(
      "P9",
      `worst screen ${ratio}× its floor`,
      `floor ${FLOOR_MS} ms (1 exchanger + 1 Bot API round trip)`,
      "≤ 1.1×",
    );
    note(
      `median tap-to-screen over ${ROUNDS} rounds, each request answered after ${DELAY_MS} ms: ${Object.entries(
        medians,
      )
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(", ")}`,
    );
    return { ratio, medians };
  } finally {
    await bot.close();
    await exchanger.stop();
  }
}
