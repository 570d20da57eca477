/**
 * The account blocked / unblocked notice: every chat linked to the account is told, in its
 * language, unless it muted account notices on /notify (ChatSettings.notifyAccount false).
 *
 * A stand-in: the account security feed (every security notice of an account, with its own history
 * and muting) takes this over as `accountEvents.publish(accountId, { kind, at })`; the ingest only
 * calls the sink below, so the feed replaces this file and nothing else. The ingest calls the sink
 * once per change across instances (account-state.ts), so each chat is told once.
 */
import type { Logger } from "../logger.js";
import type { AccountChats } from "../storage/account-chats.js";
import type { SettingsStore } from "../storage/settings.js";
import type { Vault } from "../storage/vault.js";
import { formatDate } from "../bot/ui/dates.js";
import type { ChatNotices } from "./notices.js";

/** What the ingest calls when an account's state changed (the security feed's entry point at merge). */
export type AccountStatusSink = (accountId: string, active: boolean, at: number) => Promise<void>;

export interface AccountNoticeDeps {
  accountChats: Pick<AccountChats, "chatsOf">;
  settings: Pick<SettingsStore, "get">;
  vault: Pick<Vault, "has">;
  notices: ChatNotices;
  logger: Logger;
}

export function accountStatusNotices(deps: AccountNoticeDeps): AccountStatusSink {
  return async (accountId, active, at) => {
    const chats = await deps.accountChats.chatsOf(accountId);
    let told = 0;
    for (const chatId of chats) {
      const settings = await deps.settings.get(chatId);
      if (settings.notifyAccount === false || !(await deps.vault.has(chatId))) continue;
      const tr = deps.notices.translator(deps.notices.languageOf(settings));
      const text = tr.t(active ? "notify-account-unblocked" : "notify-account-blocked", {
        time: formatDate(tr, new Date(at)) ?? "",
      });
      if (await deps.notices.send(chatId, text)) told++;
    }
    deps.logger.info({ chats: chats.length, told, active }, "account status notice sent");
  };
}
