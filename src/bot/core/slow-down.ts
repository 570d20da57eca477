/**
 * Telling a chat that some of its updates were not handled (too many queued, or its budget spent):
 * every dropped button press is still answered (a toast saying so, and no message besides), and a
 * dropped message is told once per window for the chat — shared by instances through the store, so a
 * flood gets one notice, not 600.
 */
import type { Context } from "grammy";
import type { BotDeps, Translator } from "../context.js";
import { loggedError } from "../../log-error.js";

/** At most one "slow down" message per chat in this window. */
export const SLOW_DOWN_NOTICE_MS = 30_000;

export interface SlowDown {
  /** Set when the chat's budget is spent: the message says how long to wait. */
  waitMs?: number;
  /** A repeat of a press already queued: answered without a word (the queued one will render). */
  coalesced?: boolean;
}

/** Never throws: a failure to tell is logged, the update is dropped all the same. */
export async function tellSlowDown(
  ctx: Context,
  deps: Pick<BotDeps, "kv" | "logger">,
  t: Translator["t"],
  how: SlowDown = {},
): Promise<void> {
  try {
    const message =
      how.waitMs === undefined
        ? t("slow-down")
        : t("slow-down-wait", { seconds: Math.max(1, Math.ceil(how.waitMs / 1000)) });
    // A press hears it in its toast (with the wait, when known) and nothing more: a toast OR a message.
    if (ctx.callbackQuery) {
      const toast = how.waitMs === undefined ? t("slow-down-toast") : message;
      return void (await ctx.answerCallbackQuery(how.coalesced ? {} : { text: toast }));
    }
    if (ctx.chatId === undefined) return;
    if (await deps.kv.setIfAbsent(`slow:${ctx.chatId}`, "1", SLOW_DOWN_NOTICE_MS))
      await ctx.reply(message);
  } catch (error) {
    deps.logger.warn(
      { updateId: ctx.update.update_id, err: loggedError(error) },
      "could not tell the chat to slow down",
    );
  }
}
