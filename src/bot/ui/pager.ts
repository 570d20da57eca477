/**
 * The ⏮ ◀ page / total ▶ ⏭ row under paged lists. ⏮ and ⏭ jump to the first and last page when
 * that is more than one step away (one step is ◀ or ▶ already). When the server sends no
 * `pagination`, "next" is offered while full pages arrive and there is no last page to jump to.
 * The middle button only shows the position (NOOP_DATA).
 */
import type { InlineKeyboard } from "grammy";
import type { Pagination } from "../../exchanger/index.js";
import { NOOP_DATA } from "./callback-data.js";

export interface PageInfo {
  page: number;
  pageSize: number;
  itemsOnPage: number;
  pagination?: Pagination;
}

/**
 * The page size the server actually honours, read off its pagination: a server may cap `limit` (asked
 * for 15, sent 10). Pages counted with the size asked for would skip orders (three pages of ten out of
 * 34, four never shown); counted with the size served, page n is the server's page n, nothing skipped
 * or repeated.
 */
export function servedPageSize(info: PageInfo): number {
  const p = info.pagination;
  if (!p) return info.pageSize;
  // Page n starts at (n - 1) × size: the offset says the size outright.
  if (info.page > 1 && p.position > 0 && p.position % (info.page - 1) === 0) {
    const size = p.position / (info.page - 1);
    if (size < info.pageSize) return size;
  }
  // A short page that is not the last one.
  if (
    info.itemsOnPage > 0 &&
    info.itemsOnPage < info.pageSize &&
    p.position + info.itemsOnPage < p.total
  )
    return info.itemsOnPage;
  return info.pageSize;
}

export function totalPages(info: PageInfo): number | undefined {
  if (!info.pagination) return undefined;
  return Math.max(1, Math.ceil(info.pagination.total / servedPageSize(info)));
}

export function hasNextPage(info: PageInfo): boolean {
  const total = totalPages(info);
  return total === undefined ? info.itemsOnPage >= info.pageSize : info.page < total;
}

/** Adds the pager row (nothing when everything fits on one page). `data(page)` builds callback data. */
export function addPagerRow(
  keyboard: InlineKeyboard,
  info: PageInfo,
  data: (page: number) => string,
): InlineKeyboard {
  const total = totalPages(info);
  const next = hasNextPage(info);
  if (info.page <= 1 && !next) return keyboard;
  keyboard.row();
  if (info.page > 2) keyboard.text("⏮", data(1));
  if (info.page > 1) keyboard.text("◀", data(info.page - 1));
  keyboard.text(total === undefined ? `${info.page}` : `${info.page} / ${total}`, NOOP_DATA);
  if (next) keyboard.text("▶", data(info.page + 1));
  if (total !== undefined && info.page < total - 1) keyboard.text("⏭", data(total));
  return keyboard;
}
