/**
 * /password: current password → new password → the new one again → the 2FA code when the account
 * has 2FA → change-password. Every answer is a secret (deleted as it is read). What the bot can check
 * itself is checked at once (too short, equal to the current, a mismatch). The exchanger has no call
 * that checks the current password alone, so a wrong one can only be reported at the end (the first
 * prompt says so). Any refusal but a wrong code is shown and ends the flow, nothing changed.
 */
import { ExchangerError, Unavailable, type Caller } from "../../../exchanger/index.js";
import type { BotDeps, FlowContext } from "../../context.js";
import { accept, ask, refuse } from "../../core/ask.js";
import { CodesLocked, isCodeRefusal } from "../../core/code-attempts.js";
import { retryCode, sendCode } from "../../core/code-retry.js";
import { describeError } from "../../core/errors.js";
import { callExchanger, type Flow } from "../../core/flows.js";
import { escapeHtml } from "../../ui/html.js";
import { tellAccount } from "../../core/account-events.js";
import { backToMenuRow } from "../menu/public.js";

export const PASSWORD_FLOW = "password";
/** The exchanger's usual minimum; it may ask for more, and then says so itself. */
export const MIN_PASSWORD_LENGTH = 8;
/** The button back to a left step of this flow: it starts the change again. */
const REOPENS = "secret-lapsed-back-password";

interface Change {
  current: string;
  newPassword: string;
}

export async function passwordFlow(conversation: Flow, ctx: FlowContext): Promise<void> {
  const twofa = await hasTwoFactor(conversation, ctx);
  const current = await ask(conversation, ctx, {
    prompt: ctx.t("password-ask-current"),
    notText: ctx.t("password-reprompt-current"),
    secret: true,
    reopens: REOPENS,
  });
  const newPassword = await askNewPassword(conversation, ctx, current);
  try {
    const result = await changePassword(conversation, ctx, { current, newPassword }, twofa);
    await ctx.reply(ctx.t(result), { reply_markup: backToMenuRow(ctx) });
    if (result === "password-changed")
      await conversation.external((outer) => tellAccount(outer, "password-changed"));
  } catch (error) {
    await ctx.reply(refusal(ctx, error), { reply_markup: backToMenuRow(ctx) });
  }
}

/** Whether a code will be needed: the user object says so when it can, else what the chat remembers. */
async function hasTwoFactor(conversation: Flow, ctx: FlowContext): Promise<boolean> {
  const fromUser = await callExchanger(
    conversation,
    async (caller, deps) => (await deps.exchanger.getInfo(caller)).twoFactor ?? null,
  );
  return fromUser ?? ctx.chatSettings.twofa ?? false;
}

async function askNewPassword(
  conversation: Flow,
  ctx: FlowContext,
  current: string,
): Promise<string> {
  const check = (text: string) =>
    [...text].length < MIN_PASSWORD_LENGTH
      ? refuse(ctx.t("password-too-short", { min: MIN_PASSWORD_LENGTH }))
      : text === current
        ? refuse(ctx.t("password-same"))
        : accept(text);
  let prompt = ctx.t("password-ask-new", { min: MIN_PASSWORD_LENGTH });
  for (;;) {
    const candidate = await ask(conversation, ctx, {
      prompt,
      notText: ctx.t("password-reprompt-new"),
      check,
      secret: true,
      reopens: REOPENS,
    });
    const repeat = await ask(conversation, ctx, {
      prompt: ctx.t("password-ask-repeat"),
      notText: ctx.t("password-reprompt-repeat"),
      secret: true,
      reopens: REOPENS,
    });
    if (repeat === candidate) return candidate;
    prompt = ctx.t("password-mismatch");
  }
}

/** The translation key of the result; refusals other than a wrong code are thrown. */
async function changePassword(
  conversation: Flow,
  ctx: FlowContext,
  change: Change,
  twofa: boolean,
): Promise<string> {
  const changeWith = (code?: string) => async (caller: Caller, deps: BotDeps) => {
    await deps.exchanger.changePassword(caller, {
      password: change.current,
      newPassword: change.newPassword,
      twoFactorCode: code,
    });
    return true;
  };
  if (!twofa) {
    try {
      await callExchanger(conversation, changeWith());
      return "password-changed";
    } catch (error) {
      if (!isCodeRefusal(error)) throw error;
      // The exchanger wants a code we did not know about: remember that the account has 2FA.
      await conversation.external((outer) =>
        outer.deps.settings.update(ctx.chatId!, { twofa: true }).then(() => undefined),
      );
    }
  }
  const outcome = await retryCode(conversation, ctx, {
    prompt: ctx.t("password-ask-code"),
    reopens: REOPENS,
    send: (code) => sendCode(conversation, changeWith(code)),
  });
  return outcome.ok ? "password-changed" : "password-code-too-many";
}

function refusal(ctx: FlowContext, error: unknown): string {
  if (error instanceof CodesLocked) return describeError(ctx, error);
  if (error instanceof ExchangerError && wrongCurrentPassword(error))
    return ctx.t("password-wrong-current");
  if (error instanceof ExchangerError)
    return error.serverMessage
      ? ctx.t("password-refused", { message: escapeHtml(error.serverMessage) })
      : ctx.t("password-refused-generic");
  // A write that got no answer may or may not have happened.
  if (error instanceof Unavailable) return ctx.t("password-unknown");
  throw error;
}

/**
 * The exchanger refused the current password ("Current password is incorrect", «Невірний поточний
 * пароль»): the bot says it in its own words. Known by the message, or by a validation answer naming
 * only the current password's parameter (`password`).
 */
function wrongCurrentPassword(error: ExchangerError): boolean {
  const message = error.serverMessage ?? "";
  const aboutCurrent = /current|old|текущ|нынешн|стар|поточн/iu.test(message);
  const wrong = /invalid|incorrect|wrong|неверн|неправильн|невірн|не совпада|не збіга/iu.test(
    message,
  );
  const fields = error.fields;
  return (
    (aboutCurrent && /password|пароль/iu.test(message) && wrong) ||
    (fields.length === 1 && fields[0] === "password")
  );
}
