/**
 * The baseline: a bare grammY bot that does what one "orders page" press needs and nothing else —
 * one get-orders call through the same exchanger client, one edited message (and the callback
 * answer Telegram requires), through the same Telegram fake. No storage, no i18n, no middleware:
 * the key is held in memory. Whatever our bot costs beyond this is the price of its middleware.
 */
import { Bot } from "grammy";
import { createExchangerClient, type ExchangerClientWithStats } from "../../src/exchanger/client.js";
import { BOT_TOKEN, TelegramFake } from "../../test/harness/telegram-fake.js";

export interface BareBot {
  bot: Bot;
  fake: TelegramFake;
  exchanger: ExchangerClientWithStats;
  close(): Promise<void>;
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function startBareBot(exchangerBaseUrl: string, apiKey: string, pageSize: number): Promise<BareBot> {
  const fake = new TelegramFake();
  const exchanger = createExchangerClient({ baseUrl: exchangerBaseUrl, timeoutMs: 10_000 });
  const bot = new Bot(BOT_TOKEN, { client: { fetch: fake.fetch as never }, botInfo: fake.botInfo });
  bot.callbackQuery(/^ord:l:a:(\d+)$/, async (ctx) => {
    const page = Number(ctx.match[1]);
    const { items } = await exchanger.getOrders({ apiKey, language: "en" }, { page, limit: pageSize });
    const lines = items.map((o) => `#${escape(String(o.id))} · ${escape(String(o.status))}`);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(`<b>Orders, page ${page}</b>\n${lines.join("\n")}`, {
      parse_mode: "HTML",
      reply_markup: { inline_keyboard: [[{ text: "‹", callback_data: `ord:l:a:${Math.max(1, page - 1)}` }, { text: "›", callback_data: `ord:l:a:${page + 1}` }]] },
    });
  });
  await bot.init();
  return {
    bot,
    fake,
    exchanger,
    async close() {
      await exchanger.close();
      await fake.close();
    },
  };
}
