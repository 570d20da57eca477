/**
 * Linking the exchanger account.
 *
 * Design note: linking is not a conversation. In a private chat without a key, any text that is not a
 * command is taken as a key attempt. That needs no state at all (a restart "in the middle" loses
 * nothing) and the key never enters a replay log; it exists only in memory for one update, then in
 * the vault, encrypted.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext, FlowContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { escapeHtml, maskSecret } from "../../ui/html.js";
import { type UserInfo, Unauthorized, ExchangerError } from "../../../exchanger/index.js";
import { renderAccountCard } from "../account/public.js";
import { mainMenuKeyboard } from "../menu/public.js";
import { withNotifyOffer } from "../notify/public.js";
import { showOwnOrder } from "../orders/public.js";
import { parseOrderStartPayload } from "../../core/deep-link.js";
import { conversationKey } from "../../core/flows.js";
import { exitAllFlows } from "../../core/flow-running.js";
import { secretNotice } from "../../core/secret-prompt.js";
import { keyCandidate } from "../../core/api-key-shape.js";
import { tellAccount } from "../../core/account-events.js";
import { Confirmations } from "../../core/confirmations.js";
import { showScreen } from "../../ui/screen.js";
import { exchangerName } from "../../ui/branding.js";
import { onCallback } from "../../ui/callback-data.js";
import { logoutNo, logoutYes } from "./codec.js";

/** The welcome names the exchanger only by a name it has: never "Welcome to 127.0.0.1:8080!". */
async function greet(ctx: FlowContext): Promise<void> {
  const name = await ctx.deps.branding.knownName(ctx.language);
  const text =
    name === undefined
      ? ctx.t("link-intro-unnamed")
      : ctx.t("link-intro", { exchanger: escapeHtml(name) });
  await ctx.reply(text, { link_preview_options: { is_disabled: true } });
}

async function tryLink(ctx: FlowContext, text: string): Promise<void> {
  const chatId = ctx.chatId!;
  // Invisible characters and line breaks inside a pasted key are not part of it (api-key-shape.ts).
  const candidate = keyCandidate(text);
  // Text of no key's shape (an amount, a word) is not answered as a key, nor deleted: it says how to link.
  if (
    candidate === undefined &&
    ctx.secretRemoved === undefined &&
    ctx.secretAnswer === undefined
  ) {
    await ctx.reply(ctx.t("link-not-linked-text"));
    return;
  }
  // The message holds a secret (or something the user believes is one): gone before anything else
  // (the secret guard has already deleted it when it had the shape of a key).
  if (ctx.secretAnswer !== undefined) await ctx.secretAnswer.take();
  else if (ctx.secretRemoved === undefined) {
    await ctx
      .deleteMessage()
      .catch((e: unknown) => ctx.logger.warn({ err: String(e) }, "could not delete a key message"));
  }

  if (candidate === undefined) {
    await ctx.reply(ctx.t("link-not-a-key"));
    return;
  }
  await ctx.replyWithChatAction("typing").catch(() => undefined);
  let user: UserInfo;
  try {
    user = await ctx.deps.exchanger.getInfo({ apiKey: candidate, language: ctx.language });
  } catch (error) {
    // Rejected keys must not reach the vault and must not drop a previously linked key.
    if (error instanceof Unauthorized || error instanceof ExchangerError) {
      ctx.logger.info({ err: error.name }, "key rejected while linking");
      await ctx.reply(ctx.t("link-rejected"));
      return;
    }
    throw error;
  }
  await ctx.deps.vault.link(chatId, candidate);
  const bound =
    user.id === undefined
      ? undefined
      : await ctx.deps.accountChats.bind(chatId, user.id, ctx.language);
  const twofa = user.twoFactor;
  // The language notices nobody asked for are written in (account events), as this chat speaks
  // now; stored only when it is not the bot's default (every idle chat's bytes count).
  ctx.chatSettings = await ctx.deps.settings.update(chatId, { twofa });
  ctx.logger.info({}, "account linked");
  // The account's other chats hear that one more chat holds it (the security feed) before this
  // chat's welcome, the update's last step: a message sent right after the welcome finds it done.
  if (bound?.changed) await tellAccount(ctx, "chat-linked", user.id);
  await ctx.reply(
    `${ctx.t("link-done", { key: escapeHtml(maskSecret(candidate)) })}\n\n${renderAccountCard(ctx, user, await exchangerName(ctx))}`,
    {
      reply_markup: withNotifyOffer(ctx, mainMenuKeyboard(ctx, true)),
    },
  );
}

const LOGOUT_SUBJECT = "logout";

/** A key sent as a command payload (`/start <key>`) was deleted by the secret guard and is never used. */
async function tellRemovedPayload(ctx: FlowContext): Promise<void> {
  const notice = secretNotice(ctx);
  if (notice !== undefined) await ctx.reply(notice);
}

