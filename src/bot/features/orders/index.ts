/**
 * /orders — own orders, paged and filtered by status, a card per order (see browser.ts).
 * /order <id or token> — opens one card directly: digits are an order number, anything else a token.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { listData } from "./codec.js";
import { quoteInput } from "../../ui/html.js";
import { cardScreen, findOrder, firstPage, listScreen, notFoundScreen, orderBrowserComposer, OWN_ORDERS, show, type OrderLookup } from "./browser.js";

/** Order tokens are long random codes; this keeps typos and stray text from becoming a lookup. */
const TOKEN = /^[A-Za-z0-9_-]{4,128}$/;
const ORDER_ID = /^\d{1,20}$/;

/** "/order 1039" → by id, "/order 3f9a…" → by token; undefined when it is neither. */
export function parseOrderQuery(text: string): OrderLookup | undefined {
  const query = text.trim().replace(/^#/, "");
  if (ORDER_ID.test(query)) return { id: query };
  if (TOKEN.test(query)) return { token: query };
  return undefined;
}

const composer = new Composer<BotContext>();

composer.command("orders", async (ctx) => {
  await show(ctx, await listScreen(ctx, OWN_ORDERS, firstPage(OWN_ORDERS.scope)));
});

composer.command("order", async (ctx) => {
  const text = ctx.match.trim();
  if (text === "") {
    await ctx.reply(ctx.t("orders-usage"), { parse_mode: "HTML" });
    return;
  }
  const lookup = parseOrderQuery(text);
  if (lookup === undefined) {
    await ctx.reply(ctx.t("orders-bad-query", { query: quoteInput(text, 64) }), { parse_mode: "HTML" });
    return;
  }
  const back = firstPage(OWN_ORDERS.scope);
  const order = await findOrder(ctx, OWN_ORDERS, lookup);
  const shown = "id" in lookup ? `#${lookup.id}` : lookup.token;
  await show(ctx, order ? await cardScreen(ctx, OWN_ORDERS, order, back) : notFoundScreen(ctx, shown, back));
});

composer.use(orderBrowserComposer(OWN_ORDERS));

export const ordersFeature: Feature = {
  name: "orders",
  composer,
  menu: [{ labelKey: "orders-menu", data: listData(firstPage(OWN_ORDERS.scope)), order: 20 }],
  commands: [
    { command: "orders", descriptionKey: "orders-cmd-orders" },
    { command: "order", descriptionKey: "orders-cmd-order" },
  ],
};
