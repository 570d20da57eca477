/**
 * Polling as reconciliation. While the exchanger's webhooks arrive (src/events/pace.ts says so), an
 * order's change reaches its chats through the event, and a chat's own polls only catch what a lost
 * batch would have left unsaid: each poll is scheduled at EXCHANGER_WEBHOOK_RECONCILE_MS (or the
 * chat's usual interval when that is longer). When batches stop, every chat is back to its usual
 * interval by itself:
 *
 * - `notify:normal-due` — sorted set, for each chat scheduled at the slow pace: when its next poll
 *   would have been due at the usual pace. While no batch arrives, each tick moves the chats whose
 *   usual time has come back into the schedule, due now (at most one batch of them per tick, so
 *   the return is spread like any other backlog). A chat polled at the usual pace leaves the set.
 */
import type { KV } from "../storage/kv.js";
import { MOVING_KEY, reschedule, SCHEDULE_KEY } from "./schedule.js";

export const NORMAL_DUE_KEY = "notify:normal-due";

/** Whether polls may slow down now, and to what (src/events/pace.ts implements it). */
export interface PollPace {
  /** EXCHANGER_WEBHOOK_RECONCILE_MS */
  readonly reconcileMs: number;
  /** A batch arrived within the last few scheduler intervals. */
  live(): Promise<boolean>;
}

/**
 * Schedules the chat's next poll `usualMs` from now, or at the reconciliation pace while batches
 * arrive. Without a pace (webhooks not configured) exactly as before: one schedule write.
 */
export async function scheduleNextPoll(
  kv: KV,
  pace: PollPace | undefined,
  chat: { chatId: string; moving: boolean; now: number; usualMs: number },
): Promise<void> {
  const { chatId, moving, now, usualMs } = chat;
  const slow = pace !== undefined && (await pace.live()) && pace.reconcileMs > usualMs;
  await reschedule(kv, chatId, now + (slow ? pace.reconcileMs : usualMs), moving);
  if (slow) await kv.zadd(NORMAL_DUE_KEY, chatId, now + usualMs);
  else if (pace !== undefined) await kv.zrem(NORMAL_DUE_KEY, chatId);
}

/** Batches stopped: up to `limit` chats whose usual time has come are due now again. Returns how many. */
export async function returnToUsualPace(kv: KV, now: number, limit: number): Promise<number> {
  const back = await kv.zrangeByScore(NORMAL_DUE_KEY, now, limit);
  for (const chatId of back) {
    const moving = (await kv.zscore(MOVING_KEY, chatId)) !== undefined;
    // Only chats still scheduled: one switched off meanwhile stays off.
    if ((await kv.zscore(SCHEDULE_KEY, chatId)) !== undefined)
      await reschedule(kv, chatId, now, moving);
    await kv.zrem(NORMAL_DUE_KEY, chatId);
  }
  return back.length;
}
