/**
 * Child process: the loopback Bot API fake for P2, with real long polling (getUpdates). It runs apart
 * from the bot, as Telegram does, so the bot process spends its CPU on the bot alone.
 *
 * It also plays the 200 users: "open-screens" links each chat with the demo key and opens /orders;
 * "burst" has every chat press page buttons, at most IN_FLIGHT unanswered per chat, and times until
 * each was answered.
 */
import { TelegramFake } from "../test/harness/telegram-fake.js";
import { callbackUpdate, messageWithButton, textUpdate } from "../test/harness/updates.js";
import { until } from "./lib/measure.js";
import type { TelegramReply, TelegramRequest } from "./lib/telegram-protocol.js";

const fake = new TelegramFake();
const apiRoot = await fake.listen();
const send = (message: TelegramReply) => process.send?.(message);

/** Per chat: the /orders message and the data of its page 1 and page 2 buttons. */
/** Unanswered presses one chat may have at a time during a burst. */
const IN_FLIGHT = 2;

const screens = new Map<number, { messageId: number; page1: string; page2: string }>();

const botMessages = (chatId: number) => fake.visible(chatId).filter((m) => m.from === "bot");

async function openScreen(chatId: number, apiKey: string): Promise<void> {
  fake.pushUpdate(textUpdate(fake, chatId, apiKey));
  await until(() => botMessages(chatId).some((m) => m.text.includes("Account linked")), 60_000, `chat ${chatId} to be linked`);
  fake.pushUpdate(textUpdate(fake, chatId, "/orders"));
  let page2: string | undefined;
  await until(
    () => {
      const buttons = botMessages(chatId).flatMap((m) => (m.replyMarkup?.inline_keyboard ?? []).flat());
      page2 = buttons.map((b) => b.callback_data ?? "").find((d) => /^ord:l:[^:]+:2$/.test(d));
      return page2 !== undefined;
    },
    60_000,
    `the /orders screen of chat ${chatId}`,
  );
  const messageId = messageWithButton(fake, chatId, page2!)!;
  screens.set(chatId, { messageId, page1: page2!.replace(/:2$/, ":1"), page2: page2! });
}

async function burst(rounds: number, chats: number): Promise<TelegramReply> {
  const chosen = [...screens].slice(0, chats);
  // Each chat keeps at most IN_FLIGHT presses unanswered, as a quick user would: the bot folds a
  // deeper per-chat backlog into one render on purpose, and that must not count as throughput.
  const next = new Map(chosen.map(([chatId]) => [chatId, 0]));
  const outstanding = new Map<string, number>();
  const press = (chatId: number, screen: { messageId: number; page1: string; page2: string }) => {
    const round = next.get(chatId)!;
    next.set(chatId, round + 1);
    const update = callbackUpdate(fake, chatId, screen.messageId, round % 2 === 0 ? screen.page2 : screen.page1);
    outstanding.set(update.callback_query!.id, chatId);
    fake.pushUpdate(update);
  };
  const callsBefore = fake.calls.length;
  const start = performance.now();
  for (const [chatId, screen] of chosen) for (let i = 0; i < Math.min(IN_FLIGHT, rounds); i++) press(chatId, screen);
  await until(
    () => {
      for (const [id, chatId] of outstanding) {
        if (!fake.wasAnswered(id)) continue;
        outstanding.delete(id);
        if (next.get(chatId)! < rounds) press(chatId, screens.get(chatId)!);
      }
      return outstanding.size === 0;
    },
    120_000,
    "the bot to answer every update",
  );
  const seconds = (performance.now() - start) / 1000;
  return { type: "burst-done", updates: chosen.length * rounds, seconds, apiCalls: fake.calls.length - callsBefore };
}

process.on("message", (message: TelegramRequest) => {
  const work =
    message.type === "open-screens"
      ? Promise.all(message.chats.map((chatId) => openScreen(chatId, message.apiKey))).then((): TelegramReply => ({ type: "screens-ready" }))
      : burst(message.rounds, message.chats);
  work.then(send, (error: unknown) => send({ type: "failed", message: error instanceof Error ? error.message : String(error) }));
});
process.on("disconnect", () => process.exit(0));

send({ type: "ready", apiRoot });
