/**
 * Callback data of exchanging from the chat (all ≤ 64 bytes):
 *   exc:s:<page>                  the send currency picker (the menu's "Exchange" opens page 1)
 *   exc:f:<sendId>:<page>         what can be received for it
 *   exc:go:<sendId>:<receiveId>   start the exchange flow for the pair (also on every direction card,
 *                                 through public.ts). The pair, not the slug: a slug may be any length.
 * Inside the flow (answered by its live prompt only):
 *   exc:rcv / exc:snd   type the amount to receive / to send instead
 *   exc:v:<n>           the n-th offered value of a field (a saved field or saved payment details)
 *   exc:a:<n>           the n-th reading of an ambiguous amount (1: "1,500" as 1500, 2: as 1.5)
 *   exc:c:<cid>         Create — the single-use confirmation of core/confirmations.ts
 */
import { confirmIdField } from "../../core/confirmations.js";
import { callbackData, pageField, textField } from "../../ui/callback-data.js";

const currencyId = textField("[\\w.-]{1,28}");

export const exchangeSendPage = callbackData("exc:s", { page: pageField });
export const exchangeReceivePage = callbackData("exc:f", { sendId: currencyId, page: pageField });
export const startExchange = callbackData("exc:go", { sendId: currencyId, receiveId: currencyId });
export const AMOUNT_TO_RECEIVE = "exc:rcv";
export const AMOUNT_TO_SEND = "exc:snd";
export const fieldChoice = callbackData("exc:v", { index: pageField });
export const amountReading = callbackData("exc:a", { index: pageField });
export const createOrderData = callbackData("exc:c", { confirmId: confirmIdField });

/** The direction card's "Exchange" button: its data for a pair (both ids fit: the info codec's shape). */
export const exchangeData = (sendId: string, receiveId: string): string =>
  startExchange.pack({ sendId, receiveId });
