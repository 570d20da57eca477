/**
 * The two direction pickers — which currency to send, then what to receive for it — shared by
 * /directions (ending on the direction's card) and /exchange (ending in the exchange flow). Each
 * caller gives its own button data (`PickerRoutes`), so the pickers' screens are one definition.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import { addPagerRow } from "./pager.js";
import { clip, escapeHtml } from "./html.js";
import { showScreen } from "./screen.js";

const PICKER_PAGE_SIZE = 8;

/** Ids that fit in callback data next to another id and a prefix (≤ 64 bytes). */
export const SAFE_ID = /^[\w.-]{1,28}$/;

/** Where the pickers' buttons lead; each returns callback data. */
export interface PickerRoutes {
  /** Translation key of the screens' title. */
  titleKey: string;
  sendPage(page: number): string;
  receivePage(sendId: string, page: number): string;
  /** The pair picked. */
  pick(sendId: string, receiveId: string): string;
  /** The row every screen ends with (the menu button). */
  footer(ctx: BotContext, keyboard: InlineKeyboard): InlineKeyboard;
}

/** The slice of `items` on `page` (clamped to the last page) and the pager facts for it. */
export function slicePage<T>(items: T[], page: number, size: number) {
  const last = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, last);
  const start = (current - 1) * size;
  const onPage = items.slice(start, start + size);
  return {
    onPage,
    info: {
      page: current,
      pageSize: size,
      itemsOnPage: onPage.length,
      pagination: { total: items.length, position: start },
    },
  };
}

export const currenciesOf = (ctx: BotContext) => ctx.deps.currencies.byId(ctx.language);
const directionsOf = (ctx: BotContext) => ctx.deps.directions.directions(ctx.language);
/** The currencies' names by id (CurrencyCache.labels: names, codes only where two names are alike). */
export const labelsOf = (ctx: BotContext) => ctx.deps.currencies.labels(ctx.language);
export const labelOf = (labels: ReadonlyMap<string, string>, id: unknown): string =>
  labels.get(String(id)) ?? `#${String(id)}`;

/** Step 1: which currency to send (only currencies some open direction starts from). */
export async function showSendPicker(
  ctx: BotContext,
  page: number,
  routes: PickerRoutes,
): Promise<void> {
  const [byId, labels, directions] = await Promise.all([
    currenciesOf(ctx),
    labelsOf(ctx),
    directionsOf(ctx),
  ]);
  const sendIds = new Set(directions.map((d) => d.sendCurrencyId));
  // In the exchanger's currency order; ids the currency list does not know come last.
  const ordered = [
    ...[...byId.keys()].filter((id) => sendIds.has(id)),
    ...[...sendIds].filter((id) => !byId.has(id)),
  ].filter((id) => SAFE_ID.test(id));
  const { onPage, info } = slicePage(ordered, page, PICKER_PAGE_SIZE);
  const keyboard = new InlineKeyboard();
  onPage.forEach((id, i) => {
    if (i > 0 && i % 2 === 0) keyboard.row();
    keyboard.text(clip(labelOf(labels, id), 40), routes.receivePage(id, 1));
  });
  addPagerRow(keyboard, info, (p) => routes.sendPage(p));
  const text =
    ordered.length === 0
      ? `${ctx.t(routes.titleKey)}\n\n${ctx.t("info-directions-empty")}`
      : `${ctx.t(routes.titleKey)}\n\n${ctx.t("info-directions-pick-send")}`;
  await showScreen(ctx, { text, keyboard: routes.footer(ctx, keyboard) });
}

/** Step 2: what can be received for that currency. */
export async function showReceivePicker(
  ctx: BotContext,
  sendId: string,
  page: number,
  routes: PickerRoutes,
): Promise<void> {
  const [labels, directions] = await Promise.all([labelsOf(ctx), directionsOf(ctx)]);
  const from = directions.filter(
    (d) => d.sendCurrencyId === sendId && SAFE_ID.test(d.receiveCurrencyId),
  );
  const { onPage, info } = slicePage(from, page, PICKER_PAGE_SIZE);
  const keyboard = new InlineKeyboard();
  for (const link of onPage)
    keyboard
      .text(
        `→ ${clip(labelOf(labels, link.receiveCurrencyId), 40)}`,
        routes.pick(sendId, link.receiveCurrencyId),
      )
      .row();
  addPagerRow(keyboard, info, (p) => routes.receivePage(sendId, p));
  keyboard.row().text(ctx.t("btn-back"), routes.sendPage(1));
  const send = escapeHtml(labelOf(labels, sendId));
  const text =
    from.length === 0
      ? ctx.t("info-directions-none-from", { send })
      : ctx.t("info-directions-pick-receive", { send });
  await showScreen(ctx, {
    text: `${ctx.t(routes.titleKey)}\n\n${text}`,
    keyboard: routes.footer(ctx, keyboard),
  });
}
