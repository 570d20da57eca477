/**
 * Per-chat fairness inside one process, BEFORE `sequentialize`: a chat may have at most
 * `maxPending` updates running or queued here. The excess is dropped at once (and told to slow down),
 * and a press of a button identical to one already pending — the same data on the same message — is
 * coalesced into it (repeated presses of one screen become one render). Two messages may carry the
 * same data (a flow's "use the saved value" button under each of its prompts): a press on the next
 * prompt while the last one's press is still running is a new answer, never coalesced. So one chat's backlog never holds the runner's concurrency slots or
 * webhook connections for long, and other chats are served meanwhile.
 *
 * An album is one action: Telegram delivers its items (at most 10) together, so the items after an
 * album's first are admitted without counting toward `maxPending` — a user sending ten photos at once
 * loses none — while anything else the chat sends meanwhile is held to the limit as before.
 *
 * The counts live in this middleware instance (one bot), not in the store: they describe this
 * process's own queue. Across instances the chat budget (update-gate.ts) bounds the cost.
 */
import type { NextFunction } from "grammy";
import type { BotContext } from "../context.js";
import type { SlowDown } from "../core/slow-down.js";
import { ALBUM_MAX_ITEMS } from "../core/update-gate.js";

export interface ChatBacklogOptions {
  /** Updates of one chat running or waiting in this process. */
  maxPending: number;
  /** Answers a dropped update (must not throw). */
  onDropped(ctx: BotContext, how: SlowDown): Promise<void>;
}

interface Backlog {
  pending: number;
  /** Of `pending`: the album items admitted beyond the limit (an album's items after its first). */
  albumFollowers: number;
  /** Pending presses (pressKey) → how many. */
  presses: Map<string, number>;
  /** media_group_id → items of that album admitted while this backlog lasts. */
  albums: Map<string, number>;
}

/** Updates of one chat admitted while one runs: enough for a user who types ahead, never a flood. */
export const MAX_PENDING_PER_CHAT = 4;

/** A press as the backlog tells presses apart: the message it was made on and the button's data. */
function pressKey(ctx: BotContext): string | undefined {
  const query = ctx.callbackQuery;
  if (query?.data === undefined) return undefined;
  const on = query.message?.message_id ?? query.inline_message_id ?? "";
  return `${String(on)}:${query.data}`;
}

export function chatBacklog(options: ChatBacklogOptions) {
  const chats = new Map<number, Backlog>();
  return async (ctx: BotContext, next: NextFunction): Promise<void> => {
    const chatId = ctx.chatId;
    if (chatId === undefined) return next();
    const backlog = chats.get(chatId) ?? {
      pending: 0,
      albumFollowers: 0,
      presses: new Map<string, number>(),
      albums: new Map<string, number>(),
    };
    const press = pressKey(ctx);
    if (press !== undefined && backlog.presses.has(press))
      return options.onDropped(ctx, { coalesced: true });
    const album = ctx.message?.media_group_id;
    const albumSeen = album === undefined ? 0 : (backlog.albums.get(album) ?? 0);
    const follower = albumSeen >= 1 && albumSeen < ALBUM_MAX_ITEMS;
    if (!follower && backlog.pending - backlog.albumFollowers >= options.maxPending)
      return options.onDropped(ctx, {});

    backlog.pending++;
    if (follower) backlog.albumFollowers++;
    if (album !== undefined) backlog.albums.set(album, albumSeen + 1);
    if (press !== undefined) backlog.presses.set(press, (backlog.presses.get(press) ?? 0) + 1);
    chats.set(chatId, backlog);
    try {
      await next();
    } finally {
      backlog.pending--;
      if (follower) backlog.albumFollowers--;
      if (press !== undefined) {
        const left = backlog.presses.get(press)! - 1;
        if (left === 0) backlog.presses.delete(press);
        else backlog.presses.set(press, left);
      }
      if (backlog.pending === 0) chats.delete(chatId);
    }
  };
}
