/**
 * /referral for a linked account: the customer's own referral link (copy and share buttons, its QR
 * code as a photo under the screen when it is opened, not on Refresh), the reward percentage and the
 * referral volume from the user object (normalize/referral.ts), the number of referral orders (the
 * total of their list: one row asked for), then the program itself as /referral shows it unlinked.
 */
import { InlineKeyboard, InputFile } from "grammy";
import {
  Unauthorized,
  type PublicInfo,
  type ReferralFacts,
  type UserInfo,
} from "../../../exchanger/index.js";
import type { BotContext } from "../../context.js";
import { withCaller } from "../../core/caller.js";
import { escapeHtml, fitMessage } from "../../ui/html.js";
import { formatAmount } from "../../ui/money.js";
import { qrCodePng } from "../../ui/qr-code.js";
import { showScreen, type Screen } from "../../ui/screen.js";
import { backToMenuRow } from "../menu/public.js";
import { referralOrdersData } from "../orders/public.js";
import { REFERRAL_REFRESH } from "./codec.js";
import { percent, referralProgramLines } from "./render.js";

const MAX_COPY = 256;

/** Telegram's share link: the user picks a chat, the link and a line of text arrive there. */
const shareUrl = (link: string, text: string) =>
  `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;

interface Dashboard {
  user: UserInfo;
  program: PublicInfo;
  orders?: number;
}

async function readDashboard(ctx: BotContext): Promise<Dashboard> {
  const keepRefusals = (error: unknown) => {
    if (error instanceof Unauthorized) throw error;
    return undefined;
  };
  const [user, program, orders] = await Promise.all([
    withCaller(ctx, (caller) => ctx.deps.exchanger.getInfo(caller)),
    ctx.deps.exchanger.getReferralProgram(ctx.language),
    withCaller(ctx, (caller) => ctx.deps.exchanger.getReferralOrders(caller, { page: 1, limit: 1 }))
      .then((page) => page.pagination?.total)
      .catch(keepRefusals),
  ]);
  return { user, program, ...(orders !== undefined && { orders }) };
}

function factLines(ctx: BotContext, facts: ReferralFacts | undefined, orders?: number): string[] {
  const lines = [
    facts?.link === undefined
      ? ctx.t("info-referral-no-link")
      : ctx.t("info-referral-link", { link: escapeHtml(facts.link) }),
  ];
  if (facts?.percent !== undefined)
    lines.push(ctx.t("info-referral-reward", { value: escapeHtml(percent(ctx, facts.percent)) }));
  if (facts?.volume !== undefined) {
    const amount = formatAmount(ctx, facts.volume);
    const value = facts.volumeCurrency === undefined ? amount : `${amount} ${facts.volumeCurrency}`;
    lines.push(ctx.t("info-referral-volume", { value: escapeHtml(value) }));
  }
  if (orders !== undefined) lines.push(ctx.t("info-referral-orders", { count: orders }));
  return lines;
}

async function dashboardScreen(ctx: BotContext, board: Dashboard): Promise<Screen> {
  const facts = board.user.referral;
  const program = referralProgramLines(ctx, board.program);
  const lines = [ctx.t("info-referral-mine-title"), ...factLines(ctx, facts, board.orders)];
  if (program.length > 0) lines.push("", ctx.t("info-referral-program"), ...program);
  const keyboard = new InlineKeyboard();
  if (facts?.link !== undefined) {
    // Plain text in a link, not HTML: the name as the exchanger or the operator wrote it.
    const name = await ctx.deps.branding.name(ctx.language);
    const text = ctx.t("info-referral-share-text", { exchanger: name });
    // Bot API: a copy button holds at most 256 characters (the link is on the screen either way).
    if (facts.link.length <= MAX_COPY)
      keyboard.copyText(ctx.t("info-referral-btn-copy"), facts.link);
    keyboard.url(ctx.t("info-referral-btn-share"), shareUrl(facts.link, text)).row();
  }
  keyboard
    .text(ctx.t("info-referral-btn-orders"), referralOrdersData())
    .text(ctx.t("btn-refresh"), REFERRAL_REFRESH);
  return { text: fitMessage(lines), keyboard: backToMenuRow(ctx, keyboard) };
}

/** The link's QR code under the screen; the screen is shown already, so a refusal is only logged. */
async function sendLinkQr(ctx: BotContext, link: string): Promise<void> {
  try {
    const png = await qrCodePng(link);
    await ctx.api.sendPhoto(ctx.chatId!, new InputFile(png, "referral.png"), {
      caption: ctx.t("info-referral-qr-caption", { link: escapeHtml(link) }),
    });
  } catch (error) {
    ctx.logger.warn({ err: String(error) }, "could not send the referral link's QR code");
  }
}

/** The dashboard; `opened` (not a Refresh) also sends the link's QR code. */
export async function showReferralDashboard(ctx: BotContext, opened: boolean): Promise<void> {
  const board = await readDashboard(ctx);
  await showScreen(ctx, await dashboardScreen(ctx, board));
  const link = board.user.referral?.link;
  if (opened && link !== undefined) await sendLinkQr(ctx, link);
}
