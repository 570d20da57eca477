/**
 * The saved payment details list: one page loaded from the exchanger (with currency names) and
 * rendered as a screen. Loading returns plain JSON data on purpose: the add-detail conversation
 * loads it inside `external`, whose result lands in the replay log.
 */
import { InlineKeyboard } from "grammy";
import {
  type Caller,
  type Pagination,
  type PaymentDetail,
  maskIfCard,
} from "../../../exchanger/index.js";
import type { BotDeps, Translator } from "../../context.js";
import { backToMenuRow } from "../menu/public.js";
import { addPagerRow, totalPages } from "../../ui/pager.js";
import { clip, displayValue, escapeHtml, fitMessage } from "../../ui/html.js";
import type { Screen } from "../../ui/screen.js";
import { DETAILS_ADD, detailsPage, tickPage } from "./codec.js";

export const DETAILS_PAGE_SIZE = 5;
/** Longest value shown in lists; five of them plus names stay far below 4096 characters. */
const MAX_VALUE_SHOWN = 200;

export interface DetailRow {
  /** Undefined when the server sent a detail without an id (it cannot be deleted from here). */
  id?: string;
  /** "Bitcoin (BTC)", or "#id" when the currency is unknown. */
  currency: string;
  value: string;
}

export interface DetailsPageData {
  page: number;
  items: DetailRow[];
  pagination?: Pagination;
}

export async function loadDetailsPage(
  deps: Pick<BotDeps, "exchanger" | "currencies">,
  caller: Caller,
  page: number,
): Promise<DetailsPageData> {
  let result = await deps.exchanger.getDetails(caller, { page, limit: DETAILS_PAGE_SIZE });
  // A page past the end (details were deleted meanwhile): show the last page instead of nothing.
  if (result.items.length === 0 && page > 1) {
    const last =
      totalPages({
        page,
        pageSize: DETAILS_PAGE_SIZE,
        itemsOnPage: 0,
        pagination: result.pagination,
      }) ?? page - 1;
    page = Math.min(last, page - 1);
    result = await deps.exchanger.getDetails(caller, { page, limit: DETAILS_PAGE_SIZE });
  }
  const items = await Promise.all(result.items.map((detail) => toRow(deps, caller, detail)));
  return result.pagination ? { page, items, pagination: result.pagination } : { page, items };
}

async function toRow(
  deps: Pick<BotDeps, "currencies">,
  caller: Caller,
  detail: PaymentDetail,
): Promise<DetailRow> {
  const id =
    detail.id === undefined || detail.id === null || detail.id === ""
      ? undefined
      : String(detail.id);
  const currency = (await deps.currencies.nameOf(caller.language, detail.currency_id)) ?? "—";
  // The customer's own card is theirs to keep private, like everywhere else; other requisites as they are.
  const shown = displayValue(detail.value);
  const value = shown === undefined ? "—" : maskIfCard(shown);
  return id === undefined ? { currency, value } : { id, currency, value };
}

/** "<b>6.</b> Bitcoin (BTC)" + the value on its own line, numbered across pages. */
export function detailLines(data: DetailsPageData): string[] {
  const first = (data.page - 1) * DETAILS_PAGE_SIZE;
  return data.items.flatMap((item, index) => [
    `<b>${first + index + 1}.</b> ${escapeHtml(item.currency)}`,
    `<code>${escapeHtml(clip(item.value, MAX_VALUE_SHOWN))}</code>`,
  ]);
}

export function renderDetailsList(ctx: Translator, data: DetailsPageData): Screen {
  const keyboard = new InlineKeyboard().text(ctx.t("details-btn-add"), DETAILS_ADD);
  if (data.items.length === 0) {
    return {
      text: `${ctx.t("details-title")}\n\n${ctx.t("details-empty")}`,
      keyboard: backToMenuRow(ctx, keyboard),
    };
  }
  if (data.items.some((item) => item.id !== undefined))
    keyboard.text(ctx.t("details-btn-delete"), tickPage.pack({ page: data.page }));
  // A detail whose id the exchanger's answer does not confirm cannot be deleted from here: say so.
  const why = data.items.some((item) => item.id === undefined)
    ? ["", ctx.t("details-no-delete")]
    : [];
  addPagerRow(
    keyboard,
    {
      page: data.page,
      pageSize: DETAILS_PAGE_SIZE,
      itemsOnPage: data.items.length,
      pagination: data.pagination,
    },
    (p) => detailsPage.pack({ page: p }),
  );
  const title = data.pagination
    ? ctx.t("details-title-count", { total: data.pagination.total })
    : ctx.t("details-title");
  return {
    text: fitMessage([title, "", ...detailLines(data), ...why]),
    keyboard: backToMenuRow(ctx, keyboard),
  };
}
