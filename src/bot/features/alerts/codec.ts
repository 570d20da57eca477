/**
 * Callback data of rate alerts (all ≤ 64 bytes):
 *   alr:l                         the chat's alerts
 *   alr:s:<page>                  the send currency picker of a new alert
 *   alr:f:<sendId>:<page>         what can be received for it
 *   alr:go:<sendId>:<receiveId>   a new alert for the pair (also under every direction card and the
 *                                 calculator, through public.ts)
 *   alr:o:<id> / alr:e:<id> / alr:d:<id>   one alert: its card, change its target, delete it
 * Inside the flow (answered by its live prompt only):
 *   alr:k:<above|below|move>      which kind of target
 */
import { callbackData, oneOf, pageField, textField } from "../../ui/callback-data.js";

const currencyId = textField("[\\w.-]{1,28}");
const alertId = textField("[a-z0-9]{6}");

export const ALERTS_DATA = "alr:l";
export const alertSendPage = callbackData("alr:s", { page: pageField });
export const alertReceivePage = callbackData("alr:f", { sendId: currencyId, page: pageField });
export const newAlert = callbackData("alr:go", { sendId: currencyId, receiveId: currencyId });
export const openAlert = callbackData("alr:o", { id: alertId });
export const editAlert = callbackData("alr:e", { id: alertId });
export const deleteAlert = callbackData("alr:d", { id: alertId });
export const TARGET_KINDS = ["above", "below", "move"] as const;
export const targetKind = callbackData("alr:k", { kind: oneOf(TARGET_KINDS) });

/** A direction card's and the calculator's "Rate alert" button: its data for a pair. */
export const alertData = (sendId: string, receiveId: string): string | undefined =>
  newAlert.tryPack({ sendId, receiveId });
