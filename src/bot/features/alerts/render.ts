/**
 * The texts of rate alerts: what an alert waits for, the list and an alert's card, the flow's screens
 * and the message the watcher sends when a rate crosses a target (src/notify/rate-alerts/ sends it).
 * Rates are "1 <send> = <n> <receive>", numbers in the reader's language (ui/money.ts).
 */
import { InlineKeyboard } from "grammy";
import { percentMove, type RateAlert } from "../../../storage/rate-alert-rules.js";
import type { Translator } from "../../context.js";
import { formatDate } from "../../ui/dates.js";
import { escapeHtml } from "../../ui/html.js";
import { formatNumber } from "../../ui/money.js";
import { exchangeData } from "../exchange/public.js";
import { ALERTS_DATA } from "./codec.js";

/** Both currencies' names (from the currency list; "#id" when it does not know one). */
export interface PairNames {
  send: string;
  receive: string;
}

export const pairText = (names: PairNames) =>
  `${escapeHtml(names.send)} → ${escapeHtml(names.receive)}`;

/** "1 Bitcoin = 61 250 Tether TRC20". */
export function rateLine(tr: Translator, names: PairNames, value: string): string {
  return tr.t("alerts-rate", {
    send: escapeHtml(names.send),
    value: escapeHtml(formatNumber(tr, value)),
    receive: escapeHtml(names.receive),
  });
}

/** "rises above 65 000", "moves 5 % either way from 61 250". */
export function targetText(
  tr: Translator,
  alert: Pick<RateAlert, "kind" | "target" | "percent" | "way" | "anchor">,
): string {
  if (alert.kind === "move")
    return tr.t(`alerts-when-move-${alert.way ?? "both"}`, {
      percent: escapeHtml(formatNumber(tr, alert.percent ?? "0")),
      anchor: escapeHtml(formatNumber(tr, alert.anchor ?? "0")),
    });
  return tr.t(`alerts-when-${alert.kind}`, {
    target: escapeHtml(formatNumber(tr, alert.target ?? "0")),
  });
}

/** What the alert does now: waits, or told and waits for the rate to come back first. */
export function statusText(tr: Translator, alert: RateAlert): string {
  if (alert.kind === "move" || alert.armed)
    return alert.firedAt === undefined
      ? tr.t("alerts-status-waiting")
      : tr.t("alerts-status-told", { when: formatDate(tr, new Date(alert.firedAt)) ?? "" });
  return tr.t(`alerts-status-rearm-${alert.kind}`, {
    when: formatDate(tr, new Date(alert.firedAt ?? 0)) ?? "",
    target: escapeHtml(formatNumber(tr, alert.target ?? "0")),
  });
}

/** "+7.76", "-9.92": a move with its sign (Intl writes no "+"). */
function signed(tr: Translator, move: string): string {
  return move.startsWith("+") ? `+${formatNumber(tr, move.slice(1))}` : formatNumber(tr, move);
}

/** The message of a crossed alert: what happened, the rate now, what comes next; the calculator one tap away. */
export function rateAlertNotice(
  tr: Translator,
  fired: { alert: RateAlert; value: string; names: PairNames },
): { text: string; keyboard: InlineKeyboard } {
  const { alert, value, names } = fired;
  const crossed =
    alert.kind === "move"
      ? tr.t("alerts-crossed-move", {
          move: escapeHtml(signed(tr, percentMove(alert.anchor ?? value, value))),
          anchor: escapeHtml(formatNumber(tr, alert.anchor ?? value)),
        })
      : tr.t(`alerts-crossed-${alert.kind}`, {
          target: escapeHtml(formatNumber(tr, alert.target ?? "0")),
        });
  const next =
    alert.kind === "move"
      ? tr.t("alerts-next-move", {
          percent: escapeHtml(formatNumber(tr, alert.percent ?? "0")),
          anchor: escapeHtml(formatNumber(tr, value)),
        })
      : tr.t(`alerts-next-${alert.kind}`, {
          target: escapeHtml(formatNumber(tr, alert.target ?? "0")),
        });
  const text = [
    tr.t("alerts-notice-title", { pair: pairText(names) }),
    crossed,
    tr.t("alerts-now", { rate: rateLine(tr, names, value) }),
    "",
    next,
  ].join("\n");
  const keyboard = new InlineKeyboard()
    .text(tr.t("alerts-btn-exchange"), exchangeData(alert.sendId, alert.receiveId))
    .row()
    .text(tr.t("alerts-btn-mine"), ALERTS_DATA);
  return { text, keyboard };
}
