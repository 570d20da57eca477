/**
 * The admin chats hear about the operator key, once per incident across instances (as
 * operator/alerts.ts does for the exchanger): the first refusal claims the shared record
 * (SET NX, value = when it began and a random claim) and alone sends "off"; the first order created
 * after it deletes the record only while it still holds the value read (compare-and-delete) and alone
 * sends "works again". The record expires after KEY_ALERT_TTL_MS: a key refused for longer is
 * announced again as a reminder, and a recovery after that says nothing more (no "off" is pending).
 *
 * Plain English, like operator/alerts.ts: operator messages, not customer texts, so they do not follow
 * the language of the customer whose press happened to notice the refusal.
 */
import { randomBytes } from "node:crypto";
import type { BotContext } from "../../context.js";

/** One alert per this long while the operator key stays refused (as the exchanger-incident alerts). */
export const KEY_ALERT_TTL_MS = 6 * 60 * 60_000;
const KEY_ALERT = "alert:private-api-key";

const KEY_REFUSED =
  "⚠️ <b>Exchange from the chat is off:</b> the exchanger refuses PRIVATE_API_KEY, or its Private " +
  "API is switched off. Users are told exchanges from the chat are unavailable. Check Application " +
  "Settings → Private API in the exchanger's admin panel, then run <code>npm run doctor</code>.";
const KEY_WORKS =
  "✅ <b>Exchange from the chat works again:</b> the exchanger accepts PRIVATE_API_KEY, and an " +
  "order has just been created from the chat.";

/** The operator key was refused: "off", unless an instance already said so in this incident. */
export async function alertKeyRefused(ctx: BotContext): Promise<void> {
  const claim = `${Date.now()}|${randomBytes(6).toString("hex")}`;
  if (await ctx.deps.kv.setIfAbsent(KEY_ALERT, claim, KEY_ALERT_TTL_MS))
    await tellAdmins(ctx, KEY_REFUSED);
}

/** An order was created: "works again", when an "off" was said and nobody closed it yet. */
export async function announceKeyWorks(ctx: BotContext): Promise<void> {
  const open = await ctx.deps.kv.get(KEY_ALERT);
  if (open === undefined || !(await ctx.deps.kv.delIf(KEY_ALERT, open))) return;
  await tellAdmins(ctx, KEY_WORKS);
}

async function tellAdmins(ctx: BotContext, text: string): Promise<void> {
  for (const chatId of ctx.botConfig.adminChatIds)
    await ctx.api
      .sendMessage(chatId, text)
      .catch((error: unknown) =>
        ctx.logger.warn({ err: String(error) }, "an admin chat did not take the Private API alert"),
      );
}
