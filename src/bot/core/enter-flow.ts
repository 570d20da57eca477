/**
 * Entering a flow: refused while another one runs (finish it or /cancel), and for flows that send a
 * 2FA code, refused while the account may send none (code-attempts.ts).
 */
import type { BotContext, FlowContext } from "../context.js";
import { withCaller } from "./caller.js";
import { minutesToWait } from "./code-attempts.js";
import { flowRunning } from "./flow-running.js";

/**
 * True, and the user told to wait N minutes, while the account may send no 2FA code (too many wrong
 * ones, code-attempts.ts): money and security flows are refused before they ask for anything.
 */
export async function refuseWhileCodesLocked(ctx: FlowContext): Promise<boolean> {
  const waitMs = await withCaller(ctx, (caller) => ctx.deps.codeAttempts.lockedFor(caller));
  if (waitMs === 0) return false;
  const text = ctx.t("secure-codes-locked", { minutes: minutesToWait(waitMs) });
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text });
  await ctx.reply(text);
  return true;
}

/** enterFlow for flows that send a 2FA code (password, 2FA on/off): refused while codes are locked. */
export async function enterCodeFlow(ctx: BotContext, id: string): Promise<void> {
  if (await refuseWhileCodesLocked(ctx)) return;
  await enterFlow(ctx, id);
}

/** Enters a flow unless another one is running (it would throw); then says to finish or /cancel it. */
export async function enterFlow(ctx: BotContext, id: string, ...args: unknown[]): Promise<void> {
  if (flowRunning(ctx)) {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: ctx.t("secure-flow-busy") });
    else await ctx.reply(ctx.t("secure-flow-busy"));
    return;
  }
  if (ctx.callbackQuery) await ctx.answerCallbackQuery();
  await ctx.conversation.enter(id, ...args);
}
