/**
 * Per-chat settings, stored as a tiny JSON value under `chat:<id>:settings`.
 * Nothing secret lives here (the API key is in the vault), so it is stored unencrypted and compact:
 * every idle linked chat costs its Redis bytes (goal ≤ 400 B for all of a chat's keys).
 */
import type { Language } from "../languages.js";
import { compareAndSet, type KV } from "./kv.js";

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
  /**
   * Account notices, independent of order notifications and on by default (stored only when off):
   * notifyVerification false = the verification request's decisions are not told; the security feed's
   * kinds — notifyAccount (the exchanger blocking or unblocking the account, switched on /notify and
   * /activity alike), notifyPassword, notifyTwoFactor, notifyDetails. Read them through
   * wantsAccountNotice.
   */
  notifyVerification?: boolean;
  notifyAccount?: boolean;
  notifyPassword?: boolean;
  notifyTwoFactor?: boolean;
  notifyDetails?: boolean;
  /**
   * What the notification watcher saw last (src/notify/seen.ts owns the format; opaque here). Kept in
   * this key instead of one of its own: a key costs Redis overhead per chat.
   */
  seen?: unknown;
}

export interface NotifyPrefs {
  /** A new order is announced. */
  newOrders: boolean;
  /** A status change is announced. */
  statusChanges: boolean;
  /** Sent without sound. */
  quiet: boolean;
  /** A verification request approved or rejected is told (no polling: the exchanger's webhooks). */
  verification: boolean;
  /** The account being blocked or unblocked is told. */
  accountStatus: boolean;
}

/** What the chat gets, as the /notify screen shows it and the watcher honours it. */
export function notifyPrefs(settings: ChatSettings): NotifyPrefs {
  const on = settings.notify === true;
  return {
    newOrders: on && settings.notifyNew !== false,
    statusChanges: on && settings.notifyStatus !== false,
    quiet: settings.notifyQuiet === true,
    verification: settings.notifyVerification !== false,
    accountStatus: settings.notifyAccount !== false,
  };
}

/** The settings patch storing these kinds (defaults stored as absent). */
export function kindsPatch(
  prefs: Pick<NotifyPrefs, "newOrders" | "statusChanges">,
): Partial<ChatSettings> {
  return {
    notifyNew: prefs.newOrders ? undefined : false,
    notifyStatus: prefs.statusChanges ? undefined : false,
  };
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

/** Compare-and-set rounds before giving up; only the watcher's one save per poll competes. */
const MAX_ATTEMPTS = 5;

export class SettingsStore {
  constructor(private readonly kv: KV) {}

  private key(chatId: number | string): string {
    return settingsKey(chatId);
  }

  async get(chatId: number | string): Promise<ChatSettings> {
    return parseSettings(await this.kv.get(this.key(chatId)));
  }

  async update(chatId: number | string, patch: Partial<ChatSettings>): Promise<ChatSettings> {
    return this.change(chatId, (current) => ({ ...current, ...patch }));
  }

  /**
   * Applies `change` to the stored settings as one compare-and-set: two writers touch this key (the
   * chat's own updates, and the notification watcher saving what it saw, from any instance), so a
   * write made from a stale read would undo the other's (a language change, or a switch-off the
   * watcher would turn back on). When the value moved meanwhile, it is read again and `change`
   * re-applied. `change` returning undefined writes nothing (returns the settings as they are).
   */
  async change(
    chatId: number | string,
    change: (current: ChatSettings) => ChatSettings | undefined,
  ): Promise<ChatSettings> {
    const key = this.key(chatId);
    for (let attempt = 1; ; attempt++) {
      const raw = await this.kv.get(key);
      const current = parseSettings(raw);
      const wanted = change(current);
      if (wanted === undefined) return current;
      const next = { ...wanted };
      for (const [k, v] of Object.entries(next))
        if (v === undefined) delete next[k as keyof ChatSettings];
      if (await this.#replace(key, raw, next)) return next;
      if (attempt >= MAX_ATTEMPTS)
        throw new Error(
          `settings of chat ${chatId} changed ${MAX_ATTEMPTS} times during one write`,
        );
    }
  }

  /**
   * Writes `next` only while the stored value is still `raw`; false → it moved. Only the chat's own
   * (serialized) updates create settings: the watcher writes only while notifications are on, i.e.
   * while the value exists, so nothing can race a first write.
   */
  #replace(key: string, raw: string | undefined, next: ChatSettings): Promise<boolean> {
    const value = Object.keys(next).length === 0 ? undefined : JSON.stringify(next);
    return compareAndSet(this.kv, key, raw, value);
  }

  /** Wipes every key of the chat (settings, vault entry, feature state). */
  async wipeChat(chatId: number | string): Promise<void> {
    const keys = await this.kv.keys(chatKeyPrefix(chatId));
    if (keys.length > 0) await this.kv.del(...keys);
  }
}

/**
 * The security feed's kinds of account events (src/notify/account-events/): every chat of an
 * exchanger account is told of each, in its language, unless it muted the kind's switch.
 */
export const ACCOUNT_EVENT_KINDS = [
  "chat-linked",
  "password-changed",
  "two-factor-on",
  "two-factor-off",
  "detail-added",
  "detail-deleted",
  "key-stopped",
  "account-blocked",
  "account-unblocked",
] as const;
export type AccountEventKind = (typeof ACCOUNT_EVENT_KINDS)[number];

/**
 * The switch (a ChatSettings field, false = muted, absent = on) of each kind a chat may mute. "Another
 * chat linked" and "key no longer works" have none: a chat always hears that someone else may hold
 * the account, or that its key is dead.
 */
export const ACCOUNT_NOTICE_SWITCHES = {
  "password-changed": "notifyPassword",
  "two-factor-on": "notifyTwoFactor",
  "two-factor-off": "notifyTwoFactor",
  "detail-added": "notifyDetails",
  "detail-deleted": "notifyDetails",
  "account-blocked": "notifyAccount",
  "account-unblocked": "notifyAccount",
} as const satisfies Partial<Record<AccountEventKind, keyof ChatSettings>>;
export type AccountNoticeSwitch =
  (typeof ACCOUNT_NOTICE_SWITCHES)[keyof typeof ACCOUNT_NOTICE_SWITCHES];
/** The switches in the order a screen lists them. */
export const ACCOUNT_NOTICE_SWITCH_LIST: readonly AccountNoticeSwitch[] = [
  "notifyPassword",
  "notifyTwoFactor",
  "notifyDetails",
  "notifyAccount",
];

/** Whether the chat is told of this kind of account event (on unless its switch is false). */
export function wantsAccountNotice(settings: ChatSettings, kind: AccountEventKind): boolean {
  const name = (ACCOUNT_NOTICE_SWITCHES as Partial<Record<AccountEventKind, AccountNoticeSwitch>>)[
    kind
  ];
  return name === undefined || settings[name] !== false;
}
