/**
 * What the order-status watcher (src/notify) shows: an order's one-line notice, its list line (as in
 * /orders) and its buttons ("Open order" opens the card /orders opens); and the card /start opens for a deep link to an order (`start=order_<id>`, core/deep-link.ts).
 */
export {
  renderOrderCard,
  renderOrderLine,
  renderOrderNotice,
  type CurrencyNames,
} from "./render.js";
export { noticeCardData, noticePayData, rememberNoticeOrders } from "./notification-buttons.js";
export type { OrderRef } from "../../core/order-refs.js";
import { listData } from "./codec.js";

/** The first page of the referral orders (the referral dashboard's button). */
export const referralOrdersData = (): string => listData({ scope: "rord", filter: "all", page: 1 });
export { showOwnOrder } from "./order-screens.js";
export { payableScreen } from "./payable.js";
export { addPayToButtons, sendPayToQr } from "./pay-to.js";
