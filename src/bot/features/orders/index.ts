/**
 * /orders — own orders, paged and filtered by status, a card per order (see order-screens.ts).
 * /order <id or token> — opens one card directly: digits are an order number, anything else a token.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { listData, payableList } from "./codec.js";
import { payableScreen } from "./payable.js";
import { onCallback } from "../../ui/callback-data.js";
import { parseOrderQuery } from "../../../exchanger/index.js";
import { quoteInput } from "../../ui/html.js";
import { firstPage, listScreen, orderBrowser, OWN_ORDERS, showOwnOrder } from "./order-screens.js";
import { showScreen } from "../../ui/screen.js";

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createOrdersFeature(): Feature {
  // The list and card buttons first: they are most of the presses (order-screens.ts).
  const composer = new Composer<BotContext>(orderBrowser(OWN_ORDERS));

  composer.command("orders", async (ctx) => {
    await showScreen(ctx, await listScreen(ctx, OWN_ORDERS, firstPage(OWN_ORDERS.scope)));
  });

  composer.command("order", async (ctx) => {
    const text = ctx.match.trim();
    if (text === "") {
      await ctx.reply(ctx.t("orders-usage"));
      return;
    }
    const lookup = parseOrderQuery(text);
    if (lookup === undefined) {
      await ctx.reply(ctx.t("orders-bad-query", { query: quoteInput(text, 64) }));
      return;
    }
    await showOwnOrder(ctx, lookup);
  });

  onCallback(composer, payableList, async (ctx, { page }) => {
    await showScreen(ctx, await payableScreen(ctx, page));
  });

  return {
    name: "orders",
    callbacks: ["ord"],
    composer,
    menu: [
      {
        labelKey: "orders-menu",
        data: listData(firstPage(OWN_ORDERS.scope)),
        order: 20,
        primary: true,
      },
    ],
    commands: [
      { command: "orders", descriptionKey: "orders-cmd-orders", inMenu: true },
      { command: "order", descriptionKey: "orders-cmd-order" },
    ],
  };
}
