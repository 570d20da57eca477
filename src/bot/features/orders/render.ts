/**
 * Orders as HTML for Telegram: the compact line of a list and the full card.
 *
 * Reusable API (also used outside the order screens, e.g. by notifications):
 *
 *   renderOrderCard(ctx: OrderTranslator (anything with `t`, e.g. a FlowContext), order: Order, currencyNames: ReadonlyMap<string, string>,
 *                   options?: { referral?: boolean }): string
 *     The whole card (title, status, the token in <code>, the direction "Bitcoin → Visa UAH", amounts
 *     with currency names, dates in the reader's language (ui/dates.ts), every other useful field),
 *     every exchanger string escaped, secret-looking fields left out, never over 4096 characters.
 *     `currencyNames` maps a currency id (as a string) to its display name; build it with
 *     `loadCurrencyNames(ctx)` (uses the cached public currency list). Missing names show as "#id".
 *     `referral: true` titles it as a referral order.
 *
 *   What a status means, its label and emoji: ../../exchanger/vocabulary.ts (the only definition).
 *   loadCurrencyNames(ctx): Promise<ReadonlyMap<string, string>>  never throws (empty map when unavailable)
 *
 * Everything except loadCurrencyNames is pure.
 */
import type { Order } from "../../../exchanger/types.js";
import { statusEmoji, statusLabel, statusWords } from "../../../exchanger/vocabulary.js";
import type { FlowContext } from "../../context.js";
import { clip, displayValue, escapeHtml, fieldLines, fitMessage, looksSecret } from "../../ui/html.js";
import { formatDate } from "../../ui/dates.js";
import { fieldLabels } from "../../ui/field-names.js";
import { ORDER_TOKEN } from "../../../exchanger/order-lookup.js";
import { ORDER_DATE_KEYS } from "../../../exchanger/list-order.js";

/** All the pure renderers need: `t` in one language. A FlowContext is one; so is a plain translator. */
export interface OrderTranslator {
  t(key: string, variables?: Record<string, string | number>): string;
}
type T = OrderTranslator;
export type CurrencyNames = ReadonlyMap<string, string>;

/** Currency names from the cached public list; an empty map when the list is unavailable. */
export async function loadCurrencyNames(ctx: Pick<FlowContext, "deps" | "language">): Promise<CurrencyNames> {
  try {
    return await ctx.deps.currencies.labels(ctx.language);
  } catch {
    // Names are a nicety: the order itself is still worth showing with "#id".
    return new Map();
  }
}

function currencyName(names: CurrencyNames, id: unknown): string | undefined {
  const shown = displayValue(id);
  if (shown === undefined) return undefined;
  return names.get(shown) ?? `#${shown}`;
}

/** "250.00 Tether TRC20 (USDTTRC20)", either half alone when the other is missing. Plain text. */
function amountWithCurrency(
  amount: unknown,
  currencyId: unknown,
  names: CurrencyNames,
  limits = { amount: 40, name: 60 },
): string | undefined {
  const value = displayValue(amount);
  const currency = currencyName(names, currencyId);
  const parts = [value && clip(value, limits.amount), currency && clip(currency, limits.name)].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(" ") : undefined;
}

function orderDate(ctx: T, order: Order): string | undefined {
  for (const key of ORDER_DATE_KEYS) {
    const date = formatDate(ctx, order[key]);
    if (date !== undefined) return date;
  }
  return undefined;
}

/** "#1041" / "№1041": an order's number as the reader's language writes it (plain text, clipped). */
export function orderNumber(ctx: T, id: unknown): string {
  return ctx.t("orders-number", { id: clip(displayValue(id) ?? "?", 20) });
}

/**
 * One order in a list, two lines:
 *   🆕 #1041 · Created · 6 Jan 2025, 12:00 UTC
 *   250.00 Tether TRC20 (USDTTRC20) → 10212.50 Visa/Mastercard UAH (CARDUAH)
 * Values are clipped hard so that a full page of 20 stays within one message.
 */
