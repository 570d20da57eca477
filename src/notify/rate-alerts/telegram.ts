/**
 * A crossed rate alert as a Telegram message: the alerts feature's words (features/alerts/public.ts)
 * in the chat's language, with "Exchange now" opening the calculator for the pair. Every message
 * waits for a permit of the Telegram limit the order notifications share (25 per second across
 * instances), so a rate that crosses thousands of alerts at once never floods Telegram.
 */
import type { Api } from "grammy";
import type { I18n } from "@grammyjs/i18n";
import type { FlowContext, NoticeOutcome } from "../../bot/context.js";
import type { CurrencyCache } from "../../exchanger/index.js";
import type { KV } from "../../storage/kv.js";
import { rateAlertNotice } from "../../bot/features/alerts/public.js";
import { SharedRateLimiter } from "../rate-limiter.js";
import { sendOutcome } from "../outcome.js";
import { translatorFor } from "../translator.js";
import type { FiredAlert } from "./watcher.js";

export interface RateAlertSender {
  api: Api;
  i18n: I18n<FlowContext>;
  kv: KV;
  currencies: Pick<CurrencyCache, "labels">;
  /** Messages per second across instances (the order notifications' limit: the same name). Default 25. */
  telegramPerSecond?: number;
}

export function sendRateAlert(deps: RateAlertSender) {
  const limit = new SharedRateLimiter({
    kv: deps.kv,
    name: "notify-telegram",
    perSecond: deps.telegramPerSecond ?? 25,
  });
  return async (fired: FiredAlert): Promise<NoticeOutcome> => {
    const tr = translatorFor(deps.i18n, fired.language);
    // Names are a nicety: "#id" when the currency list cannot be read.
    const labels = await deps.currencies
      .labels(fired.language)
      .catch(() => new Map<string, string>());
    const names = {
      send: labels.get(fired.alert.sendId) ?? `#${fired.alert.sendId}`,
      receive: labels.get(fired.alert.receiveId) ?? `#${fired.alert.receiveId}`,
    };
    const { text, keyboard } = rateAlertNotice(tr, { ...fired, names });
    await limit.acquire();
    return sendOutcome(() =>
      deps.api.sendMessage(fired.chatId, text, {
        reply_markup: keyboard,
        link_preview_options: { is_disabled: true },
      }),
    );
  };
}
