/**
 * The callback data of the buttons under an order notification (the watcher in src/notify sends
 * them through public.ts): the order's card, and Pay while it awaits payment. Labels are the
 * notification's own; the data is this feature's and pay's, so pressing them opens the same screens.
 */
import type { Order } from "../../../exchanger/types.js";
import { isPayableStatus } from "../../../exchanger/vocabulary.js";
import { payData } from "../pay/public.js";
import { cardData } from "./codec.js";

/** The order's card, with "Back" leading to the first page of all orders; undefined when its id cannot travel in a button. */
export const noticeCardData = (order: Order): string | undefined =>
  cardData({ scope: "ord", filter: "all", page: 1 }, order.id);

/** Pay, only while the order awaits payment (the pay card re-checks the status when pressed). */
export const noticePayData = (order: Order): string | undefined =>
  isPayableStatus(order.status) ? payData(String(order.id)) : undefined;
