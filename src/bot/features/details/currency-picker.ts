/**
 * The inline currency picker of the add-detail flow: 8 currencies per page, narrowed by what the user
 * types. Buttons carry the currency's index in the full list ("adp:c:3", codec.ts), never its id, so callback
 * data stays a few bytes long whatever ids the exchanger uses.
 */
import { InlineKeyboard } from "grammy";
import { type Currency, currencyLabel } from "../../../exchanger/index.js";
import { clip } from "../../ui/html.js";
import { addPagerRow } from "../../ui/pager.js";
import { pickCurrencyData, pickerPageData } from "./codec.js";
import { CANCEL_DATA } from "../../core/codec.js";

export const PICKER_PAGE_SIZE = 8;

export interface PickableCurrency {
  id: string;
  /** "Bitcoin (BTC)" */
  label: string;
  code: string;
}

export function toPickable(currencies: Iterable<Currency>): PickableCurrency[] {
  return [...currencies].map((c) => ({
    id: String(c.id),
    label: currencyLabel(c),
    code: typeof c.code === "string" ? c.code : "",
  }));
}

/** Lower case, letters and digits only: "Visa / Master" finds "Visa/Mastercard UAH". */
const compact = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Indexes (into `list`) of the currencies whose name or code contains the query. */
export function filterCurrencies(list: PickableCurrency[], query: string): number[] {
  const wanted = compact(query);
  const all = list.map((_, index) => index);
  if (wanted === "") return all;
  return all.filter((index) => {
    const c = list[index]!;
    return compact(c.label).includes(wanted) || compact(c.code).includes(wanted);
  });
}

export function pickerPageCount(shown: number[]): number {
  return Math.max(1, Math.ceil(shown.length / PICKER_PAGE_SIZE));
}

/** Two currencies per row, the pager, then the Cancel button. */
export function pickerKeyboard(
  list: PickableCurrency[],
  shown: number[],
  page: number,
  cancelLabel: string,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const start = (page - 1) * PICKER_PAGE_SIZE;
  shown.slice(start, start + PICKER_PAGE_SIZE).forEach((index, i) => {
    if (i > 0 && i % 2 === 0) keyboard.row();
    keyboard.text(clip(list[index]!.label, 48), pickCurrencyData.pack({ index }));
  });
  const onPage = Math.min(PICKER_PAGE_SIZE, Math.max(0, shown.length - start));
  addPagerRow(
    keyboard,
    {
      page,
      pageSize: PICKER_PAGE_SIZE,
      itemsOnPage: onPage,
      pagination: { total: shown.length, position: start },
    },
    (page) => pickerPageData.pack({ page }),
  );
  return keyboard.row().text(cancelLabel, CANCEL_DATA);
}
