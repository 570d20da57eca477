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
import QRCode from "qrcode";
import { InputFile } from "grammy";
import { ExchangerError } from "../../../exchanger/errors.js";
import type { UserInfo } from "../../../exchanger/types.js";
import type { FlowContext } from "../../context.js";
import { callExchanger, trackFlowPrompt, type Flow } from "../../core/flows.js";
import type { FlowEnd } from "../../core/flow-messages.js";
import { forgetFlowMessage, rememberFlowMessage } from "../../core/flow-messages.js";
import { twoFactorFromUser } from "../../../exchanger/normalize/two-factor.js";
import { escapeHtml } from "../../ui/html.js";
import { MAX_CODE_ATTEMPTS } from "../../core/two-factor.js";
import { askCode, cancelKeyboard } from "../../core/secure-prompts.js";

export const TWOFA_ENABLE_FLOW = "twofa-enable";
export const TWOFA_DISABLE_FLOW = "twofa-disable";
/** Cancel of the enable flow: handled inside it, so the QR message can be deleted first. */
export const TWOFA_ENABLE_CANCEL = "tfa:x";

const isExchangerError = (error: unknown) => error instanceof ExchangerError;

/** Who the authenticator app shows the code for: the account's login or e-mail. */
export function accountLabel(user: UserInfo): string | undefined {
  for (const key of ["login", "email", "username", "name"]) {
    const value = user[key];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return undefined;
}

/** The otpauth:// URI authenticator apps read (RFC 6238 defaults every app supports). */
export function otpauthUri(secret: string, issuer: string, label: string): string {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).toString();
}

/** "ABCD EFGH ..." — easier to type by hand; apps ignore the spaces. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

function remember(conversation: Flow, chatId: number, twofa: boolean): Promise<void> {
  return conversation.external((outer) => outer.deps.settings.update(chatId, { twofa }).then(() => undefined));
}

export async function twofaEnableFlow(conversation: Flow, ctx: FlowContext): Promise<FlowEnd | void> {
  const chatId = ctx.chatId!;
  const account = await callExchanger(conversation, async (caller, deps) => {
    const user = await deps.exchanger.getInfo(caller);
    return { on: twoFactorFromUser(user) ?? null, label: accountLabel(user) ?? null };
  });
  if (account.on === true) {
    await remember(conversation, chatId, true);
    await ctx.reply(ctx.t("twofa-already-on"));
    return;
  }

  const secret = await conversation.external(() => new Secret({ size: 20 }).base32);
  const uri = otpauthUri(secret, ctx.botConfig.exchangerHost, account.label ?? ctx.botConfig.exchangerHost);
  const png = await QRCode.toBuffer(uri, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 360 });
  const keyboard = cancelKeyboard(ctx, TWOFA_ENABLE_CANCEL);
  const qr = await ctx.replyWithPhoto(new InputFile(png, "2fa.png"), {
    caption: ctx.t("twofa-qr-caption", { secret: escapeHtml(grouped(secret)), issuer: escapeHtml(ctx.botConfig.exchangerHost) }),
    protect_content: true,
    reply_markup: keyboard,
  });
  // /cancel leaves the flow without running it further; it deletes the QR through this record.
  await conversation.external((outer) => rememberFlowMessage(outer.deps.kv, chatId, qr.message_id));
  await trackFlowPrompt(conversation, qr.message_id);
  const dropQr = async () => {
    await ctx.api.deleteMessage(chatId, qr.message_id).catch(() => undefined);
    await conversation.external((outer) => forgetFlowMessage(outer.deps.kv, chatId));
  };

  for (let attempt = 1; ; attempt++) {
    const code = await askCode(conversation, ctx, { keyboard, cancelData: TWOFA_ENABLE_CANCEL });
    if (code === undefined) {
      await dropQr();
      await ctx.reply(ctx.t("twofa-enable-cancelled"));
      return "cancelled";
    }
    try {
      await callExchanger(conversation, async (caller, deps) => {
        // Any refusal of setup is taken as a wrong code (the flow says so too).
        await deps.codeAttempts.send(caller, () => deps.exchanger.setupTwoFactor(caller, { enable: true, code, secret }), isExchangerError);
        return true;
      });
    } catch (error) {
      if (!(error instanceof ExchangerError)) {
        await dropQr();
        throw error;
      }
      if (attempt >= MAX_CODE_ATTEMPTS) {
        await dropQr();
        await ctx.reply(ctx.t("twofa-enable-failed"));
        return;
      }
      await trackFlowPrompt(
        conversation,
        (await ctx.reply(wrongCode(ctx, error, MAX_CODE_ATTEMPTS - attempt), { reply_markup: keyboard })).message_id,
      );
      continue;
    }
    await dropQr();
    await remember(conversation, chatId, true);
    await ctx.reply(ctx.t("twofa-enabled"));
    return;
  }
}

export async function twofaDisableFlow(conversation: Flow, ctx: FlowContext): Promise<void> {
  const chatId = ctx.chatId!;
  const keyboard = cancelKeyboard(ctx);
  await trackFlowPrompt(conversation, (await ctx.reply(ctx.t("twofa-disable-ask-code"), { reply_markup: keyboard })).message_id);
  for (let attempt = 1; ; attempt++) {
    const code = await askCode(conversation, ctx, { keyboard });
    if (code === undefined) return;
    try {
      await callExchanger(conversation, async (caller, deps) => {
        await deps.codeAttempts.send(caller, () => deps.exchanger.setupTwoFactor(caller, { enable: false, code }), isExchangerError);
        return true;
      });
    } catch (error) {
      if (!(error instanceof ExchangerError)) throw error;
      if (attempt >= MAX_CODE_ATTEMPTS) {
        await ctx.reply(ctx.t("twofa-disable-failed"));
        return;
      }
      await trackFlowPrompt(
        conversation,
        (await ctx.reply(wrongCode(ctx, error, MAX_CODE_ATTEMPTS - attempt), { reply_markup: keyboard })).message_id,
      );
      continue;
    }
    await remember(conversation, chatId, false);
    await ctx.reply(ctx.t("twofa-disabled"));
    return;
  }
}

/**
 * One error for a wrong code (it used to be two: "The exchanger says: …" and "That code was not
 * accepted"): the exchanger's own reason (usually "invalid code") when it gives one, and the tries left.
 */
function wrongCode(ctx: FlowContext, error: ExchangerError, left: number): string {
  return error.serverMessage
    ? ctx.t("secure-code-refused", { message: escapeHtml(error.serverMessage), left })
    : ctx.t("secure-code-wrong", { left });
}
