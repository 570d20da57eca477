/**
 * Orders as HTML for Telegram: the compact line of a list and the full card.
 *
 * Reusable API (also used outside the order screens, e.g. by notifications):
 *
 *   renderOrderCard(ctx: Translator (anything with `t`, e.g. a FlowContext), order: Order, currencyNames: ReadonlyMap<string, string>,
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
import {
  type Order,
  statusEmoji,
  statusLabel,
  statusWords,
  ORDER_TOKEN,
} from "../../../exchanger/index.js";
import type { FlowContext, Translator } from "../../context.js";
import { clip, escapeHtml, fieldLines, fitMessage } from "../../ui/html.js";
import { presentFieldValues } from "../../ui/field-values.js";
import { formatDate, formatDateHtml } from "../../ui/dates.js";
import { fieldLabels } from "../../ui/field-names.js";
import { currencyText, formatNumber, moneyText, type CurrencyNames } from "../../ui/money.js";

/** All the pure renderers need: `t` in one language. A FlowContext is one; so is a plain translator. */
type T = Translator;
export type { CurrencyNames };

/** Currency names from the cached public list; an empty map when the list is unavailable. */
export async function loadCurrencyNames(
  ctx: Pick<FlowContext, "deps" | "language">,
): Promise<CurrencyNames> {
  try {
    return await ctx.deps.currencies.labels(ctx.language);
  } catch {
    // Names are a nicety: the order itself is still worth showing with what it says, or "#id".
    return new Map();
  }
}

/** The longest order number shown whole; a longer one (a hostile server's) is clipped. */
const NUMBER_MAX = 64;
/** A button shows a number this long whole; a longer one by its end (`orderButtonNumbers`). */
const BUTTON_NUMBER_MAX = 10;
/** At least this many of the number's last characters on a button that must cut it. */
const BUTTON_TAIL_MIN = 6;

/** "#1041" / "№1041": an order's number as the reader's language writes it, whole (plain text). */
export function orderNumber(ctx: T, id: string): string {
  return ctx.t("orders-number", { id: clip(id || "?", NUMBER_MAX) });
}

/**
 * The numbers on a page's order buttons: short ones whole; long ones by their end ("#…0993123"),
 * since ids of one exchanger share their start and differ at the end, with as many of the last
 * characters as it takes for no two buttons to read the same (the list text shows each in full).
 */
export function orderButtonNumbers(ctx: T, ids: readonly string[]): string[] {
  const distinct = new Set(ids).size;
  const longest = Math.max(0, ...ids.map((id) => id.length));
  for (let keep = BUTTON_TAIL_MIN; ; keep++) {
    const labels = ids.map((id) =>
      id.length <= Math.max(BUTTON_NUMBER_MAX, keep)
        ? orderNumber(ctx, id)
        : orderNumber(ctx, `…${id.slice(-keep)}`),
    );
    if (new Set(labels).size === distinct || keep >= longest) return labels;
  }
}

/**
 * One order in a list, two lines:
 *   🆕 #1041 · Created · 6 Jan 2025, 12:00 UTC
 *   250.00 Tether TRC20 → 10212.50 Visa/Mastercard UAH (numbers in the reader's language)
 * Values are clipped hard so that a full page of 20 stays within one message.
 */
export function renderOrderLine(ctx: T, order: Order, names: CurrencyNames): string {
  const head = [
    `${statusEmoji(order.status)} <b>${escapeHtml(orderNumber(ctx, order.id))}</b>`,
    statusWords(ctx, order.status),
  ];
  const date = order.createdAt && formatDate(ctx, order.createdAt);
  // Room for the longest localized date ("22 нояб. 2026 г., 18:49 UTC").
  if (date) head.push(escapeHtml(clip(date, 32)));
  const limits = { amount: 22, name: 32 };
  const send = moneyText(ctx, names, order.send, limits);
  const receive = moneyText(ctx, names, order.receive, limits);
  const lines = [head.join(" · ")];
  if (send || receive) lines.push(escapeHtml([send ?? "…", receive ?? "…"].join(" → ")));
  return lines.join("\n");
}

/**
 * A field named as a moment: a date ("created_at", "date_pay", "paidAt") or a deadline — the time an
 * order must be paid by, which servers name in their own words ("pay_until", "deadline", "expires").
 */
const DATE_KEY =
  /(^|_)(date|at|until|till|deadline|expires|expiry)$|^date_|(At|Until|Till|Deadline|Expires)$/;

/**
 * Date-named fields as dates in the one format (ui/dates.ts, read by the normalizer's date reader; a
 * value that is no date stays as written), currency ids as names: what the card shows for the rest
 * and for the payment instructions.
 */