export function renderOrderLine(ctx: T, order: Order, names: CurrencyNames): string {
  const head = [`${statusEmoji(order.status)} <b>${escapeHtml(orderNumber(ctx, order.id))}</b>`, statusWords(ctx, order.status)];
  const date = orderDate(ctx, order);
  // Room for the longest localized date ("22 нояб. 2026 г., 18:49 UTC"); a raw server value is cut.
  if (date) head.push(escapeHtml(clip(date, 32)));
  const limits = { amount: 22, name: 32 };
  const send = amountWithCurrency(order.send_amount, order.send_currency_id, names, limits);
  const receive = amountWithCurrency(order.receive_amount, order.receive_currency_id, names, limits);
  const lines = [head.join(" · ")];
  if (send || receive) lines.push(escapeHtml([send ?? "…", receive ?? "…"].join(" → ")));
  return lines.join("\n");
}

/** Fields that the card's head already shows. */
const HEAD_FIELDS = ["id", "status", "token", "exchange_id", "send_amount", "send_currency_id", "receive_amount", "receive_currency_id"];

/** Values the card shows differently from the raw one: currency ids as names, timestamps as dates. */
function presentable(ctx: T, order: Order, names: CurrencyNames): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(order)) {
    if (/currency_id$/i.test(key)) out[key] = currencyName(names, value);
    else if (/(^|_)(date|at)$|^date_|At$/.test(key)) out[key] = formatDate(ctx, value);
    else out[key] = value;
  }
  return out;
}

/**
 * The order's token when it is one we can show and copy: the token is the order's handle (the
 * address of the order on the site, what /pay and /order take), not a secret, so the card shows it
 * even though fields named "token" are otherwise left out. Anything not token-shaped is not shown.
 */
export function orderToken(order: Order): string | undefined {
  const token = typeof order.token === "string" || typeof order.token === "number" ? String(order.token).trim() : "";
  return ORDER_TOKEN.test(token) ? token : undefined;
}

/**
 * "Bitcoin (BTC) → Visa UAH (CARDUAH)": the direction by the names of its two currencies (the
 * directions map knows a direction only by its currency pair and slug, so the pair is the name).
 * Never a bare "#71": without both names there is no line; the amounts below still name what is known.
 */
function directionLine(order: Order, names: CurrencyNames): string | undefined {
  const sendName = names.get(displayValue(order.send_currency_id) ?? "");
  const receiveName = names.get(displayValue(order.receive_currency_id) ?? "");
  if (sendName === undefined || receiveName === undefined) return undefined;
  return `${clip(sendName, 60)} → ${clip(receiveName, 60)}`;
}

export function renderOrderCard(ctx: T, order: Order, currencyNames: CurrencyNames, options: { referral?: boolean } = {}): string {
  const id = escapeHtml(clip(displayValue(order.id) ?? "?", 40));
  const lines = [ctx.t(options.referral ? "orders-ref-card-title" : "orders-card-title", { id })];
  lines.push(`<b>${ctx.t("field-status")}:</b> ${statusLabel(ctx, order.status)}`);
  // Own orders: "You send"; a referral's order is seen from the side: "The referral sends".
  const prefix = options.referral ? "orders-field-ref" : "orders-field";
  const send = amountWithCurrency(order.send_amount, order.send_currency_id, currencyNames);
  if (send) lines.push(`<b>${ctx.t(`${prefix}-send`)}:</b> ${escapeHtml(send)}`);
  const receive = amountWithCurrency(order.receive_amount, order.receive_currency_id, currencyNames);
  if (receive) lines.push(`<b>${ctx.t(`${prefix}-receive`)}:</b> ${escapeHtml(receive)}`);
  const direction = directionLine(order, currencyNames);
  if (direction) lines.push(`<b>${ctx.t("field-direction")}:</b> ${escapeHtml(direction)}`);
  // A referral's token is the handle of someone else's order: the partner has no use for it.
  const token = options.referral ? undefined : orderToken(order);
  if (token) lines.push(`<b>${ctx.t("field-token")}:</b> <code>${escapeHtml(token)}</code>`);
  lines.push("");
  const rest = fieldLines(presentable(ctx, order, currencyNames), {
    skip: [...HEAD_FIELDS, ...Object.keys(order).filter((k) => looksSecret(k, order[k]))],
    label: fieldLabels(ctx, "order"),
    maxValue: 400,
  });
  lines.push(...rest);
  return fitMessage(lines);
}
