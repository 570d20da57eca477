/**
 * Decrypted API keys kept in this process's memory, so an update does not pay AES-GCM opening (a
 * cipher object, AAD and tag checks, four buffers) for the key it already opened last time.
 *
 * One entry per chat: the sealed value it was opened from and the key. A hit needs the sealed value
 * just read from the store to be exactly the one remembered for THIS chat, so:
 *  - relinking, rotation or any other change of the stored value misses and is opened afresh;
 *  - a sealed value copied into another chat's slot never matches that chat's entry, so it still
 *    goes through the AAD check (vault:<chatId>) and fails there, as without the cache.
 * Costs no security the process did not already give up: the master key sits in the same memory.
 * Never stored, never logged (the Vault holds it in an ES-private field). Bounded: least recently
 * used chats are dropped first.
 */
import { LRUCache } from "lru-cache";

/** Chats whose keys are kept; about 300 B each, so the default holds ~3 MB at most. */
export const OPENED_KEYS_MAX = 10_000;

export class OpenedKeys {
  readonly #byChat: LRUCache<string, { sealed: string; apiKey: string }>;

  constructor(max = OPENED_KEYS_MAX) {
    this.#byChat = new LRUCache({ max });
  }

  /** The key opened earlier from exactly this sealed value of this chat, if still remembered. */
  get(chatId: number | string, sealed: string): string | undefined {
    const entry = this.#byChat.get(String(chatId));
    return entry !== undefined && entry.sealed === sealed ? entry.apiKey : undefined;
  }

  remember(chatId: number | string, sealed: string, apiKey: string): void {
    this.#byChat.set(String(chatId), { sealed, apiKey });
  }

  /** The chat's key is gone or changed (unlink, relink, a value that no longer opens). */
  forget(chatId: number | string): void {
    this.#byChat.delete(String(chatId));
  }

  get size(): number {
    return this.#byChat.size;
  }
}
