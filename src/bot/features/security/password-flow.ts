/**
 * /password: current password → new password → the new one again → the 2FA code when the account
 * has 2FA → change-password. Every answer is deleted as soon as it is read. What the bot can check
 * itself is checked at once: a too-short new password, one equal to the current, or a mismatch asks
 * again right away. The exchanger has no call that checks the current password alone, so a wrong one
 * can only be reported after the last step (the first prompt says so). A wrong code asks again (up to
 * MAX_CODE_ATTEMPTS); any other refusal is shown and ends the flow, nothing changed.
 */
import { ExchangerError, Unavailable } from "../../../exchanger/errors.js";
import type { FlowContext } from "../../context.js";
import { callExchanger, trackFlowPrompt, type Flow } from "../../core/flows.js";
import { twoFactorFromUser } from "../../../exchanger/normalize/two-factor.js";
import { escapeHtml } from "../../ui/html.js";
import { isTwoFactorMessage, MAX_CODE_ATTEMPTS } from "../../core/two-factor.js";
import { CodesLocked } from "../../core/code-attempts.js";
import { describeError } from "../../core/errors.js";
import { askCode, cancelKeyboard, waitForText } from "../../core/secure-prompts.js";

export const PASSWORD_FLOW = "password";
/** The exchanger's usual minimum; it may ask for more, and then says so itself. */
export const MIN_PASSWORD_LENGTH = 8;

export async function passwordFlow(conversation: Flow, ctx: FlowContext): Promise<void> {
  const keyboard = cancelKeyboard(ctx);
  const say = async (key: string, args?: Record<string, string | number>) =>
    trackFlowPrompt(conversation, (await ctx.reply(ctx.t(key, args), { reply_markup: keyboard })).message_id);
  const secretAnswer = async (reprompt: string, check?: (text: string) => string | undefined): Promise<string> => {
    const answer = await waitForText(conversation, { secret: true, keyboard, reprompt, check });
    return answer.cancelled ? "" : answer.text;
  };

  // Whether a code will be needed: the user object says so when it can, else what the chat remembers.
  const fromUser = await callExchanger(
    conversation,
    async (caller, deps) => twoFactorFromUser(await deps.exchanger.getInfo(caller)) ?? null,
  );
  let twofa = fromUser ?? ctx.chatSettings.twofa ?? false;

  await say("password-ask-current");
  const current = await secretAnswer(ctx.t("password-reprompt-current"));

  let newPassword: string;
  await say("password-ask-new", { min: MIN_PASSWORD_LENGTH });
  for (;;) {
    const tooShort = ctx.t("password-too-short", { min: MIN_PASSWORD_LENGTH });
    const same = ctx.t("password-same");
    const candidate = await secretAnswer(ctx.t("password-reprompt-new"), (text) =>
      [...text].length < MIN_PASSWORD_LENGTH ? tooShort : text === current ? same : undefined,
    );
    await say("password-ask-repeat");
    const repeat = await secretAnswer(ctx.t("password-reprompt-repeat"));
    if (repeat === candidate) {
      newPassword = candidate;
      break;
    }
    await say("password-mismatch");
  }

  let code: string | undefined;
  for (let attempt = 1; ;) {
    if (twofa && code === undefined) {
      await say("password-ask-code");
      code = await askCode(conversation, ctx, { keyboard });
    }
    try {
      await callExchanger(conversation, async (caller, deps) => {
        const change = () => deps.exchanger.changePassword(caller, { password: current, newPassword, twoFactorCode: code });
        await (code === undefined ? change() : deps.codeAttempts.send(caller, change));
        return true;
      });
    } catch (error) {
      if (error instanceof CodesLocked) {
        await ctx.reply(describeError(ctx, error));
        return;
      }
      if (error instanceof ExchangerError && isTwoFactorMessage(error.serverMessage)) {
        if (code === undefined) {
          // The exchanger wants a code we did not know about: remember that the account has 2FA.
          twofa = true;
          await conversation.external((outer) => outer.deps.settings.update(ctx.chatId!, { twofa: true }).then(() => undefined));
          continue;
        }
        if (attempt >= MAX_CODE_ATTEMPTS) {
          await ctx.reply(ctx.t("password-code-too-many"));
          return;
        }
        attempt++;
        await say("secure-code-wrong", { left: MAX_CODE_ATTEMPTS - attempt + 1 });
        code = await askCode(conversation, ctx, { keyboard });
        continue;
      }
      if (error instanceof ExchangerError) {
        await ctx.reply(
          error.serverMessage ? ctx.t("password-refused", { message: escapeHtml(error.serverMessage) }) : ctx.t("password-refused-generic"),
        );
        return;
      }
      if (error instanceof Unavailable) {
        // A write that got no answer may or may not have happened.
        await ctx.reply(ctx.t("password-unknown"));
        return;
      }
      throw error;
    }
    await ctx.reply(ctx.t("password-changed"));
    return;
  }
}
