/**
 * The texts the watcher sends, in the chat's language. Pure apart from the translator passed in.
 * A change is one line from the order screens' renderer ("🔔 #6001 Tether TRC20 → Card UAH: now
 * Paid") with "Open order", which opens the card /orders opens (copy buttons, QR and all).
 */
import type { Translator } from "../bot/context.js";
import type { Order } from "../exchanger/index.js";
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import {
  noticeCardData,
  noticePayData,
  renderOrderLine,
  renderOrderNotice,
  type CurrencyNames,
  type OrderRef,
} from "../bot/features/orders/public.js";
import { clip, displayValue, escapeHtml, fitMessage } from "../bot/ui/html.js";
import type { OrderChange } from "./seen.js";

/** What the renderers need of a context: `t` in one language (the watcher has no update to take it from). */
export type { Translator } from "../bot/context.js";

/** More changes than this in one poll become one summary message instead of a card each. */
export const MAX_CARDS_PER_POLL = 3;

function orderId(order: Order): string {
  return escapeHtml(clip(displayValue(order.id) ?? "?", 40));
}

/** "🔔 #1041 Tether TRC20 → Card UAH: now paid": one line; the card is behind "Open order". */
export function changeMessage(tr: Translator, change: OrderChange, names: CurrencyNames): string {
  return fitMessage([renderOrderNotice(tr, change.order, names, change.kind)]);
}

/** Many changes at once (e.g. after an outage): one message with a line per order. */
export function summaryMessage(
  tr: Translator,
  changes: readonly OrderChange[],
  names: CurrencyNames,
): string {
  const lines = [tr.t("notify-summary", { count: changes.length })];
  for (const change of changes) lines.push("", renderOrderLine(tr, change.order, names));
  lines.push("", tr.t("notify-summary-hint"));
  return fitMessage(lines);
}

/** The orders' button references, stored by the watcher before sending (rememberNoticeOrders). */
export type OrderRefs = ReadonlyMap<string, OrderRef>;

/** A summary's buttons: a card button (and Pay) for this many orders at most, so it stays readable. */
export const MAX_SUMMARY_ORDERS = 6;

/** Under one order's notification: Pay while it awaits payment, and "Open order" (the card /orders opens). */
export function changeKeyboard(
  tr: Translator,
  change: OrderChange,
  refs: OrderRefs,
): InlineKeyboardMarkup {
  const ref = refs.get(change.order.id)!;
  const rows: InlineKeyboardButton[][] = [];
  const pay = noticePayData(change.order, ref);
  if (pay !== undefined) rows.push([{ text: tr.t("notify-btn-pay"), callback_data: pay }]);
  rows.push([{ text: tr.t("notify-btn-open"), callback_data: noticeCardData(ref) }]);
  return { inline_keyboard: rows };
}

/** Under a summary: per order (the first few) its card, and Pay beside it when it awaits payment. */
export function summaryKeyboard(
  tr: Translator,
  changes: readonly OrderChange[],
  refs: OrderRefs,
): InlineKeyboardMarkup | undefined {
  const rows: InlineKeyboardButton[][] = [];
  for (const change of changes.slice(0, MAX_SUMMARY_ORDERS)) {
    const ref = refs.get(change.order.id)!;
    const row: InlineKeyboardButton[] = [
      {
        text: tr.t("notify-btn-card-of", { id: orderId(change.order) }),
        callback_data: noticeCardData(ref),
      },
    ];
    const pay = noticePayData(change.order, ref);
    if (pay !== undefined) row.push({ text: tr.t("notify-btn-pay"), callback_data: pay });
    rows.push(row);
  }
  return rows.length > 0 ? { inline_keyboard: rows } : undefined;
}

export interface Notification {
  text: string;
  keyboard: InlineKeyboardMarkup | undefined;
  changes: OrderChange[];
}

/** The messages one poll sends: a card per change, or one summary when there are many. */
export function messagesFor(
  tr: Translator,
  changes: readonly OrderChange[],
  names: CurrencyNames,
  refs: OrderRefs,
): Notification[] {
  if (changes.length > MAX_CARDS_PER_POLL)
    return [
      {
        text: summaryMessage(tr, changes, names),
        keyboard: summaryKeyboard(tr, changes, refs),
        changes: [...changes],
      },
    ];
  return changes.map((change) => ({
    text: changeMessage(tr, change, names),
    keyboard: changeKeyboard(tr, change, refs),
    changes: [change],
  }));
}
