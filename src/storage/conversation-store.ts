/**
 * Encrypted, TTL'd storage adapter for @grammyjs/conversations v2.
 *
 * The plugin's state is the replay log of every update the user sent inside a flow — order tokens,
 * passwords, 2FA codes — as plain JSON (docs/design.md, "Facts about the libraries"). So each state is sealed (AAD
 * `conv:<key>`, which is also its KV key) and stored with a TTL: abandoned flows are cleaned only
 * by expiry. Reading never revives dates (§2.3): JSON.parse without a reviver, autoParseDates off.
 *
 * Layout: `conv:<plugin key>` in the KV namespace (after the global Redis prefix), the value being
 * the sealed string JSON-encoded — the encoding @grammyjs/storage-redis uses — in both backends,
 * so rotation treats them alike.
 */
import { RedisAdapter } from "@grammyjs/storage-redis";
import type { StorageAdapter } from "grammy";
import type { Redis } from "ioredis";
import { DecryptError, type Keyring } from "./crypto.js";
import { ttlArg, type KV } from "./kv.js";
import type { Logger } from "../logger.js";

export const CONVERSATION_NAMESPACE = "conv:";
/** The KV key (without the global Redis prefix) holding the state the plugin stores under `key`. */
export const conversationStorageKey = (key: string): string => CONVERSATION_NAMESPACE + key;
export const DEFAULT_CONVERSATION_TTL_MS = 60 * 60 * 1000;

/** Raw store of sealed strings, addressed by KV key (without the global Redis prefix). */
export type SealedStore = StorageAdapter<string>;

/** Redis: @grammyjs/storage-redis under the same global prefix RedisKV uses. TTL resets on every write. */
export function redisSealedStore(redis: Redis, prefix: string, ttlMs: number): SealedStore {
  const inner = new RedisAdapter<string>({
    instance: redis,
    ttl: Math.ceil(ttlArg(ttlMs) / 1000),
    autoParseDates: false,
  });
  return {
    read: (key) => inner.read(prefix + key),
    write: (key, value) => inner.write(prefix + key, value),
    delete: (key) => inner.delete(prefix + key),
  };
}

/** Embedded mode: the same JSON-string encoding over any KV (FileKV). */
export function kvSealedStore(kv: KV, ttlMs: number): SealedStore {
  const ttl = ttlArg(ttlMs);
  return {
    read: async (key) => {
      const raw = await kv.get(key);
      return raw === undefined ? undefined : (JSON.parse(raw) as string);
    },
    write: (key, value) => kv.set(key, JSON.stringify(value), ttl),
    delete: (key) => kv.del(key),
  };
}

export class EncryptedConversationAdapter<T> implements StorageAdapter<T> {
  constructor(
    private readonly store: SealedStore,
    private readonly keyring: Keyring,
    private readonly logger?: Logger,
  ) {}

  /** A state that cannot be opened reads as absent: the flow restarts instead of the bot failing. */
  async read(key: string): Promise<T | undefined> {
    const id = conversationStorageKey(key);
    return this.#open(id, () => this.store.read(id));
  }

  /**
   * `read` for the value stored under `conversationStorageKey(key)` as the caller read it from the KV
   * itself (with other keys, in one round trip). Both stores keep the sealed string JSON-encoded.
   */
  openStored(key: string, stored: string | undefined): Promise<T | undefined> {
    const id = conversationStorageKey(key);
    return this.#open(id, () =>
      stored === undefined ? undefined : (JSON.parse(stored) as unknown),
    );
  }

  async #open(id: string, load: () => unknown): Promise<T | undefined> {
    try {
      const sealed = await load();
      if (sealed === undefined) return undefined;
      if (typeof sealed !== "string") throw new DecryptError("malformed");
      return JSON.parse(this.keyring.open(sealed, id)) as T;
    } catch (error) {
      // SyntaxError: a raw value that is not JSON. Anything else (Redis down) is a real failure.
      if (!(error instanceof DecryptError) && !(error instanceof SyntaxError)) throw error;
      const reason = error instanceof DecryptError ? error.reason : "malformed";
      this.logger?.warn(
        { storageKey: id, reason },
        "conversation state cannot be decrypted; the flow restarts",
      );
      return undefined;
    }
  }

  async write(key: string, value: T): Promise<void> {
    const id = conversationStorageKey(key);
    const json = JSON.stringify(value);
    if (json === undefined) return this.store.delete(id); // nothing serializable to keep
    await this.store.write(id, this.keyring.seal(json, id));
  }

  async delete(key: string): Promise<void> {
    await this.store.delete(conversationStorageKey(key));
  }
}

/**
 * Re-encrypts live conversation states under the current key, keeping each one's remaining TTL
 * (compare-and-set, so a state the bot rewrote meanwhile is left alone). States no configured key
 * opens are deleted: they would read as absent anyway, and the flow just restarts.
 */
export async function rotateConversationStates(
  kv: KV,
  keyring: Keyring,
  logger?: Logger,
): Promise<{ rotated: number; dropped: number }> {
  let rotated = 0;
  let dropped = 0;
  for (const key of await kv.keys(CONVERSATION_NAMESPACE)) {
    const raw = await kv.get(key);
    if (raw === undefined) continue; // expired meanwhile
    let next: string | undefined;
    try {
      const sealed: unknown = JSON.parse(raw);
      if (typeof sealed !== "string") throw new DecryptError("malformed");
      if (!keyring.needsRotation(sealed)) continue;
      next = JSON.stringify(keyring.seal(keyring.open(sealed, key), key));
    } catch (error) {
      if (!(error instanceof DecryptError) && !(error instanceof SyntaxError)) throw error;
    }
    // Without compare-and-set a plain set would lose the TTL; dropping is the safe fallback.
    if (next !== undefined && kv.replaceIf) {
      if (await kv.replaceIf(key, raw, next)) rotated++;
      continue;
    }
    if (next === undefined)
      logger?.warn({ storageKey: key }, "conversation state cannot be decrypted; dropped");
    await kv.del(key);
    dropped++;
  }
  return { rotated, dropped };
}