/** /start: the menu when linked, the greeting otherwise; a deep link to an order opens its card. */
async function start(ctx: BotContext, payload: string): Promise<void> {
  await tellRemovedPayload(ctx);
  // A deep link to an order (t.me/<bot>?start=order_<id>). A payload the secret guard removed is never read.
  const orderId = ctx.secretRemoved === undefined ? parseOrderStartPayload(payload) : undefined;
  const linked = await ctx.deps.vault.has(ctx.chatId!);
  if (orderId !== undefined && linked) return showOwnOrder(ctx, { id: orderId });
  // Not linked: the card needs the account's key. No state is kept: after linking, the link opens the card.
  if (orderId !== undefined) await ctx.reply(ctx.t("link-order-first", { id: orderId }));
  if (linked) await ctx.reply(ctx.t("menu-title"), { reply_markup: mainMenuKeyboard(ctx, true) });
  else await greet(ctx);
}

/**
 * /logout asks first. Both buttons carry one single-use confirmation: whichever is pressed first
 * settles it, so a stale "Yes" pressed after "No" (or on an older card) does nothing.
 */
async function askLogout(ctx: BotContext): Promise<void> {
  if (!(await ctx.deps.vault.has(ctx.chatId!))) {
    await ctx.reply(ctx.t("error-not-linked"));
    return;
  }
  const confirmId = await new Confirmations(ctx.deps.kv).create(ctx.chatId!, LOGOUT_SUBJECT);
  await ctx.reply(ctx.t("logout-confirm"), {
    reply_markup: new InlineKeyboard()
      .text(ctx.t("logout-yes"), logoutYes.pack({ confirmId }))
      .danger()
      .text(ctx.t("logout-no"), logoutNo.pack({ confirmId })),
  });
}

/** Settles the card's confirmation; false (and the user told so) when it was used before or expired. */
async function redeemLogout(ctx: BotContext, confirmId: string): Promise<boolean> {
  if (await new Confirmations(ctx.deps.kv).redeem(ctx.chatId!, confirmId, LOGOUT_SUBJECT))
    return true;
  await ctx.answerCallbackQuery({ text: ctx.t("confirm-stale"), show_alert: true });
  return false;
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createLinkFeature(): Feature {
  const composer = new Composer<BotContext>();
  const privateChat = composer.chatType("private");
  privateChat.command("start", (ctx) => start(ctx, ctx.match));
  privateChat.command("link", async (ctx) => {
    await tellRemovedPayload(ctx);
    if (await ctx.deps.vault.has(ctx.chatId)) await ctx.reply(ctx.t("link-already"));
    else await greet(ctx);
  });
  privateChat.command("logout", askLogout);
  onCallback(privateChat, logoutYes, async (ctx, { confirmId }) => {
    if (!(await redeemLogout(ctx, confirmId))) return;
    await exitAllFlows(ctx);
    await ctx.deps.accountChats.unbind(ctx.chatId);
    // Rate alerts leave their directions' indexes too (the chat's own keys go with wipeChat below).
    await ctx.deps.rateAlerts.dropChat(ctx.chatId);
    await ctx.deps.vault.unlink(ctx.chatId);
    await ctx.deps.settings.wipeChat(ctx.chatId);
    await ctx.deps.conversationAdapter.delete(conversationKey(ctx.chatId));
    await showScreen(ctx, { text: ctx.t("logout-done") });
  });
  onCallback(privateChat, logoutNo, async (ctx, { confirmId }) => {
    if (!(await redeemLogout(ctx, confirmId))) return;
    await showScreen(ctx, { text: ctx.t("logout-kept") });
  });

  return {
    name: "link",
    callbacks: ["logout"],
    composer,
    commands: [
      { command: "start", descriptionKey: "cmd-start" },
      { command: "logout", descriptionKey: "cmd-logout" },
      { command: "link", descriptionKey: "cmd-link" },
    ],
  };
}

/** Free text in a chat without a key is a key attempt: installed by createBot after every flow and command. */
export function createLinkFallback(): Composer<BotContext> {
  const linkFallback = new Composer<BotContext>();
  linkFallback.chatType("private").on("message:text", async (ctx, next) => {
    if (ctx.message.text.startsWith("/")) return next();
    if (await ctx.deps.vault.has(ctx.chatId)) {
      // A key pasted into a linked chat is never taken as a new key; the guard deleted it, say so.
      if (ctx.secretRemoved?.reason !== "key") return next();
      await ctx.reply(`${secretNotice(ctx) ?? ""}\n\n${ctx.t("link-already")}`);
      return;
    }
    await tryLink(ctx, ctx.message.text);
  });
  return linkFallback;
}
