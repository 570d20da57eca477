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
import { addPayToButtons, sendPayToQr } from "./pay-to.js";
import { InlineKeyboard, type MiddlewareFn } from "grammy";
import {
  type OrderLookup,
  type OrderList,
  choiceStatus,
  StatusFilterRefused,
  type StatusChoice,
  type Order,
  isPayableButUnsure,
  isPayableOrder,
  statusEmoji,
  statusLabel,
  statusMeaning,
  statusWords,
  type OrdersPage,
} from "../../../exchanger/index.js";
import { withCaller } from "../../core/caller.js";
import { pressedOrder, rememberOrderRef, rememberShownOrders } from "../../core/order-refs.js";
import type { BotContext } from "../../context.js";
import {
  cardData,
  isSameFilterData,
  listData,
  noticeCard,
  parseCardPress,
  parseListData,
  refreshData,
  sameFilter,
  sameFilterData,
  type ListView,
  type OrderScope,
  type StatusFilter,
} from "./codec.js";
import { addPagerRow, type PageInfo } from "../../ui/pager.js";
import { startRow } from "../../ui/rows.js";
import { escapeHtml, fitMessage } from "../../ui/html.js";
import {
  type CurrencyNames,
  loadCurrencyNames,
  orderButtonNumbers,
  orderNumber,
  orderToken,
  renderOrderCard,
  renderOrderLine,
} from "./render.js";
import { backToMenuRow } from "../menu/public.js";
import { payData } from "../pay/public.js";
import { showScreen, showScreenBelow, type Screen } from "../../ui/screen.js";
import { supportRow, websiteRow } from "../../ui/branding.js";

export interface OrderSource {
  scope: OrderScope;
  /** Which of the exchanger's lists it browses. */
  list: OrderList;
  /** Referral orders: titled as such, no pay button. */
  referral: boolean;
}

export const OWN_ORDERS: OrderSource = { scope: "ord", list: "own", referral: false };
export const REFERRAL_ORDERS: OrderSource = { scope: "rord", list: "referral", referral: true };

const ORDER_BUTTONS_PER_ROW = 4;
const CHIPS_PER_ROW = 3;

// ---- list ------------------------------------------------------------------------------------------

/**
 * "All" and one chip per status filter the server understands (ServerStatuses.filterChoices says
 * which, and why). The chip of the list already on its first page carries no list data: pressing it
 * is only answered, since editing to the same screen is refused by Telegram.
 */
function filterChips(
  ctx: BotContext,
  keyboard: InlineKeyboard,
  scope: OrderScope,
  view: ListView | undefined,
): void {
  const filters: StatusFilter[] = ["all", ...ctx.deps.orders.filterChoices()];
  // The active filter stays visible even if the server's form changed under it (it is on screen).
  if (view && view.filter !== "all" && !filters.some((f) => sameFilter(f, view.filter)))
    filters.push(view.filter);
  startRow(keyboard);
  filters.forEach((filter, index) => {
    const label =
      filter === "all" ? ctx.t("orders-filter-all") : statusLabel(ctx, choiceStatus(filter));
    const active = view !== undefined && sameFilter(filter, view.filter);
    // A new row between groups only: a trailing row() would leave an empty row behind.
    if (index > 0 && index % CHIPS_PER_ROW === 0) keyboard.row();
    // Changing the filter starts from its first page.
    const data =
      active && view.page === 1 ? sameFilterData(scope) : listData({ scope, filter, page: 1 });
    keyboard.text(active ? `• ${label}` : label, data);
  });
}

function emptyText(ctx: BotContext, source: OrderSource, view: ListView): string {
  if (view.page > 1) return ctx.t("orders-page-empty");
  if (view.filter !== "all")
    return ctx.t("orders-empty-filter", { status: statusWords(ctx, choiceStatus(view.filter)) });
  return ctx.t(source.referral ? "orders-ref-empty" : "orders-empty");
}

