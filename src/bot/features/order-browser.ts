/**
 * The order browser shared by /orders and /referrals: a paged list with status filter chips and a
 * card per order, all in one message edited in place.
 *
 * A "source" says which list it browses (own or referral orders). Each view costs exactly one
 * exchanger call; currency names come from the in-memory cache (ctx.deps.currencies).
 *
 * Callback queries are answered only after the exchanger answered: when it fails, the error
 * boundary answers the query and reports, so every query is answered exactly once either way.
 */
import { Composer, GrammyError, InlineKeyboard } from "grammy";
import type { ExchangerClient, ListParams, Order, OrderFilters, Page, Caller } from "../../exchanger/types.js";
import { withCaller } from "../caller.js";
import type { BotContext } from "../context.js";
import {
  cardData,
  cardDataPattern,
  listData,
  listDataPattern,
  parseCardMatch,
  parseListMatch,
  STATUS_NAMES,
  statusParam,
  type CardView,
  type ListView,
  type OrderScope,
  type StatusFilter,
} from "../keyboards/order-data.js";
import { addPagerRow, type PageInfo } from "../keyboards/pager.js";
import { startRow } from "../keyboards/rows.js";
import { escapeHtml, fitMessage } from "../render/html.js";
import { isPayable, loadCurrencyNames, renderOrderCard, renderOrderLine, STATUS_EMOJI, statusEmoji, statusLabel, statusText } from "../render/order.js";
import { backToMenuRow } from "./menu.js";

export interface OrderSource {
  scope: OrderScope;
  /** Referral orders: titled as such, no pay button. */
  referral: boolean;
  fetch(exchanger: ExchangerClient, caller: Caller, params: OrderFilters & ListParams): Promise<Page<Order>>;
}

export const OWN_ORDERS: OrderSource = {
  scope: "ord",
  referral: false,
  fetch: (exchanger, caller, params) => exchanger.getOrders(caller, params),
};

export const REFERRAL_ORDERS: OrderSource = {
  scope: "rord",
  referral: true,
  fetch: (exchanger, caller, params) => exchanger.getReferralOrders(caller, params),
};

/** Pay buttons carry this data; the pay feature handles it. */
export const payData = (orderId: string): string => `pay:o:${orderId}`;

interface Screen {
  text: string;
  keyboard: InlineKeyboard;
}

const ORDER_BUTTONS_PER_ROW = 4;
const CHIPS_PER_ROW = 3;



// ---- list ------------------------------------------------------------------------------------------

function filterChips(ctx: BotContext, keyboard: InlineKeyboard, view: ListView): void {
  const filters: StatusFilter[] = ["all", ...STATUS_NAMES];
  startRow(keyboard);
  filters.forEach((filter, index) => {
    const label = filter === "all" ? ctx.t("orders-filter-all") : `${STATUS_EMOJI[filter]} ${statusText(ctx, filter)}`;
    const active = filter === view.filter;
    // Changing the filter starts from its first page.
    // A new row between groups only: a trailing row() would leave an empty row behind.
    if (index > 0 && index % CHIPS_PER_ROW === 0) keyboard.row();
    keyboard.text(active ? `• ${label}` : label, listData({ ...view, filter, page: 1 }));
  });
}

function emptyText(ctx: BotContext, source: OrderSource, view: ListView): string {
  if (view.page > 1) return ctx.t("orders-page-empty");
  if (view.filter !== "all") return ctx.t("orders-empty-filter", { status: statusText(ctx, view.filter) });
  return ctx.t(source.referral ? "orders-ref-empty" : "orders-empty");
}

export async function listScreen(ctx: BotContext, source: OrderSource, view: ListView): Promise<Screen> {
  const pageSize = ctx.botConfig.ordersPageSize;
  const params: OrderFilters & ListParams = { page: view.page, limit: pageSize };
  const status = statusParam(view.filter);
  if (status) params.status = status;
  const [page, names] = await Promise.all([
    withCaller(ctx, (caller) => source.fetch(ctx.deps.exchanger, caller, params)),
    loadCurrencyNames(ctx),
  ]);

  const head = [ctx.t(source.referral ? "orders-ref-title" : "orders-title")];
  if (view.filter !== "all") head.push(ctx.t("orders-filter-line", { status: statusLabel(ctx, view.filter) }));
  if (page.pagination && page.items.length > 0) head.push(ctx.t("orders-total", { total: page.pagination.total }));

  const keyboard = new InlineKeyboard();
  if (page.items.length === 0) {
    const text = `${head.join("\n")}\n\n${emptyText(ctx, source, view)}`;
    // Nothing at all: filters would only lead to more empty pages.
    const nothingAtAll = view.filter === "all" && view.page === 1;
    if (!nothingAtAll) filterChips(ctx, keyboard, view);
    if (view.page > 1) startRow(keyboard).text(ctx.t("orders-btn-first-page"), listData({ ...view, page: 1 }));
    return { text, keyboard: backToMenuRow(ctx, keyboard) };
  }

  const lines = [...head];
  for (const order of page.items) lines.push("", ...renderOrderLine(ctx, order, names).split("\n"));
  const text = fitMessage(lines);

  let inRow = 0;
  for (const order of page.items) {
    const data = cardData(view, order.id);
    if (data === undefined) continue; // an id that cannot travel in a button: listed, not openable
    if (inRow === ORDER_BUTTONS_PER_ROW) {
      keyboard.row();
      inRow = 0;
    }
    keyboard.text(`${statusEmoji(order.status)} #${String(order.id)}`, data);
    inRow++;
  }
  filterChips(ctx, keyboard, view);
  const info: PageInfo = { page: view.page, pageSize, itemsOnPage: page.items.length, pagination: page.pagination };
  addPagerRow(keyboard, info, (p) => listData({ ...view, page: p }));
  return { text, keyboard: backToMenuRow(ctx, keyboard) };
}

