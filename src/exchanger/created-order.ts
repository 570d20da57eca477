/**
 * After a create-order whose answer was lost (private-client.ts throws Unavailable: the order may or
 * may not exist), which of the user's orders it created. A creation is never sent again blindly; the
 * flow instead:
 *   1. before creating, notes the keys of the user's newest orders (`orderKeys` of get-orders page 1);
 *   2. after a lost answer, reads the newest orders again (with the user's own key) and asks
 *      `findCreatedOrders` for the orders that were not there before, of this direction and amount.
 * One → that is the order (show its card). None → most likely not created; the flow says "check your
 * orders" rather than "failed", since a slow server may still write it. More than one → show them all.
 */
import { sameAmount } from "./exchange-quote.js";
import type { Id, Order } from "./types.js";

/** How an order is told apart in a list: its token, else its id. */
export function orderKey(order: Order): string {
  return order.token !== undefined && order.token !== ""
    ? `token:${order.token}`
    : `id:${order.id}`;
}

export function orderKeys(orders: readonly Order[]): Set<string> {
  return new Set(orders.map(orderKey));
}

export interface ExpectedOrder {
  /** The direction's id (an order's `directionId`, the spec's `exchange_id`); undefined when the direction did not say. */
  exchangeId: Id | undefined;
  /** The amount sent to create-order. */
  sendAmount: string;
}

export function findCreatedOrders(
  before: ReadonlySet<string>,
  after: readonly Order[],
  expected: ExpectedOrder,
): Order[] {
  return after.filter(
    (order) =>
      !before.has(orderKey(order)) &&
      sameAmount(order.send?.amount, expected.sendAmount) &&
      (expected.exchangeId === undefined ||
        order.directionId === undefined ||
        order.directionId === String(expected.exchangeId)),
  );
}
