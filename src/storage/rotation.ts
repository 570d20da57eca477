/**
 * Key rotation: after ENCRYPTION_KEY changes (previous key moved to ENCRYPTION_KEYS_OLD), re-seal
 * everything under the new key so the old one can eventually be removed from the configuration.
 */
import type { Logger } from "../logger.js";
import { rotateConversationStates } from "./conversation-store.js";
import { resealKeyCheck } from "./key-check.js";
import type { Storage } from "./index.js";
import type { RotationResult } from "./vault.js";

export interface RotationReport {
  keyId: string;
  vault: RotationResult;
  /** Live flow states are re-sealed too (keeping their TTL); unreadable ones are dropped. */
  conversations: { rotated: number; dropped: number };
}

export async function rotateKeys(
  storage: Pick<Storage, "kv" | "keyring" | "vault">,
  logger?: Logger,
): Promise<RotationReport> {
  const vault = await storage.vault.rotate();
  const conversations = await rotateConversationStates(storage.kv, storage.keyring, logger);
  // Only when every API key moved: while one still needs an old key, the start-up check must keep requiring it.
  if (vault.failed === 0) await resealKeyCheck(storage.kv, storage.keyring);
  return { keyId: storage.keyring.currentKeyId, vault, conversations };
}