// ---- card ------------------------------------------------------------------------------------------

/** What to look an order up by: its id (from a button or "/order 1234") or its token. */
export type OrderLookup = { id: string } | { token: string };

function matches(order: Order, lookup: OrderLookup): boolean {
  return "id" in lookup ? String(order.id) === lookup.id : order.token !== undefined && String(order.token) === lookup.token;
}

/** One order, or undefined when the exchanger has none matching (only exact matches count). */
export async function findOrder(ctx: BotContext, source: OrderSource, lookup: OrderLookup): Promise<Order | undefined> {
  const page = await withCaller(ctx, (caller) => source.fetch(ctx.deps.exchanger, caller, lookup));
  return page.items.find((order) => matches(order, lookup));
}

function cardKeyboard(ctx: BotContext, source: OrderSource, order: Order, back: ListView): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const self = cardData(back, order.id);
  if (!source.referral && isPayable(order) && self !== undefined) keyboard.text(ctx.t("orders-btn-pay"), payData(String(order.id))).row();
  if (self !== undefined) keyboard.text(ctx.t("btn-refresh"), self);
  keyboard.text(ctx.t("btn-back"), listData(back));
  return backToMenuRow(ctx, keyboard);
}

/** The card of an order already fetched (by /order) or fetched here (by a button). */
export async function cardScreen(ctx: BotContext, source: OrderSource, order: Order, back: ListView): Promise<Screen> {
  const names = await loadCurrencyNames(ctx);
  return { text: renderOrderCard(ctx, order, names, { referral: source.referral }), keyboard: cardKeyboard(ctx, source, order, back) };
}

export function notFoundScreen(ctx: BotContext, query: string, back: ListView): Screen {
  return {
    text: ctx.t("orders-not-found", { query: escapeHtml(query) }),
    keyboard: backToMenuRow(ctx, new InlineKeyboard().text(ctx.t("btn-back"), listData(back))),
  };
}

// ---- showing ---------------------------------------------------------------------------------------

function notModified(error: unknown): boolean {
  return error instanceof GrammyError && error.description.includes("message is not modified");
}

/** A button press edits its message (answering the query first); a command sends a new message. */
export async function show(ctx: BotContext, screen: Screen): Promise<void> {
  const options = { parse_mode: "HTML" as const, reply_markup: screen.keyboard };
  if (!ctx.callbackQuery) {
    await ctx.reply(screen.text, options);
    return;
  }
  await ctx.answerCallbackQuery();
  try {
    await ctx.editMessageText(screen.text, options);
  } catch (error) {
    // Refresh or the active chip pressed again: the screen already shows this (the query is answered).
    if (!notModified(error)) throw error;
  }
}

/** Buttons of one source: list pages and cards. Data that does not parse falls through (→ "expired"). */
export function orderBrowserComposer(source: OrderSource): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.callbackQuery(listDataPattern(source.scope), async (ctx) => {
    await show(ctx, await listScreen(ctx, source, parseListMatch(source.scope, ctx.match as RegExpMatchArray)));
  });
  composer.callbackQuery(cardDataPattern(source.scope), async (ctx) => {
    const view: CardView = parseCardMatch(source.scope, ctx.match as RegExpMatchArray);
    const back: ListView = { scope: view.scope, filter: view.filter, page: view.page };
    const order = await findOrder(ctx, source, { id: view.id });
    await show(ctx, order ? await cardScreen(ctx, source, order, back) : notFoundScreen(ctx, `#${view.id}`, back));
  });
  return composer;
}

/** The first page of everything: what /orders, /referrals and the menu buttons open. */
export const firstPage = (scope: OrderScope): ListView => ({ scope, filter: "all", page: 1 });