/** The server refused a status filter: say so, and leave the other chips (it is not offered again). */
function refusedFilterScreen(ctx: BotContext, source: OrderSource, choice: StatusChoice): Screen {
  const text = [
    ctx.t(source.referral ? "orders-ref-title" : "orders-title"),
    "",
    ctx.t("orders-filter-refused", { status: statusWords(ctx, choiceStatus(choice)) }),
  ].join("\n");
  const keyboard = new InlineKeyboard();
  filterChips(ctx, keyboard, source.scope, undefined);
  return { text, keyboard: backToMenuRow(ctx, keyboard) };
}

/**
 * Own orders the user is being shown, told to the notification watcher (it then neither announces
 * what the user saw nor polls a chat that just looked). Beside the screen, not before it: a failure
 * is logged and changes nothing for the user. Only for chats with notifications on.
 */
export function tellWatcher(
  ctx: BotContext,
  source: OrderSource,
  orders: readonly Order[],
  newest: boolean,
): void {
  if (
    source.referral ||
    ctx.chatSettings.notify !== true ||
    ctx.chatId === undefined ||
    orders.length === 0
  )
    return;
  ctx.deps.notifications
    .shown(ctx.chatId, orders, { newest })
    .catch((error: unknown) =>
      ctx.logger.warn({ err: String(error) }, "could not tell the watcher about shown orders"),
    );
}

/** The list's title, the filter it shows and what the server told of the whole list. */
function listHead(
  ctx: BotContext,
  source: OrderSource,
  choice: StatusChoice | undefined,
  page: OrdersPage,
): string[] {
  const head = [ctx.t(source.referral ? "orders-ref-title" : "orders-title")];
  if (choice)
    head.push(ctx.t("orders-filter-line", { status: statusLabel(ctx, choiceStatus(choice)) }));
  if (page.pagination && page.items.length > 0)
    head.push(ctx.t("orders-total", { total: page.pagination.total }));
  return head;
}

/** A page with no orders: says why, and offers only the ways out that can lead somewhere. */
function emptyListScreen(
  ctx: BotContext,
  source: OrderSource,
  view: ListView,
  head: readonly string[],
): Screen {
  const keyboard = new InlineKeyboard();
  const text = `${head.join("\n")}\n\n${emptyText(ctx, source, view)}`;
  // Nothing at all: filters would only lead to more empty pages.
  const nothingAtAll = view.filter === "all" && view.page === 1;
  if (!nothingAtAll) filterChips(ctx, keyboard, view.scope, view);
  if (view.page > 1)
    startRow(keyboard).text(ctx.t("orders-btn-first-page"), listData({ ...view, page: 1 }));
  return { text, keyboard: backToMenuRow(ctx, keyboard) };
}

/** The user's page of this source: newest first, at the page size the server honours, filtered by `status`. */
export function sourcePage(
  ctx: BotContext,
  source: OrderSource,
  query: { page: number; size: number; status?: StatusChoice },
): Promise<OrdersPage> {
  return withCaller(ctx, (caller) => ctx.deps.orders.page(caller, { list: source.list, ...query }));
}

/** One button per listed order opening its card, a few to a row (long ids by reference: core/order-refs.ts). */
async function addOrderButtons(
  ctx: BotContext,
  keyboard: InlineKeyboard,
  view: ListView,
  orders: readonly Order[],
): Promise<void> {
  const refs = await rememberShownOrders(ctx, orders);
  const numbers = orderButtonNumbers(
    ctx,
    orders.map((order) => order.id),
  );
  // Cut numbers are longer: fewer to a row, so a client does not cut their end off again.
  const perRow = numbers.some((n) => n.includes("…")) ? 2 : ORDER_BUTTONS_PER_ROW;
  orders.forEach((order, i) => {
    if (i > 0 && i % perRow === 0) keyboard.row();
    keyboard.text(
      `${statusEmoji(order.status)} ${numbers[i]!}`,
      cardData(view, refs.get(order.id)!),
    );
  });
}

