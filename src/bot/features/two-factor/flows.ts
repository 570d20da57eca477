/**
 * Turning two-factor authentication on and off.
 *
 * On: the bot makes the secret itself (the spec: the client generates it), inside `external` so every
 * replay of the flow reuses the same one. It is shown once — as a QR code of the otpauth:// URI and
 * as text in a spoiler — with protect_content, and that message is deleted when the flow ends (code
 * accepted, too many wrong codes, this flow's own Cancel button, or /cancel through flow-messages.ts).
 * The secret lives only in the encrypted, TTL'd replay log and in that message; it is never logged.
 * Off: one code, then setup with enable=0.
 */
import { Secret, TOTP } from "otpauth";
import { InputFile, type InlineKeyboard } from "grammy";
import { ExchangerError, type Caller, type UserInfo } from "../../../exchanger/index.js";
import type { BotDeps, FlowContext } from "../../context.js";
import { callExchanger, releaseFlowPrompt, trackFlowPrompt, type Flow } from "../../core/flows.js";
import { forgetFlowMessage, rememberFlowMessage, type FlowEnd } from "../../core/flow-messages.js";
import { escapeHtml } from "../../ui/html.js";
import { qrCodePng } from "../../ui/qr-code.js";
import { cancelKeyboard } from "../../core/ask.js";
import { retryCode, sendCode } from "../../core/code-retry.js";
import { saysWrongCode } from "../../core/two-factor.js";
import { CANCEL_ENABLE } from "./codec.js";
import { tellAccount } from "../../core/account-events.js";
import { backToMenuRow } from "../menu/public.js";

export const TWOFA_ENABLE_FLOW = "twofa-enable";
export const TWOFA_DISABLE_FLOW = "twofa-disable";

const isExchangerError = (error: unknown) => error instanceof ExchangerError;

/** Who the authenticator app shows the code for: the account's login or e-mail. */
export function accountLabel(user: UserInfo): string | undefined {
  const name = user.fields.name;
  return (
    user.login ??
    user.email ??
    (typeof name === "string" && name.trim() !== "" ? name.trim() : undefined)
  );
}

/** The otpauth:// URI authenticator apps read (RFC 6238 defaults every app supports). */
export function otpauthUri(secret: string, issuer: string, label: string): string {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).toString();
}

/** "ABCD EFGH ..." — easier to type by hand; apps ignore the spaces. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

function remember(conversation: Flow, chatId: number, twofa: boolean): Promise<void> {
  return conversation.external((outer) =>
    outer.deps.settings.update(chatId, { twofa }).then(() => undefined),
  );
}

const setup =
  (change: { enable: boolean; code: string; secret?: string }) =>
  async (caller: Caller, deps: BotDeps) => {
    await deps.exchanger.setupTwoFactor(caller, change);
    return true;
  };

export async function twofaEnableFlow(
  conversation: Flow,
  ctx: FlowContext,
): Promise<FlowEnd | void> {
  const chatId = ctx.chatId!;
  const account = await callExchanger(conversation, async (caller, deps) => {
    const user = await deps.exchanger.getInfo(caller);
    return { on: user.twoFactor ?? null, label: accountLabel(user) ?? null };
  });
  if (account.on === true) {
    await remember(conversation, chatId, true);
    await ctx.reply(ctx.t("twofa-already-on"), { reply_markup: backToMenuRow(ctx) });
    return;
  }
  const secret = await conversation.external(() => new Secret({ size: 20 }).base32);
  const keyboard = cancelKeyboard(ctx, CANCEL_ENABLE);
  const dropQr = await showSecret(conversation, ctx, secret, account.label, keyboard);
  const outcome = await retryCode(conversation, ctx, {
    keyboard,
    cancelData: CANCEL_ENABLE,
    reopens: "secret-lapsed-back-twofa-on",
    // The QR message is deleted when the flow ends: no button edits on it before that.
    oneLive: false,
    // Any refusal of setup is taken as a wrong code (the re-prompt says so too).
    send: (code) => sendCode(conversation, setup({ enable: true, code, secret }), isExchangerError),
    wrongText: (left, reason) => wrongCodeText(ctx, left, reason),
  }).finally(dropQr);
  if (outcome.ok) await remember(conversation, chatId, true);
  await ctx.reply(
    ctx.t(
      outcome.ok
        ? "twofa-enabled"
        : outcome.why === "cancelled"
          ? "twofa-enable-cancelled"
          : "twofa-enable-failed",
    ),
    { reply_markup: backToMenuRow(ctx) },
  );
  if (outcome.ok) await conversation.external((outer) => tellAccount(outer, "two-factor-on"));
  return !outcome.ok && outcome.why === "cancelled" ? "cancelled" : "done";
}

/**
 * The secret as a QR code and as text, protected; /cancel leaves the flow without running it further,
 * so it deletes the message through the flow-message record. Returns what deletes it.
 */
async function showSecret(
  conversation: Flow,
  ctx: FlowContext,
  secret: string,
  label: string | null,
  keyboard: InlineKeyboard,
) {
  const chatId = ctx.chatId!;
  const issuer = ctx.botConfig.exchangerHost;
  const png = await qrCodePng(otpauthUri(secret, issuer, label ?? issuer));
  const qr = await ctx.replyWithPhoto(new InputFile(png, "2fa.png"), {
    caption: ctx.t("twofa-qr-caption", {
      secret: escapeHtml(grouped(secret)),
      issuer: escapeHtml(issuer),
    }),
    protect_content: true,
    reply_markup: keyboard,
  });
  await conversation.external((outer) => rememberFlowMessage(outer.deps.kv, chatId, qr.message_id));
  await trackFlowPrompt(conversation, qr.message_id);
  return async () => {
    // Gone with its buttons: the flow's end must not edit it.
    await releaseFlowPrompt(conversation, qr.message_id);
    await ctx.api.deleteMessage(chatId, qr.message_id).catch(() => undefined);
    await conversation.external((outer) => forgetFlowMessage(outer.deps.kv, chatId));
  };
}

export async function twofaDisableFlow(conversation: Flow, ctx: FlowContext): Promise<void> {
  const outcome = await retryCode(conversation, ctx, {
    prompt: ctx.t("twofa-disable-ask-code"),
    reopens: "secret-lapsed-back-twofa-off",
    send: (code) => sendCode(conversation, setup({ enable: false, code }), isExchangerError),
    wrongText: (left, reason) => wrongCodeText(ctx, left, reason),
  });
  if (outcome.ok) await remember(conversation, ctx.chatId!, false);
  await ctx.reply(ctx.t(outcome.ok ? "twofa-disabled" : "twofa-disable-failed"), {
    reply_markup: backToMenuRow(ctx),
  });
  if (outcome.ok) await conversation.external((outer) => tellAccount(outer, "two-factor-off"));
}

/** The exchanger's own reason (usually "invalid code") when it gives one, and the tries left. */
function wrongCodeText(ctx: FlowContext, left: number, reason: string | undefined): string {
  // "Invalid 2FA code", «Неверный пароль 2FA»: the bot's own words say it; other reasons add something.
  return reason && !saysWrongCode(reason)
    ? ctx.t("secure-code-refused", { message: escapeHtml(reason), left })
    : ctx.t("secure-code-wrong", { left });
}
