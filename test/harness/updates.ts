/**
 * Updates as Telegram sends them (a user's text or command, a button press), built against the
 * Telegram fake so that the messages they refer to exist there. Used by the process tests and the
 * bench, which deliver updates without a simulated user.
 */
import type { Update } from "grammy/types";
import type { TelegramFake } from "./telegram-fake.js";

export function textUpdate(fake: TelegramFake, chatId: number, text: string): Update {
  const message_id = fake.newMessageId();
  fake.recordUserMessage(chatId, message_id, text);
  const command = text.match(/^\/[a-z_]+/);
  return {
    update_id: fake.newUpdateId(),
    message: {
      message_id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "private", first_name: "Test" },
      from: { id: chatId, is_bot: false, first_name: "Test", language_code: "en" },
      text,
      ...(command
        ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] }
        : {}),
    },
  } as Update;
}

let nextQuery = 1;

export function callbackUpdate(
  fake: TelegramFake,
  chatId: number,
  messageId: number,
  data: string,
): Update {
  return {
    update_id: fake.newUpdateId(),
    callback_query: {
      id: `bench-${nextQuery++}`,
      from: { id: chatId, is_bot: false, first_name: "Test", language_code: "en" },
      chat_instance: `ci-${chatId}`,
      data,
      message: {
        message_id: messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: "private", first_name: "Test" },
        from: { id: fake.botInfo.id, is_bot: true, first_name: fake.botInfo.first_name },
        text: "",
      },
    },
  } as Update;
}

/** The newest bot message in a chat that carries a button with this callback data. */
export function messageWithButton(
  fake: TelegramFake,
  chatId: number,
  data: string,
): number | undefined {
  const messages = fake
    .visible(chatId)
    .filter((m) => m.from === "bot")
    .reverse();
  return messages.find((m) =>
    (m.replyMarkup?.inline_keyboard ?? []).flat().some((b) => b.callback_data === data),
  )?.messageId;
}
