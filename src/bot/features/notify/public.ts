/** The notification buttons other screens carry: the offer after linking and the account card's button. */
import type { InlineKeyboard } from "grammy";
import type { FlowContext } from "../../context.js";
import { OFFER_NOTIFY, SHOW_NOTIFY } from "./codec.js";
import { startRow } from "../../ui/rows.js";

/** The link feature puts this under "Account linked" (once: only while notifications are off). */
export function withNotifyOffer(
  ctx: Pick<FlowContext, "t" | "chatSettings">,
  keyboard: InlineKeyboard,
): InlineKeyboard {
  if (ctx.chatSettings.notify === true) return keyboard;
  return startRow(keyboard).text(ctx.t("notify-offer-btn"), OFFER_NOTIFY);
}

/** The account card's button: shows the current state, opens the notifications screen. */
export function notifyAccountButton(
  ctx: Pick<FlowContext, "t" | "chatSettings">,
): [string, string] {
  return [
    ctx.t(ctx.chatSettings.notify === true ? "notify-account-on" : "notify-account-off"),
    SHOW_NOTIFY,
  ];
}
