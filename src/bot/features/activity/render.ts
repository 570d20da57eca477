/**
 * The security feed's texts: one line per event for /activity, and the notice every chat of the
 * account gets (what happened, when, from which chat, and what to do if it was not you).
 */
import type { AccountNotice, SeenEvent, Translator } from "../../context.js";
import { formatDate } from "../../ui/dates.js";

const when = (tr: Translator, at: number) => formatDate(tr, new Date(at)) ?? "";

/** "• Jan 6, 2025, 12:00 UTC — 🔑 Password changed (this chat)". */
export function eventLine(tr: Translator, event: SeenEvent): string {
  return tr.t("activity-line", {
    when: when(tr, event.at),
    what: tr.t(`activity-kind-${event.kind}`),
    from: tr.t(`activity-from-${event.from}`),
  });
}

/** The notice: headline, when and from where, and what to do when it was not the user. */
export function accountNoticeText(tr: Translator, notice: AccountNotice): string {
  const { event } = notice;
  return [
    tr.t("activity-notice-title"),
    tr.t(`activity-notice-${event.kind}`),
    "",
    tr.t("activity-notice-when", { when: when(tr, event.at) }),
    tr.t("activity-notice-from", { from: tr.t(`activity-from-${notice.from}`) }),
    "",
    tr.t(`activity-advice-${event.kind}`),
  ].join("\n");
}
