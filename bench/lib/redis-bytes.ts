/**
 * Redis bytes per chat (P3, P6): MEMORY USAGE summed over every key that names one of the chats.
 *
 * A key that expires within a minute (the chat's update budget `cb:<chat>`: it lives 60 s after the
 * chat's first update of a window) is per-chat state only while the chat is active; an idle chat no
 * longer has it. Those are summed apart ("transient"), so the figure is what an idle chat costs and
 * the note says what an active one adds. Keys naming no chat (remembered update ids, shared sets) are
 * listed for the note; a shared key's share per chat is the caller's to add.
 */
import type { Redis } from "ioredis";

/** Longest time-to-live counted as transient (the chat budget's window). */
const TRANSIENT_MS = 60_000;

export interface ChatBytes {
  /** Mean bytes per chat of its lasting keys. */
  lasting: number;
  /** Mean bytes per chat of keys that expire within a minute. */
  transient: number;
  /** One chat's keys, the chat id shown as <chat>; transient ones marked "(60 s)". */
  sampleKeys: string[];
  /** Keys (without prefix) naming none of the chats. */
  unowned: string[];
}

export async function bytesPerChat(
  redis: Redis,
  prefix: string,
  chats: readonly number[],
): Promise<ChatBytes> {
  const ids = new Set(chats.map(String));
  const perChat = new Map<string, { lasting: number; transient: number; keys: string[] }>();
  const unowned: string[] = [];
  for (const key of await redis.keys(`${prefix}*`)) {
    const name = key.slice(prefix.length);
    const owner = name.split(":").find((part) => ids.has(part));
    if (owner === undefined) {
      unowned.push(name);
      continue;
    }
    const bytes = Number(await redis.call("MEMORY", "USAGE", key, "SAMPLES", "0"));
    const ttl = await redis.pttl(key);
    const transient = ttl > 0 && ttl <= TRANSIENT_MS;
    const entry = perChat.get(owner) ?? { lasting: 0, transient: 0, keys: [] };
    if (transient) entry.transient += bytes;
    else entry.lasting += bytes;
    entry.keys.push(name.replace(owner, "<chat>") + (transient ? " (60 s)" : ""));
    perChat.set(owner, entry);
  }
  const sum = (pick: (e: { lasting: number; transient: number }) => number) =>
    [...perChat.values()].reduce((a, e) => a + pick(e), 0) / chats.length;
  return {
    lasting: sum((e) => e.lasting),
    transient: sum((e) => e.transient),
    sampleKeys: perChat.values().next().value?.keys ?? [],
    unowned,
  };
}
