/**
 * The exchanger's branding on screens (deps.branding: exchanger/catalog/branding.ts).
 *
 * The "Support" button: a URL button to where the operator's support is (SUPPORT_URL, else the
 * Telegram link of get-social). Put under the main menu, error messages and orders with a problem.
 * When no place is known the keyboard is returned unchanged: no button that leads nowhere.
 */
import { InlineKeyboard } from "grammy";
import type { FlowContext, Translator } from "../context.js";
import { escapeHtml } from "./html.js";
import { startRow } from "./rows.js";

export async function supportRow(
  ctx: Pick<FlowContext, "t" | "deps" | "language">,
  keyboard = new InlineKeyboard(),
): Promise<InlineKeyboard> {
  const url = await ctx.deps.branding.supportUrl(ctx.language);
  return url === undefined ? keyboard : startRow(keyboard).url(ctx.t("btn-support"), url);
}

/** The exchanger's name for texts ({ $exchanger }), HTML-escaped: it comes from the server or the operator. */
export async function exchangerName(ctx: Pick<FlowContext, "deps" | "language">): Promise<string> {
  return escapeHtml(await ctx.deps.branding.name(ctx.language));
}

/** The exchanger's website: where whatever the bot cannot do with certainty is done. */
export const websiteUrl = (ctx: Pick<FlowContext, "botConfig">): string =>
  `https://${ctx.botConfig.exchangerHost}/`;

/** "🌐 Open the website" on a row of its own. */
export function websiteRow(
  ctx: Translator & Pick<FlowContext, "botConfig">,
  keyboard = new InlineKeyboard(),
): InlineKeyboard {
  return startRow(keyboard).url(ctx.t("orders-btn-website"), websiteUrl(ctx));
}
