/**
 * The Bot API calls made while starting (getMe, setWebhook / deleteWebhook, setMyCommands) must
 * neither hang silently nor give up on a short outage. The auto-retry plugin on bot.api retries a
 * network error forever without a word, so each attempt here gets its own deadline; a failed
 * attempt is logged with its reason and retried with a growing pause. A refusal by Telegram itself
 * (a wrong token) is not retried: it is reported and start-up stops.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { GrammyError, HttpError, type Api } from "grammy";
import type { Logger } from "./logger.js";

export interface StartupRetry {
  /** One attempt's budget, retries inside auto-retry included. */
  attemptTimeoutMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_STARTUP_RETRY: StartupRetry = {
  attemptTimeoutMs: 10_000,
  firstDelayMs: 1_000,
  maxDelayMs: 60_000,
};

export interface StartupContext {
  logger: Logger;
  /** TELEGRAM_API_ROOT, named in the log so the operator knows which address failed. */
  apiRoot: string;
  retry?: StartupRetry;
}

/** grammY types its signals with the abort-controller shim; at run time Node's own AbortSignal is what it passes on. */
export type TelegramSignal = NonNullable<Parameters<Api["getMe"]>[0]>;

/** Runs `call` until Telegram answers it; `step` names it in the log ("getMe", "setWebhook"...). */
export async function callTelegramAtStartup<T>(
  step: string,
  call: (signal: TelegramSignal) => Promise<T>,
  context: StartupContext,
): Promise<T> {
  const retry = context.retry ?? DEFAULT_STARTUP_RETRY;
  let delayMs = retry.firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    const signal = AbortSignal.timeout(retry.attemptTimeoutMs);
    try {
      return await call(signal as unknown as TelegramSignal);
    } catch (error) {
      const reason = signal.aborted
        ? `no answer within ${Math.round(retry.attemptTimeoutMs / 1000)} s`
        : transientReason(error);
      if (reason === undefined) throw refusal(step, error);
      context.logger.warn(
        { step, apiRoot: context.apiRoot, reason, attempt, retryInSeconds: delayMs / 1000 },
        "cannot reach the Telegram Bot API while starting; retrying (check the network or TELEGRAM_API_ROOT)",
      );
      await sleep(delayMs);
      delayMs = Math.min(delayMs * 2, retry.maxDelayMs);
    }
  }
}

/** Why a failure is worth retrying (network trouble, Telegram overloaded), or undefined when it is not. */
function transientReason(error: unknown): string | undefined {
  if (error instanceof HttpError) return withoutToken(describeCause(error.error));
  if (error instanceof GrammyError && (error.error_code >= 500 || error.error_code === 429))
    return `${error.error_code} ${error.description}`;
  return undefined;
}

function refusal(step: string, error: unknown): Error {
  if (error instanceof GrammyError) {
    const hint =
      error.error_code === 401 || error.error_code === 404
        ? " — check BOT_TOKEN (the token @BotFather gave you)"
        : "";
    return new Error(`Telegram refused ${step}: ${error.error_code} ${error.description}${hint}`);
  }
  return new Error(
    `${step} failed while starting: ${withoutToken(error instanceof Error ? error.message : String(error))}`,
  );
}

/** The innermost useful description of a network failure (undici nests the system error as `cause`). */
function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const code = cause?.code ?? (error as { code?: string } | null)?.code;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return code !== undefined && !message.includes(code) ? `${code}: ${message}` : message;
}

/** Request URLs contain the bot token (`/bot<token>/getMe`): never let one reach a log line. */
function withoutToken(text: string): string {
  return text.replace(/\d+:[A-Za-z0-9_-]{20,}/g, "[bot token]");
}