export async function listScreen(
  ctx: BotContext,
  source: OrderSource,
  view: ListView,
): Promise<Screen> {
  const choice = view.filter === "all" ? undefined : view.filter;
  const query = { page: view.page, size: ctx.botConfig.ordersPageSize, status: choice };
  let page: OrdersPage;
  let names: CurrencyNames;
  try {
    [page, names] = await Promise.all([sourcePage(ctx, source, query), loadCurrencyNames(ctx)]);
  } catch (error) {
    if (error instanceof StatusFilterRefused) return refusedFilterScreen(ctx, source, error.choice);
    throw error;
  }

  tellWatcher(ctx, source, page.items, view.page === 1 && view.filter === "all");

  const head = listHead(ctx, source, choice, page);
  if (page.items.length === 0) return emptyListScreen(ctx, source, view, head);

  const lines = [...head];
  for (const order of page.items) lines.push("", ...renderOrderLine(ctx, order, names).split("\n"));
  const text = fitMessage(lines);

  const keyboard = new InlineKeyboard();
  await addOrderButtons(ctx, keyboard, view, page.items);
  filterChips(ctx, keyboard, view.scope, view);
  const info: PageInfo = {
    page: view.page,
    pageSize: page.servedSize,
    itemsOnPage: page.items.length,
    pagination: page.pagination,
  };
  addPagerRow(keyboard, info, (p) => listData({ ...view, page: p }));
  return { text, keyboard: backToMenuRow(ctx, keyboard) };
}

// ---- card ------------------------------------------------------------------------------------------

/** One order of this source, or undefined when the exchanger has none matching exactly (exchanger/order-lookup.ts). */
export function findSourceOrder(
  ctx: BotContext,
  source: OrderSource,
  lookup: OrderLookup,
): Promise<Order | undefined> {
  return withCaller(ctx, (caller) => ctx.deps.orders.find(caller, source.list, lookup));
}

async function cardKeyboard(
  ctx: BotContext,
  source: OrderSource,
  order: Order,
  back: ListView,
): Promise<InlineKeyboard> {
  const keyboard = new InlineKeyboard();
  const ref = await rememberOrderRef(ctx.deps.kv, ctx.chatId!, order.id);
  const self = refreshData(back, ref);
  if (!source.referral && isPayableOrder(order))
    keyboard.text(ctx.t("orders-btn-pay"), payData(ref)).row();
  else if (!source.referral && isPayableButUnsure(order)) websiteRow(ctx, keyboard).row();
  // The token is what /pay and the site know the order by: one tap copies it (Bot API 7.11 copy_text).
  const token = source.referral ? undefined : orderToken(order);
  if (token !== undefined) keyboard.copyText(ctx.t("orders-btn-copy-token"), token).row();
  // Where to pay, whole and one tap from the clipboard, while it can still be paid (its QR code follows the card).
  if (!source.referral) addPayToButtons(ctx, order, keyboard);
  // An order with a problem (suspended, error, hold…) is one the operator must sort out: offer Support.
  if (statusMeaning(order.status) === "problem") await supportRow(ctx, keyboard);
  keyboard.text(ctx.t("btn-refresh"), self);
  keyboard.text(ctx.t("btn-back"), listData(back));
  return backToMenuRow(ctx, keyboard);
}

/** The card of an order already fetched (by /order) or fetched here (by a button). */
export async function cardScreen(
  ctx: BotContext,
  source: OrderSource,
  order: Order,
  back: ListView,
): Promise<Screen> {
  tellWatcher(ctx, source, [order], false);
  const names = await loadCurrencyNames(ctx);
  const card = renderOrderCard(ctx, order, names, { referral: source.referral });
  return {
    text:
      !source.referral && isPayableButUnsure(order)
        ? `${card}\n\n${ctx.t("orders-unsure-pay")}`
        : card,
    keyboard: await cardKeyboard(ctx, source, order, back),
  };
}

