/**
 * After a create-order whose answer was lost (private-client.ts throws Unavailable: the order may or
 * may not exist), which of the user's orders it created. A creation is never sent again blindly; the
 * flow instead:
 *   1. before creating, notes the keys of the user's newest orders (orders/pages.ts `newest`, read as
 *      the orders list reads them: newest first whatever order and page size the server has);
 *   2. after a lost answer, reads the newest orders again (with the user's own key) and asks
 *      `findCreatedOrders` for the orders that were not there before, of this direction and amount,
 *      not created before the request left.
 * One → that is the order (show its card). None → most likely not created; the flow says "check your
 * orders" rather than "failed", since a slow server may still write it. More than one → show them all.
 */
import { sameAmount } from "./exchange-quote.js";
import type { Id, Order } from "./types.js";

/**
 * How much earlier than the request an order's creation time may read and still be the one it made:
 * a server's dates may be written in its own time zone without saying so (up to 14 hours off UTC).
 */
const CLOCK_SLACK_MS = 14 * 60 * 60_000;

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
  /** When the create-order request left; an order created well before it is not its order. */
  since?: Date;
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
      (expected.since === undefined ||
        order.createdAt === undefined ||
        order.createdAt.getTime() >= expected.since.getTime() - CLOCK_SLACK_MS) &&
      (expected.exchangeId === undefined ||
        order.directionId === undefined ||
        order.directionId === String(expected.exchangeId)),
  );
}
