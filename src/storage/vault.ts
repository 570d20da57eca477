/**
 * Per-chat exchanger API keys, encrypted at rest.
 *
 * One KV entry per linked chat, `chat:<chatId>:key` → sealed key (no JSON wrapper: Redis bytes per
 * idle chat are budgeted). AAD `vault:<chatId>` makes a value copied into another chat's slot fail
 * to open, so a storage mix-up can never hand one user's key to another chat.
 */
import { DecryptError, sealedKeyId, type Keyring } from "./crypto.js";
import type { KV } from "./kv.js";
import { OpenedKeys } from "./opened-keys.js";
import type { Logger } from "../logger.js";

export type ChatId = number | string;

const KEY_PATTERN = /^chat:(.+):key$/;

export const vaultKey = (chatId: ChatId): string => `chat:${chatId}:key`;
const aad = (chatId: ChatId): string => `vault:${chatId}`;

export interface RotationResult {
  /** Entries re-encrypted under the current key. */
  rotated: number;
  /** Entries no configured key opens; left untouched so adding the missing old key and rerunning still works. */
  failed: number;
}

export class Vault {
  #writes = 0;
  /** Keys this process opened, by chat and sealed value (opened-keys.ts); ES-private: never logged. */
  readonly #opened: OpenedKeys;

  constructor(
    private readonly kv: KV,
    private readonly keyring: Keyring,
    private readonly logger?: Logger,
    options: { openedKeysMax?: number } = {},
  ) {
    this.#opened = new OpenedKeys(options.openedKeysMax);
  }

  /** The account behind a key, as a name safe to put in store keys (Keyring.accountId). */
  accountIdOf(apiKey: string): string {
    return this.keyring.accountId(apiKey);
  }

  async link(chatId: ChatId, apiKey: string): Promise<void> {
    if (apiKey === "") throw new Error("Refusing to store an empty API key");
    this.#opened.forget(chatId);
    await this.kv.set(vaultKey(chatId), this.keyring.seal(apiKey, aad(chatId)));
    this.#writes++;
  }

  /**
   * Links and unlinks made by this process so far. A sealed value read earlier (see `open`) is still
   * the stored one while this count is unchanged (other processes do not write a chat's key while its
   * update runs: updates of one chat are serialized, across instances too).
   */
  get writes(): number {
    return this.#writes;
  }

  /**
   * The decrypted key, or undefined when none is linked. A value that no longer opens (its key was
   * removed from the keyring, or it was tampered with / copied from another chat) also reads as
   * undefined — the user is asked to link again — and is logged for the operator.
   */
  async get(chatId: ChatId): Promise<string | undefined> {
    return this.open(chatId, await this.kv.get(vaultKey(chatId)));
  }

  /** `get` for a value read from `vaultKey(chatId)` by the caller (with other keys, in one round trip). */
  open(chatId: ChatId, sealed: string | undefined): string | undefined {
    if (sealed === undefined) {
      this.#opened.forget(chatId);
      return undefined;
    }
    const known = this.#opened.get(chatId, sealed);
    if (known !== undefined) return known;
    try {
      const apiKey = this.keyring.open(sealed, aad(chatId));
      this.#opened.remember(chatId, sealed, apiKey);
      return apiKey;
    } catch (error) {
      if (!(error instanceof DecryptError)) throw error;
      this.#opened.forget(chatId);
      this.logger?.warn(
        { chatId: String(chatId), reason: error.reason },
        "stored API key cannot be decrypted; treating chat as unlinked",
      );
      return undefined;
    }
  }

  /** Same answer as `get(chatId) !== undefined` (decrypts, so the two never disagree). */
  async has(chatId: ChatId): Promise<boolean> {
    return (await this.get(chatId)) !== undefined;
  }

  async unlink(chatId: ChatId): Promise<void> {
    this.#opened.forget(chatId);
    await this.kv.del(vaultKey(chatId));
    this.#writes++;
  }

  /**
   * Of up to `limit` stored keys, how many the keyring opens (start-up check for data sealed with
   * another key; see key-check.ts). `keyIds`: the key ids seen on the ones that do not open.
   */
  async sampleReadable(
    limit: number,
  ): Promise<{ checked: number; readable: number; keyIds: string[] }> {
    const keys = (await this.kv.keys("chat:"))
      .filter((key) => KEY_PATTERN.test(key))
      .slice(0, limit);
    const values = keys.length === 0 ? [] : await this.kv.mget(keys);
    let readable = 0;
    const keyIds = new Set<string>();
    keys.forEach((key, i) => {
      const sealed = values[i];
      if (sealed === undefined) return;
      try {
        this.keyring.open(sealed, aad(KEY_PATTERN.exec(key)![1]!));
        readable++;
      } catch (error) {
        if (!(error instanceof DecryptError)) throw error;
        keyIds.add(sealedKeyId(sealed));
      }
    });
    return { checked: keys.length, readable, keyIds: [...keyIds] };
  }

  /** Re-encrypts every entry not sealed by the current key. Safe beside a running bot (compare-and-set). */
  async rotate(): Promise<RotationResult> {
    let rotated = 0;
    let failed = 0;
    for (const key of await this.kv.keys("chat:")) {
      const chatId = KEY_PATTERN.exec(key)?.[1];
      if (chatId === undefined) continue; // another per-chat value (settings, notify state)
      const sealed = await this.kv.get(key);
      if (sealed === undefined || !this.keyring.needsRotation(sealed)) continue;
      let plaintext: string;
      try {
        plaintext = this.keyring.open(sealed, aad(chatId));
      } catch (error) {
        if (!(error instanceof DecryptError)) throw error;
        failed++;
        this.logger?.warn(
          { chatId, reason: error.reason },
          "vault entry cannot be decrypted; not rotated",
        );
        continue;
      }
      const resealed = this.keyring.seal(plaintext, aad(chatId));
      // If the bot relinked or unlinked meanwhile, its newer value wins (and is already current).
      if (this.kv.replaceIf) {
        if (await this.kv.replaceIf(key, sealed, resealed)) rotated++;
      } else {
        await this.kv.set(key, resealed);
        rotated++;
      }
    }
    return { rotated, failed };
  }
}
