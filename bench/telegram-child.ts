/**
 * Child process: the loopback Bot API fake for P2, with real long polling (getUpdates). It runs apart
 * from the bot, as Telegram does, so the bot process spends its CPU on the bot alone.
 *
 * It also plays the 200 users: "open-screens" links each chat with the demo key and opens /orders;
 * "burst" queues every chat's page-button presses at once and times until each was answered.
 */
import type { Update } from "grammy/types";
import { TelegramFake } from "../test/harness/telegram-fake.js";
import { callbackUpdate, messageWithButton, textUpdate } from "../test/harness/updates.js";
import { until } from "./lib/measure.js";
import type { TelegramReply, TelegramRequest } from "./lib/telegram-protocol.js";

const fake = new TelegramFake();
const apiRoot = await fake.listen();
const send = (message: TelegramReply) => process.send?.(message);

/** Per chat: the /orders message and the data of its page 1 and page 2 buttons. */
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
  const updates: Update[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const [chatId, screen] of chosen) updates.push(callbackUpdate(fake, chatId, screen.messageId, round % 2 === 0 ? screen.page2 : screen.page1));
  }
  const pending = new Set(updates.map((u) => u.callback_query!.id));
  const callsBefore = fake.calls.length;
  const start = performance.now();
  for (const update of updates) fake.pushUpdate(update);
  await until(
    () => {
      for (const id of pending) if (fake.wasAnswered(id)) pending.delete(id);
      return pending.size === 0;
    },
    120_000,
    "the bot to answer every update",
  );
  const seconds = (performance.now() - start) / 1000;
  return { type: "burst-done", updates: updates.length, seconds, apiCalls: fake.calls.length - callsBefore };
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
