/**
 * Which chats are linked to which exchanger account: the account's own id (the user object's `id`,
 * exchanger/normalize/account.ts), never the key — an account may be linked from several chats and,
 * after its key was regenerated on the website, with several keys.
 *
 * Two entries per linked chat: `chat:<chat>:account` → the account id and the language the chat was
 * linked in (wiped with the chat's other keys; the language tells a chat that never chose one on
 * /language its account's notices in the language it speaks), and the chat as a member of the sorted
 * set `account:<id>:chats` (score: when it was bound).
 * Everything that speaks to "every chat of this account" (security notices, the exchanger's webhooks)
 * reads the set; nothing here is secret (an account id opens nothing).
 */
import { createHash } from "node:crypto";
import { LANGUAGES, type Language } from "../languages.js";
import type { KV } from "./kv.js";

type ChatId = number | string;

/** Most chats one account's notices reach: a bound no real account comes near. */
const MAX_CHATS = 1_000;

const chatAccountKey = (chatId: ChatId) => `chat:${chatId}:account`;

/** Ids are opaque text from the exchanger: a plain one is kept readable, anything else hashed. */
export function accountPart(accountId: string): string {
  if (/^[A-Za-z0-9_.-]{1,64}$/.test(accountId)) return accountId;
  return `h${createHash("sha256").update(accountId).digest("hex").slice(0, 32)}`;
}

/** A key of the account's own (`account:<id>:<name>`): its chats, its security events. */
export const accountKey = (accountId: string, name: string) =>
  `account:${accountPart(accountId)}:${name}`;
export const accountChatsKey = (accountId: string) => accountKey(accountId, "chats");

/** What a chat is bound to: the account, and the language it was linked in when known. */
export interface Binding {
  accountId: string;
  language?: Language;
}

/** Stored as JSON; a value written before the language was kept is the bare account id. */
function readBinding(value: string | undefined): Binding | undefined {
  if (value === undefined) return undefined;
  if (value.startsWith("{")) {
    try {
      const parsed = JSON.parse(value) as { a?: unknown; l?: unknown };
      if (typeof parsed.a === "string")
        return {
          accountId: parsed.a,
          ...(LANGUAGES.includes(parsed.l as Language) && { language: parsed.l as Language }),
        };
    } catch {
      // Not ours: an account id that happens to start with "{".
    }
  }
  return { accountId: value };
}

const writeBinding = (binding: Binding) =>
  JSON.stringify({ a: binding.accountId, ...(binding.language && { l: binding.language }) });

export class AccountChats {
  constructor(
    private readonly kv: KV,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Binds the chat to the account (linking, or a read of the user object of a chat linked before this
   * index existed), in the chat's language when given. Returns the account the chat was bound to
   * before, when it was another one; `changed` is false when it was this account already (then only a
   * new language is written). Costs one read when nothing changed.
   */
  async bind(
    chatId: ChatId,
    accountId: string,
    language?: Language,
  ): Promise<{ previous?: string; changed: boolean }> {
    const before = readBinding(await this.kv.get(chatAccountKey(chatId)));
    const binding = { accountId, language: language ?? before?.language };
    const previous = before?.accountId;
    if (previous === accountId) {
      if (language !== undefined && before?.language !== language)
        await this.kv.set(chatAccountKey(chatId), writeBinding(binding));
      return { changed: false };
    }
    if (previous !== undefined) await this.kv.zrem(accountChatsKey(previous), String(chatId));
    await Promise.all([
      this.kv.set(chatAccountKey(chatId), writeBinding(binding)),
      this.kv.zadd(accountChatsKey(accountId), String(chatId), this.now()),
    ]);
    return { ...(previous !== undefined && { previous }), changed: true };
  }

  /** Forgets the chat's account (unlinking, a rejected key); a chat bound to none is left as it is. */
  async unbind(chatId: ChatId): Promise<string | undefined> {
    const accountId = readBinding(await this.kv.get(chatAccountKey(chatId)))?.accountId;
    if (accountId === undefined) return undefined;
    await this.kv.zrem(accountChatsKey(accountId), String(chatId));
    await this.kv.del(chatAccountKey(chatId));
    return accountId;
  }

  /** The account the chat is linked to, when known. */
  async accountOf(chatId: ChatId): Promise<string | undefined> {
    return (await this.bindingOf(chatId))?.accountId;
  }

  /** The account the chat is linked to and the language it was linked in, when known. */
  async bindingOf(chatId: ChatId): Promise<Binding | undefined> {
    return readBinding(await this.kv.get(chatAccountKey(chatId)));
  }

  /** Every chat linked to the account, earliest bound first. */
  async chatsOf(accountId: string): Promise<string[]> {
    return this.kv.zrangeByScore(accountChatsKey(accountId), Number.POSITIVE_INFINITY, MAX_CHATS);
  }
}
