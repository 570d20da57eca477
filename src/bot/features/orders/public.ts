/** What the order-status watcher (src/notify) shows: an order's card and list line, as in /orders. */
export { renderOrderCard, renderOrderLine, type CurrencyNames } from "./render.js";
