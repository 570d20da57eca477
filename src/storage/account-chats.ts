/**
 * Which chats are linked to which exchanger account: the account's own id (the user object's `id`,
 * exchanger/normalize/account.ts), never the key — an account may be linked from several chats and,
 * after its key was regenerated on the website, with several keys.
 *
 * Two entries per linked chat: `chat:<chat>:account` → the account id (wiped with the chat's other
 * keys), and the chat as a member of the sorted set `account:<id>:chats` (score: when it was bound).
 * Everything that speaks to "every chat of this account" (security notices, the exchanger's webhooks)
 * reads the set; nothing here is secret (an account id opens nothing).
 */
import { createHash } from "node:crypto";
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

export const accountChatsKey = (accountId: string) => `account:${accountPart(accountId)}:chats`;

export class AccountChats {
  constructor(
    private readonly kv: KV,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Binds the chat to the account (linking, or a read of the user object of a chat linked before this
   * index existed). Returns the account the chat was bound to before, when it was another one.
   * Costs one read when nothing changed.
   */
  async bind(chatId: ChatId, accountId: string): Promise<{ previous?: string; changed: boolean }> {
    const previous = await this.kv.get(chatAccountKey(chatId));
    if (previous === accountId) return { changed: false };
    if (previous !== undefined) await this.kv.zrem(accountChatsKey(previous), String(chatId));
    await Promise.all([
      this.kv.set(chatAccountKey(chatId), accountId),
      this.kv.zadd(accountChatsKey(accountId), String(chatId), this.now()),
    ]);
    return { ...(previous !== undefined && { previous }), changed: true };
  }

  /** Forgets the chat's account (unlinking, a rejected key); a chat bound to none is left as it is. */
  async unbind(chatId: ChatId): Promise<string | undefined> {
    const accountId = await this.kv.get(chatAccountKey(chatId));
    if (accountId === undefined) return undefined;
    await this.kv.zrem(accountChatsKey(accountId), String(chatId));
    await this.kv.del(chatAccountKey(chatId));
    return accountId;
  }

  /** The account the chat is linked to, when known. */
  accountOf(chatId: ChatId): Promise<string | undefined> {
    return this.kv.get(chatAccountKey(chatId));
  }

  /** Every chat linked to the account, earliest bound first. */
  async chatsOf(accountId: string): Promise<string[]> {
    return this.kv.zrangeByScore(accountChatsKey(accountId), Number.POSITIVE_INFINITY, MAX_CHATS);
  }
}
