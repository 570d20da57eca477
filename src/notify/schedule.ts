/**
 * Where notification state lives in the KV, and switching notifications on and off.
 *
 * - `notify:due` — sorted set: chat id → when it is next due (epoch ms). The watcher asks only for
 *   members due now (ZRANGEBYSCORE), so a chat without moving orders costs nothing between its rare
 *   polls: no timer, no request, one small set member.
 * - settings.seen (`chat:<id>:settings`) — what the watcher saw last (seen.ts); in the chat's
 *   settings so /logout wipes it with everything else, and no key of its own.
 *   The previous version kept it in `chat:<id>:notify`: still read until the chat's next save.
 * - `notify:moving` — sorted set, the same scores as `notify:due` for the chats with an order in motion
 *   (created, paid, suspended): the watcher takes these first, so when the chats outgrow the request
 *   budget the orders people are waiting on are not queued behind thousands of quiet chats.
 * - `notify:lease:<id>` — held by the one instance polling the chat right now.
 * - settings.notify — the chat's choice, shown on screens; the watcher double-checks it.
 */
import type { Language } from "../languages.js";
import type { ChatSettings, SettingsStore } from "../storage/settings.js";
import type { KV } from "../storage/kv.js";
import { decodeSeen, readSeen, seenRecord, type SeenState } from "./seen.js";

export const SCHEDULE_KEY = "notify:due";
export const MOVING_KEY = "notify:moving";
/** Where the previous version kept the watcher's state; read until the chat's next save, then deleted. */
export const legacySeenKey = (chatId: number | string): string => `chat:${chatId}:notify`;
export const leaseKey = (chatId: number | string): string => `notify:lease:${chatId}`;

/**
 * What the watcher saw last for a chat. State written before the upgrade (the legacy key) is read
 * exactly, so the first poll after an upgrade neither repeats nor misses a change. While old and new
 * instances run side by side, the legacy key wins when both exist: this version deletes it on every
 * save and on switching on, so if it exists an old instance wrote it after this version's last save
 * (e.g. switched off and on again there), and the settings' copy is the stale one.
 */
export async function loadSeen(
  kv: KV,
  settings: ChatSettings,
  chatId: number | string,
): Promise<{ state: SeenState; legacy: boolean }> {
  const raw = await kv.get(legacySeenKey(chatId));
  if (raw !== undefined) return { state: decodeSeen(raw), legacy: true };
  return { state: settings.seen === undefined ? {} : readSeen(settings.seen), legacy: false };
}

/**
 * Turns notifications on: a fresh state (no baseline, so the first poll announces nothing old) and
 * the chat due at once, so the baseline is taken within a tick.
 */
export async function enableNotifications(
  kv: KV,
  settings: SettingsStore,
  chatId: number,
  language: Language,
  now = Date.now(),
): Promise<void> {
  await settings.update(chatId, { notify: true, seen: seenRecord({ lang: language }) });
  await kv.del(legacySeenKey(chatId));
  await kv.zadd(SCHEDULE_KEY, String(chatId), now);
}

/** Turns notifications off and forgets what was seen (switching on again starts a new baseline). */
export async function disableNotifications(
  kv: KV,
  settings: SettingsStore,
  chatId: number | string,
): Promise<void> {
  await settings.update(chatId, { notify: undefined, seen: undefined });
  await kv.zrem(SCHEDULE_KEY, String(chatId));
  await kv.zrem(MOVING_KEY, String(chatId));
  await kv.del(legacySeenKey(chatId));
}

/** The chat is next due at `at`; `moving` (an order in motion) puts it among the chats taken first. */
export async function reschedule(
  kv: KV,
  chatId: string,
  at: number,
  moving: boolean,
): Promise<void> {
  await kv.zadd(SCHEDULE_KEY, chatId, at);
  if (moving) await kv.zadd(MOVING_KEY, chatId, at);
  else await kv.zrem(MOVING_KEY, chatId);
}

/**
 * The most of a batch chats in motion may take while other chats are due: so many orders in motion
 * that they alone outgrow the budget slow them a little, instead of stopping every other chat's polls.
 */
export const MOVING_SHARE_MAX = 0.8;

/** Up to `limit` chats due at `now`: those with an order in motion (up to MOVING_SHARE_MAX of them while others wait), then the others, longest overdue first. */
export async function dueChats(
  kv: KV,
  now: number,
  limit: number,
): Promise<{ moving: string[]; others: string[] }> {
  const moving = await kv.zrangeByScore(MOVING_KEY, now, limit);
  const taken = new Set(moving);
  const room = limit - Math.min(moving.length, Math.max(1, Math.floor(limit * MOVING_SHARE_MAX)));
  // Asked for `limit` more, not just the room: the moving chats are in this set too.
  const others =
    room === 0
      ? []
      : (await kv.zrangeByScore(SCHEDULE_KEY, now, limit))
          .filter((chatId) => !taken.has(chatId))
          .slice(0, room);
  return { moving: moving.slice(0, limit - others.length), others };
}

/** A chat whose last activity (seen.ts, `a`) is older than this is dormant: polled DORMANT_FACTOR times less often. */
export const DORMANT_AFTER_MS = 14 * 86_400_000;
export const DORMANT_FACTOR = 4;

/**
 * How long until the chat's next poll: NOTIFY_INTERVAL_MS while an order is in motion, otherwise
 * NOTIFY_IDLE_INTERVAL_MS, and DORMANT_FACTOR times that for a chat nobody used for weeks (it spends
 * the request budget on the chats likely to have news). State from before the activity mark counts as active.
 */
export function pollInterval(
  notify: { intervalMs: number; idleIntervalMs: number },
  chat: { moving: boolean; activeDay?: number },
  now: number,
): number {
  if (chat.moving) return notify.intervalMs;
  const dormant =
    chat.activeDay !== undefined && now - chat.activeDay * 86_400_000 > DORMANT_AFTER_MS;
  return dormant ? notify.idleIntervalMs * DORMANT_FACTOR : notify.idleIntervalMs;
}
