/**
 * The admin chats hear about the operator key, once per incident across instances (as
 * operator/alerts.ts does for the exchanger): the first refusal claims the shared record
 * (SET NX, value = when it began and a random claim) and alone sends "off"; the first order created
 * after it deletes the record only while it still holds the value read (compare-and-delete) and alone
 * sends "works again". The record expires after KEY_ALERT_TTL_MS: a key refused for longer is
 * announced again as a reminder, and a recovery after that says nothing more (no "off" is pending).
 */
import { randomBytes } from "node:crypto";
import type { BotContext } from "../../context.js";

/** One alert per this long while the operator key stays refused (as the exchanger-incident alerts). */
export const KEY_ALERT_TTL_MS = 6 * 60 * 60_000;
const KEY_ALERT = "alert:private-api-key";

/** The operator key was refused: "off", unless an instance already said so in this incident. */
export async function alertKeyRefused(ctx: BotContext): Promise<void> {
  const claim = `${Date.now()}|${randomBytes(6).toString("hex")}`;
  if (await ctx.deps.kv.setIfAbsent(KEY_ALERT, claim, KEY_ALERT_TTL_MS))
    await tellAdmins(ctx, ctx.t("exchange-admin-key-refused"));
}

/** An order was created: "works again", when an "off" was said and nobody closed it yet. */
export async function announceKeyWorks(ctx: BotContext): Promise<void> {
  const open = await ctx.deps.kv.get(KEY_ALERT);
  if (open === undefined || !(await ctx.deps.kv.delIf(KEY_ALERT, open))) return;
  await tellAdmins(ctx, ctx.t("exchange-admin-key-works"));
}

async function tellAdmins(ctx: BotContext, text: string): Promise<void> {
  for (const chatId of ctx.botConfig.adminChatIds)
    await ctx.api
      .sendMessage(chatId, text)
      .catch((error: unknown) =>
        ctx.logger.warn({ err: String(error) }, "an admin chat did not take the Private API alert"),
      );
}
