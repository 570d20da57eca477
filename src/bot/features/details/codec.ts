/**
 * Callback data of the payment-details screens (≤ 64 bytes; a selection is named by a short nonce, so
 * the data stays tiny whatever the detail ids look like — delete-selection.ts):
 *   dt:l:<page>        list page              dt:add           start the add-detail flow
 *   dt:d:<page>        tick details of a page  dt:t:<nonce>:<i> tick/untick the i-th detail
 *   dt:c:<nonce>       confirm the deletion    dt:y:<nonce>     delete (one delete-details call)
 *   dt:b:<nonce>       back to ticking
 * and of the add-detail flow's currency picker (a currency by its index in the flow's list, never its id):
 *   adp:c:<index>      pick that currency      adp:p:<page>     turn the picker's page
 */
import { callbackData, pageField, textField } from "../../ui/callback-data.js";

const nonce = textField("[\\w-]{6}");

export const DETAILS_ADD = "dt:add";
export const detailsPage = callbackData("dt:l", { page: pageField });
export const tickPage = callbackData("dt:d", { page: pageField });
export const tickOne = callbackData("dt:t", {
  nonce,
  index: { pattern: "\\d", decode: Number, encode: String },
});
export const confirmDelete = callbackData("dt:c", { nonce });
export const deleteNow = callbackData("dt:y", { nonce });
export const backToTicking = callbackData("dt:b", { nonce });

export const pickCurrencyData = callbackData("adp:c", {
  index: { pattern: "\\d{1,4}", decode: Number, encode: String },
});
export const pickerPageData = callbackData("adp:p", { page: pageField });
