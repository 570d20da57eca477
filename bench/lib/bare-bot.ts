/**
 * The baseline: a bare grammY bot that does what one "orders page" press needs and nothing else —
 * one get-orders call through the same exchanger client, one edited message (and the callback
 * answer Telegram requires, beside the edit as ours sends it), through the same Telegram fake. No
 * storage, no i18n, no middleware: the key is held in memory. Whatever our bot costs beyond this is
 * the price of its middleware. Given `screens` (P1), it sends our bot's very screens, byte for byte
 * (recorded from ours in the same run), so a richer screen is not counted as machinery.
 *
 * Over loopback HTTP (P1, P2) it reaches the Bot API with the same undici client as ours
 * (src/telegram/fetch.ts), so the transport is not counted as a difference.
 */
import { Bot, type Middleware } from "grammy";
import { createTelegramFetch } from "../../src/telegram/fetch.js";
import {
  createExchangerClient,
  type ExchangerClientWithStats,
} from "../../src/exchanger/client.js";
import { BOT_INFO, BOT_TOKEN, TelegramFake } from "../../test/harness/telegram-fake.js";
import type { ScreenPayload } from "./telegram-protocol.js";

export interface BareBot {
  bot: Bot;
  exchanger: ExchangerClientWithStats;
  /** Sends the chat the message whose page buttons are pressed ("Orders", page 1 and page 2). */
  openScreen(chatId: number): Promise<void>;
  close(): Promise<void>;
}

const listed = (items: { id: unknown; status: unknown }[]) =>
  items.map((o) => `#${escape(String(o.id))} · ${escape(String(o.status))}`).join("\n");
const without = <T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> => {
  const { [key]: _dropped, ...rest } = value;
  return rest;
};
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const pager = (page: number) => ({
  inline_keyboard: [
    [
      { text: "‹", callback_data: `ord:l:a:${Math.max(1, page - 1)}` },
      { text: "›", callback_data: `ord:l:a:${page + 1}` },
    ],
  ],
});

interface BareOptions {
  exchangerBaseUrl: string;
  apiKey: string;
  pageSize: number;
  /** Exchanger connections (P2: ours's EXCHANGER_CONNECTIONS; otherwise the client's default). */
  connections?: number;
  /** Page → the screen our bot showed for it (P1: like for like); otherwise a two-button page. */
  screens?: Record<number, ScreenPayload>;
  /** Runs before the handler (P2: the runner's per-chat sequentialize, as ours has). */
  before?: Middleware;
}

function bareBot(options: BareOptions, client: ConstructorParameters<typeof Bot>[1]) {
  const exchanger = createExchangerClient({
    baseUrl: options.exchangerBaseUrl,
    timeoutMs: 10_000,
    connections: options.connections,
  });
  const bot = new Bot(BOT_TOKEN, client);
  if (options.before) bot.use(options.before);
  bot.callbackQuery(/^ord:l:a:(\d+)$/, async (ctx) => {
    const page = Number(ctx.match[1]);
    const { items } = await exchanger.getOrders(
      { apiKey: options.apiKey, language: "en" },
      { page, limit: options.pageSize },
    );
    const ours = options.screens?.[page];
    const edit = ours
      ? ctx.editMessageText(ours.text, without(ours, "text"))
      : ctx.editMessageText(`<b>Orders, page ${page}</b>\n${listed(items)}`, {
          parse_mode: "HTML",
          reply_markup: pager(page),
        });
    await Promise.all([ctx.answerCallbackQuery(), edit]);
  });
  const openScreen = async (chatId: number) => {
    await bot.api.sendMessage(chatId, "Orders", { reply_markup: pager(1) });
  };
  return { bot, exchanger, openScreen };
}

/** With the Telegram fake in this process, at grammY's client.fetch (P5). */
export async function startBareBot(
  options: BareOptions,
): Promise<BareBot & { fake: TelegramFake }> {
  const fake = new TelegramFake();
  const bare = bareBot(options, { client: { fetch: fake.fetch as never }, botInfo: fake.botInfo });
  await bare.bot.init();
  return {
    ...bare,
    fake,
    async close() {
      await bare.exchanger.close();
      await fake.close();
    },
  };
}

/** With the Bot API served by another process at `apiRoot` (P1, P2). */
export async function startBareBotAt(options: BareOptions, apiRoot: string): Promise<BareBot> {
  const telegram = createTelegramFetch();
  const bare = bareBot(options, { client: { apiRoot, fetch: telegram.fetch }, botInfo: BOT_INFO });
  await bare.bot.init();
  return {
    ...bare,
    async close() {
      await bare.exchanger.close();
      await telegram.close();
    },
  };
}
