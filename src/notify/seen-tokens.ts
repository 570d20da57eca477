/**
 * Which chats have seen which order, by its token: how an order event of the exchanger's webhooks
 * (src/events/) finds the chats it concerns without trusting a position of the event's row. A token
 * is a long random string unique to one order, so a string of the row equal to a token a chat saw
 * names that chat's order, wherever the row puts it.
 *
 * Fed where the bot already records what a chat saw (the watcher's polls, the orders screens:
 * watcher.ts, shown.ts), and only with orders still in motion: those are the ones whose next status
 * the exchanger will push (a finished order's rare later change is left to the polls).
 *
 * Stored as `notify:tok:<hash>` → "chat,chat,…": the hash is a truncated SHA-256 of the token, never
 * the token itself (a token is the order's handle: with it one could pay the order from a balance).
 * Bounded: at most MAX_CHATS chats per token, and every entry expires TTL_MS after it was created.
 */
import { createHash } from "node:crypto";
import { isActiveStatus, type Order } from "../exchanger/index.js";
import type { KV } from "../storage/kv.js";

/** An entry lives this long after the first chat saw the token: orders rarely move for longer. */
export const TOKEN_TTL_MS = 14 * 86_400_000;
/** Chats per token: every chat linked to one account (a family, a shop's staff), with room to spare. */
const MAX_CHATS = 16;
/** What may be a token: shorter strings are words and codes, longer ones are not handles. */
const MIN_LENGTH = 8;
const MAX_LENGTH = 128;
/** Strings of one event row looked up at most (a row is a few dozen values). */
const MAX_LOOKUPS = 64;
/** Compare-and-set rounds before an entry is left as it is (only chats of one account race on it). */
const MAX_ATTEMPTS = 5;

const tokenKey = (token: string): string =>
  `notify:tok:${createHash("sha256").update(token).digest("base64url").slice(0, 22)}`;

const mayBeToken = (value: unknown): value is string =>
  typeof value === "string" && value.length >= MIN_LENGTH && value.length <= MAX_LENGTH;

/** The tokens worth indexing among orders a chat saw: those of orders still in motion. */
export function movingTokens(orders: readonly Pick<Order, "status" | "token">[]): string[] {
  return orders
    .filter((order) => mayBeToken(order.token) && isActiveStatus(order.status))
    .map((order) => order.token!);
}

export class SeenTokens {
  constructor(
    private readonly kv: KV,
    private readonly ttlMs = TOKEN_TTL_MS,
  ) {}

  /** Records that the chat saw these tokens; one read per token, a write only for a chat not yet listed. */
  async record(chatId: number | string, tokens: readonly string[]): Promise<void> {
    for (const token of new Set(tokens.filter(mayBeToken)))
      await this.#add(tokenKey(token), String(chatId));
  }

  /** The chats that saw any of these values as a token (one round trip for the whole row). */
  async chatsOf(values: readonly unknown[]): Promise<string[]> {
    const keys = [...new Set(values.filter(mayBeToken))].slice(0, MAX_LOOKUPS).map(tokenKey);
    if (keys.length === 0) return [];
    const found = await this.kv.mget(keys);
    return [...new Set(found.flatMap((list) => (list === undefined ? [] : list.split(","))))];
  }

  async #add(key: string, chatId: string): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.kv.get(key);
      if (current === undefined) {
        if (await this.kv.setIfAbsent(key, chatId, this.ttlMs)) return;
        continue;
      }
      const chats = current.split(",");
      if (chats.includes(chatId)) return;
      // The newest chats stay: the oldest link is the likeliest to be gone.
      const next = [...chats, chatId].slice(-MAX_CHATS).join(",");
      if (!this.kv.replaceIf) return void (await this.kv.set(key, next, this.ttlMs));
      if (await this.kv.replaceIf(key, current, next)) return;
    }
  }
}
