/**
 * Per-chat settings, stored as a tiny JSON value under `chat:<id>:settings`.
 * Nothing secret lives here (the API key is in the vault), so it is stored unencrypted and compact:
 * every idle linked chat costs its Redis bytes (goal ≤ 400 B for all of a chat's keys).
 */
import type { Language } from "../config.js";
import type { KV } from "./kv.js";

export interface ChatSettings {
  /** Chosen UI language; absent → follow Telegram's language of the user. */
  lang?: Language;
  /** Whether the account has 2FA on, as last learned (user object, exchanger error or our own setup). */
  twofa?: boolean;
  /** Order status notifications switched on. */
  notify?: boolean;
  /**
   * The kinds, stored only when they differ from the default (compact, and a chat switched on before
   * the kinds existed keeps both): notifyNew / notifyStatus false = that kind is off; notifyQuiet
   * true = delivered silently (disable_notification). Read them through notifyPrefs.
   */
  notifyNew?: boolean;
  notifyStatus?: boolean;
  notifyQuiet?: boolean;
}

export interface NotifyPrefs {
  /** A new order is announced. */
  newOrders: boolean;
  /** A status change is announced. */
  statusChanges: boolean;
  /** Sent without sound. */
  quiet: boolean;
}

/** What the chat gets, as the /notify screen shows it and the watcher honours it. */
export function notifyPrefs(settings: ChatSettings): NotifyPrefs {
  const on = settings.notify === true;
  return {
    newOrders: on && settings.notifyNew !== false,
    statusChanges: on && settings.notifyStatus !== false,
    quiet: settings.notifyQuiet === true,
  };
}

/** The settings patch storing these kinds (defaults stored as absent). */
export function kindsPatch(prefs: Pick<NotifyPrefs, "newOrders" | "statusChanges">): Partial<ChatSettings> {
  return { notifyNew: prefs.newOrders ? undefined : false, notifyStatus: prefs.statusChanges ? undefined : false };
}

export const chatKeyPrefix = (chatId: number | string): string => `chat:${chatId}:`;
export const settingsKey = (chatId: number | string): string => `${chatKeyPrefix(chatId)}settings`;

/** The stored JSON as settings; nothing stored, or something unreadable, is "no settings". */
export function parseSettings(raw: string | undefined): ChatSettings {
  if (raw === undefined) return {};
  try {
    return JSON.parse(raw) as ChatSettings;
  } catch {
    return {};
  }
}

export class SettingsStore {
  constructor(private readonly kv: KV) {}

  private key(chatId: number | string): string {
    return settingsKey(chatId);
  }

  async get(chatId: number | string): Promise<ChatSettings> {
    return parseSettings(await this.kv.get(this.key(chatId)));
  }

  async update(chatId: number | string, patch: Partial<ChatSettings>): Promise<ChatSettings> {
    const next = { ...(await this.get(chatId)), ...patch };
    for (const [k, v] of Object.entries(next)) if (v === undefined) delete next[k as keyof ChatSettings];
    if (Object.keys(next).length === 0) await this.kv.del(this.key(chatId));
    else await this.kv.set(this.key(chatId), JSON.stringify(next));
    return next;
  }

  /** Wipes every key of the chat (settings, vault entry, feature state). */
  async wipeChat(chatId: number | string): Promise<void> {
    const keys = await this.kv.keys(chatKeyPrefix(chatId));
    if (keys.length > 0) await this.kv.del(...keys);
  }
}
