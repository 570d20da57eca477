/**
 * The security feed, Telegram-free: `publish(accountId, event)` records the event in the account's
 * log (log.ts, what /activity lists) and tells every chat linked to the account (storage/account-chats.ts)
 * through `deliver`, each in its language, unless the chat muted that kind (wantsAccountNotice; "another
 * chat linked" and "key no longer works" cannot be muted).
 *
 * Once only, across instances and redeliveries: the event's identity is its account, kind, time and
 * chat; the record keeps it once (log.ts), and telling a chat takes a claim on (identity, chat) (SET
 * NX with a TTL in the store). Whoever publishes the same event again — a second instance, the
 * exchanger sending its webhook twice — finds the claims taken and sends nothing. A chat Telegram could
 * not reach for a passing reason gives its claim back, so a later publish of the event can still tell it.
 *
 * The chat an event came from is not sent a notice: it read the outcome on its screen already (the
 * password changed, the key refused…); /activity lists the event there as "this chat".
 */
import { createHash } from "node:crypto";
import type { Language } from "../../languages.js";
import type { Logger } from "../../logger.js";
import type { AccountChats } from "../../storage/account-chats.js";
import { accountKey } from "../../storage/account-chats.js";
import type { KV } from "../../storage/kv.js";
import { wantsAccountNotice, type SettingsStore } from "../../storage/settings.js";
import type {
  AccountEvent,
  AccountEvents,
  AccountNotice,
  EventOrigin,
  NoticeOutcome,
} from "../../bot/context.js";
import { AccountEventLog } from "./log.js";
import { loggedError } from "../../log-error.js";

export { AccountEventLog, KEEP_MS, MAX_EVENTS } from "./log.js";

/** Long enough for any redelivery of one event (the exchanger's webhooks retry within minutes). */
const CLAIM_MS = 24 * 60 * 60 * 1000;

export interface AccountEventsDeps {
  kv: KV;
  accountChats: AccountChats;
  settings: SettingsStore;
  logger: Logger;
  defaultLanguage: Language;
  /** Sends one notice (src/notify/account-events/telegram.ts); says whether Telegram took it. */
  deliver(notice: AccountNotice): Promise<NoticeOutcome>;
  now?: () => number;
}

/** The event's identity: the same event published twice has the same one. */
function eventId(accountId: string, event: AccountEvent): string {
  return createHash("sha256")
    .update(`${accountId}\n${event.kind}\n${event.at}\n${event.fromChatId ?? ""}`)
    .digest("hex")
    .slice(0, 24);
}

const claimKey = (accountId: string, id: string, chatId: string) =>
  accountKey(accountId, `event:${id}:${chatId}`);

/** Where an event came from, as one chat reads it. */
function originFor(event: AccountEvent, chatId: string): EventOrigin {
  if (event.fromChatId === undefined) return "exchanger";
  return event.fromChatId === chatId ? "this-chat" : "another-chat";
}

/** Tells one chat, unless another publisher did or the chat muted the kind. */
async function tell(
  deps: AccountEventsDeps,
  to: { accountId: string; id: string; chatId: string },
  event: AccountEvent,
) {
  const { accountId, id, chatId } = to;
  const [settings, binding] = await Promise.all([
    deps.settings.get(chatId),
    deps.accountChats.bindingOf(chatId),
  ]);
  if (!wantsAccountNotice(settings, event.kind)) return;
  const claim = claimKey(accountId, id, chatId);
  if (!(await deps.kv.setIfAbsent(claim, "1", CLAIM_MS))) return;
  const outcome = await deps
    .deliver({
      chatId,
      language: settings.lang ?? binding?.language ?? deps.defaultLanguage,
      event,
      from: originFor(event, chatId),
    })
    .catch((): NoticeOutcome => "failed");
  // A passing failure: a later publish of the same event may still reach this chat.
  if (outcome === "failed") await deps.kv.delIf(claim, "1");
}

export function createAccountEvents(deps: AccountEventsDeps): AccountEvents {
  const log = new AccountEventLog(deps.kv, deps.now);
  const logger = deps.logger.child({ component: "account-events" });
  return {
    async publish(accountId, event) {
      const id = eventId(accountId, event);
      await log.append(accountId, event);
      for (const chatId of await deps.accountChats.chatsOf(accountId)) {
        if (chatId === event.fromChatId) continue;
        await tell(deps, { accountId, id, chatId }, event).catch((error: unknown) =>
          logger.warn(
            {
              chatId,
              kind: event.kind,
              err: loggedError(error),
            },
            "could not tell a chat about an account event",
          ),
        );
      }
    },
    recent: async (accountId, chatId) =>
      (await log.recent(accountId)).map((event) => ({ ...event, from: originFor(event, chatId) })),
  };
}
