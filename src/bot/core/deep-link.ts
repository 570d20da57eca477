/**
 * The /start payload of a deep link to an order's card: `t.me/<bot>?start=order_<id>`. Only the order
 * number: a link never carries a key, and not the token either (tokens are long random codes that the
 * secret guard would take for a key and delete, and a link ends up in chat histories and previews).
 * The id opens nothing by itself: the card is read with the chat's own key, so only its owner sees it.
 *
 * Here, in core, because two places must agree on it: the orders feature opens the card, and the
 * key shape (api-key-shape.ts) must not take `order_1234567890` for a key and delete the link.
 */
const ORDER_START = /^order_(\d{1,40})$/;

/** The order number of a `/start order_<id>` payload; undefined for anything else (then the usual welcome). */
export function parseOrderStartPayload(payload: string): string | undefined {
  return ORDER_START.exec(payload.trim())?.[1];
}
