/**
 * Where notification state lives in the KV, and switching notifications on and off.
 *
 * - `notify:due` — sorted set: chat id → when it is next due (epoch ms). The watcher asks only for
 *   members due now (ZRANGEBYSCORE), so a chat without moving orders costs nothing between its rare
 *   polls: no timer, no request, one small set member.
 * - `chat:<id>:notify` — what the watcher saw last (seen.ts); under the chat's prefix so /logout
 *   wipes it with everything else.
 * - `notify:lease:<id>` — held by the one instance polling the chat right now.
 * - settings.notify — the chat's choice, shown on screens; the watcher double-checks it.
 */
import type { Language } from "../config.js";
import type { SettingsStore } from "../storage/settings.js";
import type { KV } from "../storage/kv.js";
import { encodeSeen } from "./seen.js";

export const SCHEDULE_KEY = "notify:due";
export const seenKey = (chatId: number | string): string => `chat:${chatId}:notify`;
export const leaseKey = (chatId: number | string): string => `notify:lease:${chatId}`;

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
  await settings.update(chatId, { notify: true });
  await kv.set(seenKey(chatId), encodeSeen({ lang: language }));
  await kv.zadd(SCHEDULE_KEY, String(chatId), now);
}

/** Turns notifications off and forgets what was seen (switching on again starts a new baseline). */
export async function disableNotifications(kv: KV, settings: SettingsStore, chatId: number | string): Promise<void> {
  await settings.update(chatId, { notify: undefined });
  await kv.zrem(SCHEDULE_KEY, String(chatId));
  await kv.del(seenKey(chatId));
}
