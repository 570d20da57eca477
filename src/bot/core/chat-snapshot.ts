/**
 * The stored values nearly every update needs — the chat's settings, its sealed API key and its flow
 * (conversation) state — read in one round trip when the update arrives instead of three: Redis
 * round trips were the bot's largest CPU cost per update (README, "Performance").
 *
 * Each value is used once, at a point where nothing in this update can have changed it yet:
 * - settings: parsed at once by load-chat, as before;
 * - flow state: read by the conversations plugin, which runs right after load-chat;
 * - sealed key: taken by the first exchanger call, and only while this process has linked or unlinked
 *   no key since the read (Vault.writes). Otherwise, and for any later call, the store is read again.
 * Other instances do not write a chat's keys while its update runs (updates of one chat are serialized).
 *
 * The same round trip marks the update as seen and spends one token of the chat's budget
 * (update-gate.ts): whether to handle the update at all is decided from this snapshot.
 */
import { conversationStorageKey } from "../../storage/conversation-store.js";
import { vaultKey, type Vault } from "../../storage/vault.js";
import { settingsKey } from "../../storage/settings.js";
import type { UpdateGate } from "./update-gate.js";

/** The key of a chat's flow state in the encrypted adapter (which stores it under `conv:<key>`). */
export const conversationKey = (chatId: number | string): string => String(chatId);

/** A value read ahead; `value` undefined means the store had none. */
type Prefetched = { value: string | undefined };

export interface ChatSnapshot {
  readonly settings: string | undefined;
  sealedKey?: Prefetched & { vaultWrites: number };
  flowState?: Prefetched;
  /** This update_id was seen before (a redelivery). */
  readonly repeated: boolean;
  /** 0 within the chat's budget, else ms until the chat may continue. */
  readonly waitMs: number;
  /** The values of the `extra` keys asked for, in order (the secret-prompt markers for typed text). */
  readonly extra: readonly (string | undefined)[];
}

/**
 * `mediaGroupId`: the update's media_group_id when it is an album's item (the album pays once).
 * `extra`: further keys this kind of update needs, read in the same round trip.
 */
export async function readChatSnapshot(
  gate: UpdateGate,
  vault: Vault,
  chatId: number,
  updateId: number,
  options: { mediaGroupId?: string; extra?: readonly string[] } = {},
): Promise<ChatSnapshot> {
  const vaultWrites = vault.writes;
  const { repeated, waitMs, values } = await gate.pass(
    updateId,
    chatId,
    [
      settingsKey(chatId),
      vaultKey(chatId),
      conversationStorageKey(conversationKey(chatId)),
      ...(options.extra ?? []),
    ],
    options.mediaGroupId,
  );
  const [settings, sealedKey, flowState, ...extra] = values;
  return {
    settings,
    sealedKey: { value: sealedKey, vaultWrites },
    flowState: { value: flowState },
    repeated,
    waitMs,
    extra,
  };
}

/** The sealed key read ahead, once, if still current; undefined → read the vault. */
export function takeSealedKey(
  snapshot: ChatSnapshot | undefined,
  vault: Vault,
): Prefetched | undefined {
  const entry = snapshot?.sealedKey;
  if (entry === undefined) return undefined;
  snapshot!.sealedKey = undefined; // not `delete`: that turns the object into a dictionary
  return entry.vaultWrites === vault.writes ? { value: entry.value } : undefined;
}

/**
 * Whether the chat has a key, from the sealed key read ahead (not taking it); undefined when it was
 * not read ahead or the vault changed since — then ask the vault.
 */
export function keyReadAhead(
  snapshot: ChatSnapshot | undefined,
  vault: Vault,
): boolean | undefined {
  const entry = snapshot?.sealedKey;
  return entry === undefined || entry.vaultWrites !== vault.writes
    ? undefined
    : entry.value !== undefined;
}

/** True when the update's read found no flow state stored for the chat (so no flow runs). */
export function noFlowStored(snapshot: ChatSnapshot | undefined): boolean {
  return snapshot?.flowState !== undefined && snapshot.flowState.value === undefined;
}

/** The flow state read ahead, once; undefined → read the store. */
export function takeFlowState(snapshot: ChatSnapshot | undefined): Prefetched | undefined {
  const entry = snapshot?.flowState;
  if (entry !== undefined) snapshot!.flowState = undefined;
  return entry;
}
