/**
 * The inline currency picker of the add-detail flow: 8 currencies per page, narrowed by what the user
 * types. Buttons carry the currency's index in the full list ("adp:c:3", codec.ts), never its id, so callback
 * data stays a few bytes long whatever ids the exchanger uses.
 */
import { InlineKeyboard } from "grammy";
import { type Currency, currencyLabel, isCardNumber } from "../../../exchanger/index.js";
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
  /** What a payment detail of it is, when the currency list says: a card number, a crypto address. */
  kind?: DetailKind;
}

export type DetailKind = "card" | "crypto";

export function toPickable(currencies: Iterable<Currency>): PickableCurrency[] {
  return [...currencies].map((c) => {
    const kind = detailKind(c);
    return {
      id: String(c.id),
      label: currencyLabel(c),
      code: typeof c.code === "string" ? c.code : "",
      ...(kind !== undefined && { kind }),
    };
  });
}

/** Where servers say what kind of currency it is ("crypto", "fiat", "card", "ewallet"…). */
const TYPE_KEYS = ["type", "kind", "currency_type", "category", "group"];
const CARD_NAME = /visa|master\s?card|maestro|\bcard|карт|\bмир\b|\bmir\b|\bunionpay/iu;

/**
 * The kind of payment detail a currency takes, when its list entry tells: "card" (its type says card,
 * or it is a fiat/bank currency named after a card: "Visa/Mastercard UAH"), "crypto" (its type says
 * crypto); undefined otherwise (a bank account, an e-wallet, an unknown type: any value is taken).
 */
export function detailKind(currency: Currency): DetailKind | undefined {
  const type = TYPE_KEYS.map((key) => currency[key]).find((v) => typeof v === "string") as
    string | undefined;
  if (type === undefined) return undefined;
  if (/crypt|coin|token|blockchain|крипт/iu.test(type)) return "crypto";
  if (/card|карт/iu.test(type)) return "card";
  const name = `${currency.name ?? ""} ${currency.code ?? ""}`;
  return /fiat|bank|банк|фиат|фіат/iu.test(type) && CARD_NAME.test(name) ? "card" : undefined;
}

/** An address as wallets show one: one word of 20–128 letters, digits and ":_.-", letters and digits both. */
const ADDRESS = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9:_.-]{20,128}$/;

/** Why a value does not fit its currency's kind (a translation key), or undefined when it fits or the kind is unknown. */
export function kindProblem(kind: DetailKind | undefined, value: string): string | undefined {
  if (kind === "card") return isCardNumber(value) ? undefined : "details-add-value-not-card";
  if (kind === "crypto") return ADDRESS.test(value) ? undefined : "details-add-value-not-address";
  return undefined;
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
