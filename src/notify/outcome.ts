/** What a notice the background side sent became, read from Telegram's answer once for every sender. */
import { GrammyError } from "grammy";
import type { NoticeOutcome } from "../bot/context.js";
import { isRefusal } from "../telegram/refusals.js";

/**
 * Sends and says: "sent"; "blocked" when nobody can be told there (the user blocked the bot, the chat
 * is gone, or Telegram refuses this very message: sending it again would loop); "failed" for a passing
 * failure (network, Telegram's 5xx after retries), worth trying again later.
 */
export async function sendOutcome(send: () => Promise<unknown>): Promise<NoticeOutcome> {
  try {
    await send();
    return "sent";
  } catch (error) {
    if (isRefusal(error, "blocked", "chat-not-found")) return "blocked";
    if (error instanceof GrammyError && error.error_code === 400) return "blocked";
    return "failed";
  }
}
