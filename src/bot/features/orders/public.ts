/** What the order-status watcher (src/notify) shows: an order's card and list line, as in /orders, and its buttons. */
export { renderOrderCard, renderOrderLine, type CurrencyNames } from "./render.js";
export { noticeCardData, noticePayData } from "./notice.js";
