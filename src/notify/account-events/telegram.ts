/**
 * The security feed's notices in Telegram: the text of /activity's feature (features/activity/public.ts)
 * in the chat's language, with the way to /activity and to the exchanger's support.
 */
import { InlineKeyboard, type Api } from "grammy";
import type { I18n } from "@grammyjs/i18n";
import type { AccountNotice, FlowContext, NoticeOutcome } from "../../bot/context.js";
import type { Branding } from "../../exchanger/index.js";
import { ACTIVITY_DATA, accountNoticeText } from "../../bot/features/activity/public.js";
import { sendOutcome } from "../outcome.js";
import { translatorFor } from "../translator.js";

export interface AccountNoticeSender {
  api: Api;
  i18n: I18n<FlowContext>;
  branding: Pick<Branding, "supportUrl">;
}

export function sendAccountNotice(deps: AccountNoticeSender) {
  return async (notice: AccountNotice): Promise<NoticeOutcome> => {
    const tr = translatorFor(deps.i18n, notice.language);
    const keyboard = new InlineKeyboard().text(tr.t("activity-btn-open"), ACTIVITY_DATA);
    const support = await deps.branding.supportUrl(notice.language).catch(() => undefined);
    if (support !== undefined) keyboard.url(tr.t("btn-support"), support);
    return sendOutcome(() =>
      deps.api.sendMessage(notice.chatId, accountNoticeText(tr, notice), {
        reply_markup: keyboard,
        link_preview_options: { is_disabled: true },
      }),
    );
  };
}