function presentable(
  ctx: T,
  fields: Order["fields"],
  names: CurrencyNames,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const last = key.split(".").pop()!;
    if (/currency_id$/i.test(last)) out[key] = currencyText(names, { id: String(value) });
    else if (DATE_KEY.test(last)) out[key] = formatDate(ctx, value);
    else out[key] = value;
  }
  return presentFieldValues(ctx, out);
}

/** A field's label and value as one line would show them (case aside): what makes two lines the same. */
const sameLine = (label: string, value: unknown) =>
  `${label.toLowerCase()}\u0000${String(value).trim().toLowerCase()}`;

/**
 * Each field once: a value a server repeats inside a group ("inputs": {"E-mail": …} beside "email",
 * flattened as "inputs.E-mail" or kept nested) is left out of the group when a line of its own
 * already says it under the same label.
 */
function withoutRepeats(
  record: Record<string, unknown>,
  labelOf: (key: string) => string,
): Record<string, unknown> {
  const said = new Set<string>();
  for (const [key, value] of Object.entries(record))
    if (!key.includes(".") && (typeof value === "string" || typeof value === "number"))
      said.add(sameLine(labelOf(key), value));
  const repeated = (key: string, value: unknown) => said.has(sameLine(labelOf(key), value));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key.includes(".") && repeated(key.split(".").pop()!, value)) continue;
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      out[key] = value;
      continue;
    }
    const inner = Object.entries(value).filter(([k, v]) => !repeated(k, v));
    if (inner.length > 0) out[key] = Object.fromEntries(inner);
  }
  return out;
}

/** A payment instruction's amount ("amount", "amount_to_pay", "sum"): what the customer sends. */
const AMOUNT_KEY = /(^|_)(amount|sum|total)$|(^|_)amount_/i;

/**
 * Where to pay, as the card shows it: the amount in the reader's language at the send currency's
 * precision, with the currency's name (ui/money.ts, the same as "You send"); the rest as written (the
 * card's copy buttons carry every value as the exchanger wrote it).
 */
function paymentPresentable(ctx: T, order: Order, names: CurrencyNames): Record<string, unknown> {
  const out = presentable(ctx, order.payment ?? {}, names);
  for (const [key, value] of Object.entries(out)) {
    if (!AMOUNT_KEY.test(key.split(".").pop()!)) continue;
    if (typeof value !== "string" && typeof value !== "number") continue;
    const currency = order.send?.currency ?? {};
    out[key] = moneyText(ctx, names, { amount: String(value), currency }) ?? value;
  }
  return out;
}

/** The date-named fields of a record, and their lines: each a date_time entity (ui/dates.ts). */
function moments(
  ctx: T,
  raw: Record<string, unknown>,
  label: (key: string) => string,
): { keys: string[]; lines: string[] } {
  const keys = Object.keys(raw).filter((key) => DATE_KEY.test(key.split(".").pop()!));
  const lines: string[] = [];
  for (const key of keys) {
    const when = formatDateHtml(ctx, raw[key]);
    if (when !== undefined) lines.push(`<b>${escapeHtml(label(key))}:</b> ${when}`);
  }
  return { keys, lines };
}

/** Where to pay, its deadline (a moment) after the rest. */
function paymentLines(
  ctx: T,
  order: Order,
  names: CurrencyNames,
  label: (key: string) => string,
): string[] {
  const fields = paymentPresentable(ctx, order, names);
  const when = moments(ctx, order.payment ?? {}, label);
  const lines = fieldLines(fields, { label, maxValue: 400, payTo: true, skip: when.keys });
  return [...lines, ...when.lines];
}

/**
 * The order's token when it is one we can show and copy: the token is the order's handle (the
 * address of the order on the site, what /pay and /order take), not a secret, so the card shows it
 * even though fields named "token" are otherwise left out. Anything not token-shaped is not shown.
 */
export function orderToken(order: Order): string | undefined {
  return order.token !== undefined && ORDER_TOKEN.test(order.token) ? order.token : undefined;
}

/**
 * "Bitcoin → Visa UAH": the direction by the names of its two currencies (the
 * directions map knows a direction only by its currency pair and slug, so the pair is the name).
 * Never a bare "#71": without both names there is no line; the amounts above still name what is known.
 */
function directionLine(order: Order, names: CurrencyNames): string | undefined {
  const named = (side: Order["send"]) => {
    const text = currencyText(names, side?.currency);
    return text === undefined || text.startsWith("#") ? undefined : text;
  };
  const sendName = named(order.send);
  const receiveName = named(order.receive);
  if (sendName === undefined || receiveName === undefined) return undefined;
  return `${clip(sendName, 60)} → ${clip(receiveName, 60)}`;
}

