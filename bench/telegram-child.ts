/**
 * Child process: the loopback Bot API fake for P1 and P2, with real long polling (getUpdates). It runs
 * apart from the bot, as Telegram does, so the bot process spends its CPU on the bot alone (parsing
 * and checking a richer screen costs the fake more; that is not the bot's CPU).
 *
 * It also plays the users. P2: "open-screens" links each chat with the demo key and opens /orders
 * through polling; "find-screens" picks up screens a bot sent by itself (the bare bot); "burst" has
 * every chat press page buttons, at most IN_FLIGHT unanswered per chat, and times until each was
 * answered. P1 hands its updates to the bot directly: "text" and "presses" only build them here.
 */
import type { Update } from "grammy/types";
import { TelegramFake } from "../test/harness/telegram-fake.js";
import { callbackUpdate, messageWithButton, textUpdate } from "../test/harness/updates.js";
import { until } from "./lib/measure.js";
import type {
  Screen,
  ScreenPayload,
  TelegramReply,
  TelegramRequest,
} from "./lib/telegram-protocol.js";

const fake = new TelegramFake();
const apiRoot = await fake.listen();
const send = (message: TelegramReply) => process.send?.(message);

/**
 * Unanswered presses one chat may have at a time during a burst. With 2, our bot still folded about
 * half the presses (0.51 edits per update, 2026-11-22): the next press arrives as soon as one is
 * answered, while its edit is still on the way, so two wait behind it and the older is folded into
 * the newer. With 1 nothing is ever queued behind a newer press, so every update costs a render, as
 * in the bare bot. BENCH_P2_IN_FLIGHT=2 shows the folding.
 */
const IN_FLIGHT = Number(process.env.BENCH_P2_IN_FLIGHT ?? 1);

/** Per chat: the screen its presses go to, and how many were made (odd → page 1, even → page 2). */
const screens = new Map<number, Screen>();
const pressed = new Map<number, number>();

const botMessages = (chatId: number) => fake.visible(chatId).filter((m) => m.from === "bot");
const PAGE_2 = /^ord:l:[^:]+:2$/;

/** The chat's newest bot message with a "page 2" button, remembered as its screen. */
function findScreen(chatId: number): Screen | undefined {
  const buttons = botMessages(chatId).flatMap((m) => (m.replyMarkup?.inline_keyboard ?? []).flat());
  const page2 = buttons.map((b) => b.callback_data ?? "").findLast((d) => PAGE_2.test(d));
  if (page2 === undefined) return undefined;
  const screen = {
    messageId: messageWithButton(fake, chatId, page2)!,
    page1: page2.replace(/:2$/, ":1"),
    page2,
  };
  screens.set(chatId, screen);
  return screen;
}

/** The chat's next press of its screen: page 2, page 1, page 2… so every edit is a real change. */
function nextPress(chatId: number): Update {
  const screen = screens.get(chatId);
  if (!screen) throw new Error(`no screen known in chat ${chatId}`);
  const n = pressed.get(chatId) ?? 0;
  pressed.set(chatId, n + 1);
  return callbackUpdate(fake, chatId, screen.messageId, n % 2 === 0 ? screen.page2 : screen.page1);
}

async function openScreen(chatId: number, apiKey: string): Promise<void> {
  fake.pushUpdate(textUpdate(fake, chatId, apiKey));
  await until(
    () => botMessages(chatId).some((m) => m.text.includes("Account linked")),
    60_000,
    `chat ${chatId} to be linked`,
  );
  fake.pushUpdate(textUpdate(fake, chatId, "/orders"));
  await until(
    () => findScreen(chatId) !== undefined,
    60_000,
    `the /orders screen of chat ${chatId}`,
  );
}

async function burst(rounds: number, chats: number): Promise<TelegramReply> {
  const chosen = [...screens].slice(0, chats);
  // Each chat keeps at most IN_FLIGHT presses unanswered, as a quick user would: the bot folds a
  // per-chat backlog into one render on purpose, and that must not count as throughput.
  const next = new Map(chosen.map(([chatId]) => [chatId, 0]));
  const outstanding = new Map<string, number>();
  const press = (chatId: number) => {
    next.set(chatId, next.get(chatId)! + 1);
    const update = nextPress(chatId);
    outstanding.set(update.callback_query!.id, chatId);
    fake.pushUpdate(update);
  };
  const callsBefore = fake.calls.length;
  const start = performance.now();
  for (const [chatId] of chosen)
    for (let i = 0; i < Math.min(IN_FLIGHT, rounds); i++) press(chatId);
  await until(
    () => {
      for (const [id, chatId] of outstanding) {
        if (!fake.wasAnswered(id)) continue;
        outstanding.delete(id);
        if (next.get(chatId)! < rounds) press(chatId);
      }
      return outstanding.size === 0;
    },
    120_000,
    "the bot to answer every update",
  );
  const seconds = (performance.now() - start) / 1000;
  const calls = fake.calls.slice(callsBefore);
  const edits = calls.filter((c) => c.method === "editMessageText").length;
  return {
    type: "burst-done",
    updates: chosen.length * rounds,
    seconds,
    apiCalls: calls.length,
    edits,
  };
}

async function answer(message: TelegramRequest): Promise<TelegramReply> {
  switch (message.type) {
    case "open-screens":
      await Promise.all(message.chats.map((chatId) => openScreen(chatId, message.apiKey)));
      return { type: "screens-ready" };
    case "find-screens":
      for (const chatId of message.chats)
        if (!findScreen(chatId)) throw new Error(`chat ${chatId} shows no "page 2" button`);
      return { type: "screens-ready" };
    case "burst":
      return burst(message.rounds, message.chats);
    case "text":
      return { type: "updates", updates: [textUpdate(fake, message.chatId, message.text)] };
    case "presses":
      return {
        type: "updates",
        updates: Array.from({ length: message.count }, () => nextPress(message.chatId)),
      };
    case "last-edit": {
      const edit = fake.callsOf("editMessageText", message.chatId).at(-1);
      if (!edit) throw new Error(`the bot edited nothing in chat ${message.chatId}`);
      const { chat_id: _chat, message_id: _message, ...payload } = edit.payload;
      return { type: "edit", payload: payload as ScreenPayload };
    }
    case "forget-calls":
      // Thousands of recorded calls would slow the fake's lookups down as a run goes on.
      fake.calls.length = 0;
      return { type: "calls-forgotten" };
  }
}

process.on("message", (message: TelegramRequest) => {
  answer(message).then(send, (error: unknown) =>
    send({ type: "failed", message: error instanceof Error ? error.message : String(error) }),
  );
});
process.on("disconnect", () => process.exit(0));

send({ type: "ready", apiRoot });
