/**
 * Callback data of paying (all ≤ 64 bytes). The order card's Pay button (rendered by the orders
 * screens) is the one other features use, through public.ts:
 *   pay:o:<ref>      open the confirmation card for an order (edits the pressed message)
 *   pay:n:<ref>      the same card as a new message below (a notification's Pay: the notice stays)
 *   pay:s:<ref>      re-read the order's status (same card, fresh)
 *   pay:c:<cid>      confirm — single use, see core/confirmations.ts
 *   pay:x:<cid>      cancel the card
 *   pay:menu         the orders awaiting payment (the menu's "💳 Pay an order")
 *   pay:t            paste a token instead (the last button of that list)
 * ref: the order's id, or a short reference to it (core/order-refs.ts), resolved when pressed.
 * Anything else under pay: (and a confirmation that expired or belongs to another chat) falls through
 * to the "button expired" fallback.
 */
import { confirmIdField } from "../../core/confirmations.js";
import { orderRefField, type OrderRef } from "../../core/order-refs.js";
import { callbackData } from "../../ui/callback-data.js";

const orderId = orderRefField;

export const PAY_MENU_DATA = "pay:menu";
export const PASTE_TOKEN_DATA = "pay:t";
export const openPayCard = callbackData("pay:o", { orderId });
export const openPayCardBelow = callbackData("pay:n", { orderId });
export const checkPayStatus = callbackData("pay:s", { orderId });
export const confirmPay = callbackData("pay:c", { confirmId: confirmIdField });
export const cancelPay = callbackData("pay:x", { confirmId: confirmIdField });

/** The Pay button's data for an order; `ref` from core/order-refs.ts (stored before the button is shown). */
export const payData = (ref: OrderRef): string => openPayCard.pack({ orderId: ref });
/** The Pay button under a notification: the card comes below the notice, which stays as it was. */
export const payBelowData = (ref: OrderRef): string => openPayCardBelow.pack({ orderId: ref });
