/**
 * Callback data of the public screens (≤ 64 bytes):
 *   cur:p:<page>   currencies page        dir:s:<page>           send currencies page
 *   dir:f:<sendId>:<page>  directions from one currency
 *   dir:x:<sendId>:<receiveId>  a direction's card. Not the slug: a slug may be any length, while two
 *     currency ids of ≤ 28 characters always fit; the slug is looked up again in the cached map.
 *     Currencies with longer ids get no button.
 *   inf:st  status      inf:ref  referral program (a linked account's own dashboard)
 *   inf:rr  the dashboard's Refresh (its QR code is not sent again)
 */
import { callbackData, pageField, textField } from "../../ui/callback-data.js";

/** Ids that fit in callback data: "dir:x:" + two of them + ":" ≤ 64 bytes. */
const currencyId = textField("[\\w.-]{1,28}");

export const STATUS_DATA = "inf:st";
export const REFERRAL_DATA = "inf:ref";
export const REFERRAL_REFRESH = "inf:rr";
export const currenciesPage = callbackData("cur:p", { page: pageField });
export const sendPickerPage = callbackData("dir:s", { page: pageField });
export const receivePickerPage = callbackData("dir:f", { sendId: currencyId, page: pageField });
export const directionCardData = callbackData("dir:x", {
  sendId: currencyId,
  receiveId: currencyId,
});
