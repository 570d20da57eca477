/**
 * The one 2FA code loop of every flow that sends a code (paying, the password, 2FA on and off): ask
 * the code, send it, tell a wrong code from other refusals, count the tries, re-prompt with the tries
 * left, and stop after MAX_CODE_ATTEMPTS. What "wrong" means and what to say when the tries run out
 * stays with the flow; other errors are thrown to it.
 */
import type { InlineKeyboard } from "grammy";
import { ExchangerError, type Caller } from "../../exchanger/index.js";
import type { BotDeps, FlowContext } from "../context.js";
import { accept, ask, CANCELLED, refuse } from "./ask.js";
import { isCodeRefusal } from "./code-attempts.js";
import { callExchanger, type Flow } from "./flows.js";
import { MAX_CODE_ATTEMPTS, normalizeCode } from "./two-factor.js";

/** The exchanger refused the code (wrong, or it wants one); `reason` is its own words, if any. */
export interface WrongCode {
  wrongCode: true;
  reason?: string;
}
export const wrongCode = (reason?: string): WrongCode => ({ wrongCode: true, reason });
const isWrongCode = (value: unknown): value is WrongCode =>
  typeof value === "object" && value !== null && "wrongCode" in value;

export interface CodeRetry<T> {
  /** HTML asking for the code; absent when the flow has shown it already. */
  prompt?: string;
  keyboard?: InlineKeyboard;
  /** The flow's own cancel button (it cleans up first): the outcome is "cancelled". */
  cancelData?: string;
  /** Sends one code: the result, or wrongCode() when the exchanger refused the code. */
  send: (code: string) => Promise<T | WrongCode>;
  /** false: the prompts keep their buttons until the flow ends (the 2FA secret goes with them). */
  oneLive?: boolean;
  /** The translation key of the button that reopens the code step once left (ask's `reopens`). */
  reopens?: string;
  /** The re-prompt after a wrong code (default: "wrong code, N tries left"). */
  wrongText?: (left: number, reason: string | undefined) => string;
}

export type CodeOutcome<T> = { ok: true; value: T } | { ok: false; why: "exhausted" | "cancelled" };

export async function retryCode<T>(
  conversation: Flow,
  ctx: FlowContext,
  r: CodeRetry<T>,
): Promise<CodeOutcome<T>> {
  const badFormat = ctx.t("secure-code-bad-format");
  const check = (text: string) => {
    const code = normalizeCode(text);
    return code === undefined ? refuse(badFormat) : accept(code);
  };
  let prompt = r.prompt;
  for (let attempt = 1; ; attempt++) {
    const question = {
      prompt,
      keyboard: r.keyboard,
      notText: badFormat,
      check,
      secret: "code" as const,
      oneLive: r.oneLive,
      reopens: r.reopens,
    };
    const code =
      r.cancelData === undefined
        ? await ask(conversation, ctx, question)
        : await ask(conversation, ctx, { ...question, cancelData: r.cancelData });
    if (code === CANCELLED) return { ok: false, why: "cancelled" };
    const result = await r.send(code);
    if (!isWrongCode(result)) return { ok: true, value: result };
    const left = MAX_CODE_ATTEMPTS - attempt;
    if (left <= 0) return { ok: false, why: "exhausted" };
    prompt = r.wrongText?.(left, result.reason) ?? ctx.t("secure-code-wrong", { left });
  }
}

/**
 * Sends a code through the account's allowance (code-attempts.ts) in one exchanger call: the
 * exchanger's refusal of the code comes back as wrongCode(), anything else is thrown.
 */
export async function sendCode<T>(
  conversation: Flow,
  call: (caller: Caller, deps: BotDeps) => Promise<T>,
  isWrong: (error: unknown) => boolean = isCodeRefusal,
): Promise<T | WrongCode> {
  try {
    return await callExchanger(conversation, (caller, deps) =>
      deps.codeAttempts.send(caller, () => call(caller, deps), isWrong),
    );
  } catch (error) {
    if (error instanceof ExchangerError && isWrong(error)) return wrongCode(error.serverMessage);
    throw error;
  }
}
