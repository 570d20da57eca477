/**
 * "💳 Pay an order" and /pay without a token: the own orders awaiting payment, newest first, one
 * button each opening its pay card (menu → Pay → the order → ✅ Pay: three taps), paged like /orders,
 * and "paste a token" last for an order the list does not reach.
 *
 * Payable is the exchanger side's one definition (isPayableOrder: a status that allows paying, and
 * nothing money depends on left unproven). The exchanger is asked for the status filter that means it
 * (deps.orders.payableChoice, in the server's own form), and what it sends is held to the definition
 * too (a server that ignores the filter). Without one such filter (refused, not seen yet on a server
 * of names, or two names meaning it) the orders are read unfiltered and the payable ones among them
 * shown, page by page.
 */
import { InlineKeyboard } from "grammy";
import {
  StatusFilterRefused,
  type Order,
  isPayableOrder,
  type OrdersPage,
} from "../../../exchanger/index.js";
import { rememberShownOrders } from "../../core/order-refs.js";
import type { BotContext } from "../../context.js";
import { addPagerRow } from "../../ui/pager.js";
import { startRow } from "../../ui/rows.js";
import { fitMessage } from "../../ui/html.js";
import type { Screen } from "../../ui/screen.js";
import { backToMenuRow } from "../menu/public.js";
import { PASTE_TOKEN_DATA, payData } from "../pay/public.js";
import { firstPage, OWN_ORDERS, sourcePage, tellWatcher } from "./order-screens.js";
import { listData, payableData } from "./codec.js";
import { loadCurrencyNames, orderNumber, renderOrderLine } from "./render.js";

const BUTTONS_PER_ROW = 4;

/** The user's page of orders that may hold payable ones: filtered by the server when it can. */
async function payablePage(ctx: BotContext, page: number): Promise<OrdersPage> {
  const query = { page, size: ctx.botConfig.ordersPageSize };
  const choice = ctx.deps.orders.payableChoice();
  if (choice === undefined) return sourcePage(ctx, OWN_ORDERS, query);
  try {
    return await sourcePage(ctx, OWN_ORDERS, { ...query, status: choice });
  } catch (error) {
    // A refused filter is not offered again (exchanger/orders/pages.ts): this page is read unfiltered.
    if (!(error instanceof StatusFilterRefused)) throw error;
    return sourcePage(ctx, OWN_ORDERS, query);
  }
}

/** The last buttons of every variant: paste a token, then the way back. */
function closingRows(ctx: BotContext, keyboard: InlineKeyboard): InlineKeyboard {
  startRow(keyboard).text(ctx.t("orders-btn-paste-token"), PASTE_TOKEN_DATA);
  return backToMenuRow(ctx, keyboard);
}

/** One button per order, opening its pay card (long ids by reference: core/order-refs.ts). */
async function payButtons(ctx: BotContext, orders: readonly Order[]): Promise<InlineKeyboard> {
  const keyboard = new InlineKeyboard();
  const refs = await rememberShownOrders(ctx, orders);
  orders.forEach((order, index) => {
    if (index > 0 && index % BUTTONS_PER_ROW === 0) keyboard.row();
    keyboard.text(`💳 ${orderNumber(ctx, order.id)}`, payData(refs.get(order.id)!));
  });
  return keyboard;
}

export async function payableScreen(ctx: BotContext, page: number): Promise<Screen> {
  const [found, names] = await Promise.all([payablePage(ctx, page), loadCurrencyNames(ctx)]);
  // Only orders whose payable status and amounts the server proved (Pay still asks it again).
  const orders = found.items.filter(isPayableOrder);
  tellWatcher(ctx, OWN_ORDERS, orders, false);
  const info = {
    page,
    pageSize: found.servedSize ?? ctx.botConfig.ordersPageSize,
    itemsOnPage: found.items.length,
    pagination: found.pagination,
  };
  const keyboard = await payButtons(ctx, orders);
  addPagerRow(keyboard, info, payableData);
  if (orders.length === 0 && page === 1 && keyboard.inline_keyboard.flat().length === 0) {
    const none = new InlineKeyboard().text(
      ctx.t("orders-menu"),
      listData(firstPage(OWN_ORDERS.scope)),
    );
    return { text: ctx.t("orders-payable-none"), keyboard: closingRows(ctx, none) };
  }
  const lines = [ctx.t("orders-payable-title")];
  if (orders.length === 0) lines.push("", ctx.t("orders-payable-page-none"));
  for (const order of orders) lines.push("", ...renderOrderLine(ctx, order, names).split("\n"));
  return { text: fitMessage(lines), keyboard: closingRows(ctx, keyboard) };
}
