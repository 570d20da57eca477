/**
 * Callback data of paying (all ≤ 64 bytes). The order card's Pay button (rendered by the orders
 * screens) is the one other features use, through public.ts:
 *   pay:o:<orderId>  open the confirmation card for an order (edits the pressed message)
 *   pay:s:<orderId>  re-read the order's status (same card, fresh)
 *   pay:c:<cid>      confirm — single use, see core/confirmations.ts
 *   pay:x:<cid>      cancel the card
 * Anything else under pay: (and a confirmation that expired or belongs to another chat) falls through
 * to the "button expired" fallback.
 */
import { confirmIdField } from "../../core/confirmations.js";
import { callbackData, textField } from "../../ui/callback-data.js";

const orderId = textField("[A-Za-z0-9_-]{1,40}");

export const PAY_MENU_DATA = "pay:menu";
export const openPayCard = callbackData("pay:o", { orderId });
export const checkPayStatus = callbackData("pay:s", { orderId });
export const confirmPay = callbackData("pay:c", { confirmId: confirmIdField });
export const cancelPay = callbackData("pay:x", { confirmId: confirmIdField });

/** The Pay button's data for an order; undefined when its id cannot travel in a button (then no button). */
export const payData = (id: string): string | undefined => openPayCard.tryPack({ orderId: id });
