/**
 * Gets a chat of our bot to the point where an "orders page" update can be measured: linked to the
 * sandbox's main account, with the /orders screen on display and the callback data of pages 1 and 2.
 */
import type { Update } from "grammy/types";
import type { OurBotWithFake } from "./our-bot.js";
import { callbackUpdate, messageWithButton, textUpdate } from "../../test/harness/updates.js";

export interface OrdersScreen {
  chatId: number;
  messageId: number;
  /** Press of page 1 / page 2 (alternating keeps every edit a real change). */
  press(page: 1 | 2): Update;
}

export async function openOrdersScreen(
  bot: OurBotWithFake,
  chatId: number,
  apiKey: string,
  deliver: (u: Update) => Promise<void>,
): Promise<OrdersScreen> {
  const { fake } = bot;
  await deliver(textUpdate(fake, chatId, apiKey));
  if (!(await bot.app.storage.vault.has(chatId)))
    throw new Error(`bench: linking chat ${chatId} failed`);
  await deliver(textUpdate(fake, chatId, "/orders"));
  const screen = fake
    .visible(chatId)
    .filter((m) => m.from === "bot")
    .at(-1);
  const page2 = (screen?.replyMarkup?.inline_keyboard ?? [])
    .flat()
    .map((b) => b.callback_data ?? "")
    .find((d) => /^ord:l:[^:]+:2$/.test(d));
  if (!screen || !page2)
    throw new Error(
      `bench: /orders showed no "page 2" button (is the orders feature installed?): ${screen?.text ?? "no reply"}`,
    );
  const page1 = page2.replace(/:2$/, ":1");
  const messageId = messageWithButton(fake, chatId, page2)!;
  return {
    chatId,
    messageId,
    press: (page) => callbackUpdate(fake, chatId, messageId, page === 1 ? page1 : page2),
  };
}
