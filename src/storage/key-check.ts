/**
 * Start-up check that the configured encryption keys open the stored data.
 *
 * Without it, a wrong ENCRYPTION_KEY (a typo, a lost key file, a key removed from
 * ENCRYPTION_KEYS_OLD before `npm run rotate-keys`) starts normally and every chat silently reads
 * as unlinked. A small sealed record, written once, is opened at every start; a store that has data
 * but no record yet (written before this check existed) is judged by a sample of its API keys.
 * `rotateKeys` re-seals the record once every API key opens with the new key, so the record's key
 * is always one the data still needs.
 */
import { DecryptError, sealedKeyId, type Keyring } from "./crypto.js";
import type { KV } from "./kv.js";
import type { Vault } from "./vault.js";

/** Outside the `chat:` and `conv:` spaces, so the vault and flow rotations never touch it. */
export const KEY_CHECK_KEY = "meta:key-check";
const KEY_CHECK_AAD = "key-check";
const KEY_CHECK_TEXT = "exchanger-bot encryption key check";
/** Stored API keys tried when the record is missing: enough to tell "none opens" from a damaged one or two. */
const SAMPLE_SIZE = 20;

export class WrongEncryptionKeyError extends Error {
  constructor(keyring: Keyring, sealedWith: string[]) {
    super(
      `The stored data was encrypted with another key (key id ${sealedWith.join(", ")}) than the ones configured ` +
        `(ENCRYPTION_KEY: ${keyring.currentKeyId}${keyring.keyIds.length > 1 ? `; ENCRYPTION_KEYS_OLD: ${keyring.keyIds.slice(1).join(", ")}` : ""}). ` +
        `Set ENCRYPTION_KEY to the key the data was written with, or add that key to ENCRYPTION_KEYS_OLD and run \`npm run rotate-keys\`. ` +
        `Without it every linked chat would read as unlinked. (In embedded mode without ENCRYPTION_KEY, the key is the file encryption.key in DATA_DIR: restore it from a backup.)`,
    );
    this.name = "WrongEncryptionKeyError";
  }
}

export async function verifyEncryptionKey(kv: KV, keyring: Keyring, vault: Vault): Promise<void> {
  const sealed = await kv.get(KEY_CHECK_KEY);
  if (sealed !== undefined) {
    if (opens(keyring, sealed)) return;
    throw new WrongEncryptionKeyError(keyring, [sealedKeyId(sealed)]);
  }
  const sample = await vault.sampleReadable(SAMPLE_SIZE);
  if (sample.checked > 0 && sample.readable === 0)
    throw new WrongEncryptionKeyError(keyring, sample.keyIds);
  await kv.set(KEY_CHECK_KEY, keyring.seal(KEY_CHECK_TEXT, KEY_CHECK_AAD));
}

/** After a rotation that re-sealed every API key: the old keys are no longer needed, and the record says so. */
export async function resealKeyCheck(kv: KV, keyring: Keyring): Promise<void> {
  await kv.set(KEY_CHECK_KEY, keyring.seal(KEY_CHECK_TEXT, KEY_CHECK_AAD));
}

function opens(keyring: Keyring, sealed: string): boolean {
  try {
    return keyring.open(sealed, KEY_CHECK_AAD) === KEY_CHECK_TEXT;
  } catch (error) {
    if (error instanceof DecryptError) return false;
    throw error;
  }
}