/** "1 Bitcoin = 61 234,5 Tether TRC20": the rate in the reader's language, with the currencies' names. */
function rateLine(ctx: T, order: Order, names: CurrencyNames): string | undefined {
  if (order.rate === undefined) return undefined;
  const part = (amount: string, side: Order["send"]) => {
    const name = currencyText(names, side?.currency);
    return [clip(formatNumber(ctx, amount), 30), name && clip(name, 40)].filter(Boolean).join(" ");
  };
  return `${part(order.rate.send, order.send)} = ${part(order.rate.receive, order.receive)}`;
}

/**
 * An order's notification, one line: "🔔 #6001 Tether TRC20 → Card UAH: now paid" (a new order:
 * "🔔 New order #6001 …: Created"). The card is one tap away (the notification's "Open order").
 */
export function renderOrderNotice(
  ctx: T,
  order: Order,
  names: CurrencyNames,
  kind: "new" | "status",
): string {
  const number = `<b>${escapeHtml(orderNumber(ctx, clip(order.id || "?", 40)))}</b>`;
  const direction = directionLine(order, names);
  const what = direction === undefined ? number : `${number} ${escapeHtml(direction)}`;
  const words = statusWords(ctx, order.status);
  const status = escapeHtml(words);
  // Inside a sentence ("теперь оплачена"): the word in lower case, where the language wants it.
  const state = escapeHtml(inSentence(words));
  return ctx.t(kind === "new" ? "notify-line-new" : "notify-line-status", {
    order: what,
    status,
    state,
  });
}

/** A status word as it reads inside a sentence: "Оплачена" → "оплачена"; "USDT sent", "KYC" stay. */
export function inSentence(word: string): string {
  return /^\p{Lu}(?:\p{Ll}|\s|$)/u.test(word) ? word.charAt(0).toLowerCase() + word.slice(1) : word;
}

export function renderOrderCard(
  ctx: T,
  order: Order,
  currencyNames: CurrencyNames,
  options: { referral?: boolean } = {},
): string {
  const id = escapeHtml(clip(order.id || "?", 40));
  const lines = [ctx.t(options.referral ? "orders-ref-card-title" : "orders-card-title", { id })];
  lines.push(`<b>${ctx.t("field-status")}:</b> ${statusLabel(ctx, order.status)}`);
  // Own orders: "You send"; a referral's order is seen from the side: "The referral sends".
  const prefix = options.referral ? "orders-field-ref" : "orders-field";
  const send = moneyText(ctx, currencyNames, order.send);
  if (send) lines.push(`<b>${ctx.t(`${prefix}-send`)}:</b> ${escapeHtml(send)}`);
  const receive = moneyText(ctx, currencyNames, order.receive);
  if (receive) lines.push(`<b>${ctx.t(`${prefix}-receive`)}:</b> ${escapeHtml(receive)}`);
  const direction = directionLine(order, currencyNames);
  if (direction) lines.push(`<b>${ctx.t("field-direction")}:</b> ${escapeHtml(direction)}`);
  const rate = rateLine(ctx, order, currencyNames);
  if (rate) lines.push(`<b>${ctx.t("field-rate")}:</b> ${escapeHtml(rate)}`);
  // A referral's token is the handle of someone else's order: the partner has no use for it.
  const token = options.referral ? undefined : orderToken(order);
  if (token) lines.push(`<b>${ctx.t("field-token")}:</b> <code>${escapeHtml(token)}</code>`);
  // Who placed it matters only on a referral's order; on one's own it is oneself.
  if (options.referral && order.user)
    lines.push(`<b>${ctx.t("field-referral")}:</b> ${escapeHtml(clip(order.user, 60))}`);
  // Times as Telegram's date_time entities: each reader's own time zone where the client knows them.
  const created = order.createdAt && formatDateHtml(ctx, order.createdAt);
  if (created) lines.push(`<b>${ctx.t("field-created")}:</b> ${created}`);
  const updated = order.updatedAt && formatDateHtml(ctx, order.updatedAt);
  if (updated) lines.push(`<b>${ctx.t("field-updated")}:</b> ${updated}`);
  const label = fieldLabels(ctx, "order");
  if (order.payment) lines.push(...paymentLines(ctx, order, currencyNames, label));
  lines.push("");
  const when = moments(ctx, order.fields, label);
  lines.push(
    ...fieldLines(withoutRepeats(presentable(ctx, order.fields, currencyNames), label), {
      label,
      maxValue: 400,
      number: (value) => formatNumber(ctx, value),
      skip: when.keys,
    }),
    ...when.lines,
  );
  return fitMessage(lines);
}