/**
 * A card just opened (not refreshed): the QR code of the address to pay to under it, as under a new
 * order (orders/pay-to.ts). The card is shown and its button answered already: a refusal here is
 * logged, never turned into an error screen.
 */
export async function followCardWithQr(
  ctx: BotContext,
  source: OrderSource,
  order: Order,
): Promise<void> {
  if (source.referral || ctx.chatId === undefined) return;
  await sendPayToQr(ctx.api, ctx.chatId, ctx, order).catch((error: unknown) =>
    ctx.logger.warn({ err: String(error) }, "could not send the QR code of an order's address"),
  );
}

export function notFoundScreen(ctx: BotContext, query: string, back: ListView): Screen {
  return {
    text: ctx.t("orders-not-found", { query: escapeHtml(query) }),
    keyboard: backToMenuRow(ctx, new InlineKeyboard().text(ctx.t("btn-back"), listData(back))),
  };
}

/** /order and the deep link `start=order_<id>`: the card of one own order, or "not found" (Back leads to the list). */
export async function showOwnOrder(ctx: BotContext, lookup: OrderLookup): Promise<void> {
  const back = firstPage(OWN_ORDERS.scope);
  const order = await findSourceOrder(ctx, OWN_ORDERS, lookup);
  const shown = "id" in lookup ? orderNumber(ctx, lookup.id) : lookup.token;
  if (order === undefined) return void (await showScreen(ctx, notFoundScreen(ctx, shown, back)));
  await showScreen(ctx, await cardScreen(ctx, OWN_ORDERS, order, back));
  await followCardWithQr(ctx, OWN_ORDERS, order);
}

/**
 * Buttons of one source: list pages, cards, the active chip. Data that does not parse falls through
 * (→ "expired"). A plain middleware, first in its feature: the most pressed buttons of the bot pass no
 * grammY filter (each builds a Composer per update it looks at) before reaching it.
 */
export function orderBrowser(source: OrderSource): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const data = ctx.callbackQuery?.data;
    if (data === undefined) return next();
    const list = parseListData(source.scope, data);
    if (list) return showScreen(ctx, await listScreen(ctx, source, list));
    const card = parseCardPress(source.scope, data);
    const id = card && (await pressedOrder(ctx, card.ref));
    if (card && id !== undefined) {
      const back: ListView = { scope: card.scope, filter: card.filter, page: card.page };
      const order = await findSourceOrder(ctx, source, { id });
      if (order === undefined)
        return showScreen(ctx, notFoundScreen(ctx, orderNumber(ctx, id), back));
      await showScreen(ctx, await cardScreen(ctx, source, order, back));
      if (!card.refresh) await followCardWithQr(ctx, source, order);
      return;
    }
    if (source === OWN_ORDERS && (await openBelowNotice(ctx, data))) return;
    if (isSameFilterData(source.scope, data))
      return void (await ctx.answerCallbackQuery(ctx.t("orders-filter-already")));
    return next();
  };
}

/**
 * A notification's "Open order" (orders/notification-buttons.ts): the card as a new message below the
 * notice, which stays as it was; false when the data is no such button (or its reference is unknown).
 */
async function openBelowNotice(ctx: BotContext, data: string): Promise<boolean> {
  const pressed = noticeCard.unpack(data);
  const id = pressed && (await pressedOrder(ctx, pressed.ref));
  if (id === undefined) return false;
  const back = firstPage(OWN_ORDERS.scope);
  const order = await findSourceOrder(ctx, OWN_ORDERS, { id });
  const screen = order
    ? await cardScreen(ctx, OWN_ORDERS, order, back)
    : notFoundScreen(ctx, orderNumber(ctx, id), back);
  await showScreenBelow(ctx, screen);
  if (order) await followCardWithQr(ctx, OWN_ORDERS, order);
  return true;
}

/** The first page of everything: what /orders, /referrals and the menu buttons open. */
export const firstPage = (scope: OrderScope): ListView => ({ scope, filter: "all", page: 1 });
