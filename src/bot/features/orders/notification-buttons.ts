/**
 * The callback data of the buttons under an order notification (the watcher in src/notify sends
 * them through public.ts): the order's card, and Pay while it awaits payment. Labels are the
 * notification's own; the data is this feature's and pay's, so pressing them opens the same screens.
 * The watcher stores the orders' references first (`rememberNoticeOrders`), as every screen does.
 */
import { type Order, isPayableOrder } from "../../../exchanger/index.js";
import type { KV } from "../../../storage/kv.js";
import { rememberOrderRefs, type OrderRef } from "../../core/order-refs.js";
import { payBelowData } from "../pay/public.js";
import { noticeCard } from "./codec.js";

/** The references of the orders a notification is about to show, stored for this chat. */
export const rememberNoticeOrders = (
  kv: KV,
  chatId: number | string,
  orders: readonly Order[],
): Promise<Map<string, OrderRef>> =>
  rememberOrderRefs(
    kv,
    chatId,
    orders.map((order) => order.id),
  );

/** The order's card below the notice (the notice stays), its "Back" leading to the first page of all orders. */
export const noticeCardData = (ref: OrderRef): string => noticeCard.pack({ ref });

/** Pay, only while the order awaits payment (the pay card, below the notice, re-checks the status). */
export const noticePayData = (order: Order, ref: OrderRef): string | undefined =>
  isPayableOrder(order) ? payBelowData(ref) : undefined;
