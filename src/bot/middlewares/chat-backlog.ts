/**
 * Per-chat fairness inside one process, BEFORE `sequentialize`: a chat may have at most
 * `maxPending` updates running or queued here. The excess is dropped at once (and told to slow down),
 * and a button press identical to one already pending is coalesced into it (repeated presses of one
 * screen become one render). So one chat's backlog never holds the runner's concurrency slots or
 * webhook connections for long, and other chats are served meanwhile.
 *
 * The counts live in this middleware instance (one bot), not in the store: they describe this
 * process's own queue. Across instances the chat budget (update-gate.ts) bounds the cost.
 */
import type { NextFunction } from "grammy";
import type { BotContext } from "../context.js";
import type { SlowDown } from "../core/slow-down.js";

export interface ChatBacklogOptions {
  /** Updates of one chat running or waiting in this process. */
  maxPending: number;
  /** Answers a dropped update (must not throw). */
  onDropped(ctx: BotContext, how: SlowDown): Promise<void>;
}

interface Backlog {
  pending: number;
  /** callback_data of pending presses → how many. */
  presses: Map<string, number>;
}

/** Updates of one chat admitted while one runs: enough for a user who types ahead, never a flood. */
export const MAX_PENDING_PER_CHAT = 4;

export function chatBacklog(options: ChatBacklogOptions) {
  const chats = new Map<number, Backlog>();
  return async (ctx: BotContext, next: NextFunction): Promise<void> => {
    const chatId = ctx.chatId;
    if (chatId === undefined) return next();
    const backlog = chats.get(chatId) ?? { pending: 0, presses: new Map<string, number>() };
    const press = ctx.callbackQuery?.data;
    if (press !== undefined && backlog.presses.has(press)) return options.onDropped(ctx, { coalesced: true });
    if (backlog.pending >= options.maxPending) return options.onDropped(ctx, {});

    backlog.pending++;
    if (press !== undefined) backlog.presses.set(press, (backlog.presses.get(press) ?? 0) + 1);
    chats.set(chatId, backlog);
    try {
      await next();
    } finally {
      backlog.pending--;
      if (press !== undefined) {
        const left = backlog.presses.get(press)! - 1;
        if (left === 0) backlog.presses.delete(press);
        else backlog.presses.set(press, left);
      }
      if (backlog.pending === 0) chats.delete(chatId);
    }
  };
}
