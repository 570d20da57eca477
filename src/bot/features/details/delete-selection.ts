/**
 * Which payment details the user ticked for deletion, kept in a short-lived KV entry so callback data
 * stays tiny ("dt:t:<nonce>:<index>") whatever the detail ids look like.
 *
 * Only ids and currency names are stored — never the detail values (card numbers, wallets): the KV
 * is not encrypted. The nonce ties buttons to one selection screen; buttons of an older screen (or of
 * an expired selection) no longer match and fall through to "this button has expired".
 */
import { randomBytes } from "node:crypto";
import type { KV } from "../../../storage/kv.js";
import { chatKeyPrefix } from "../../../storage/settings.js";

/** A selection nobody touches for this long is forgotten (idle chats keep no extra keys). */
export const SELECTION_TTL_MS = 15 * 60 * 1000;

export interface DetailSelection {
  /** Random tag carried by the screen's buttons. */
  nonce: string;
  /** The details page the selection was made on (to go back to it). */
  page: number;
  /** Detail ids of that page, in screen order, and their currency names (button labels). */
  ids: string[];
  currencies: string[];
  /** Ticked ids. */
  selected: string[];
}

const key = (chatId: number | string): string => `${chatKeyPrefix(chatId)}details:selection`;

export function newNonce(): string {
  return randomBytes(4).toString("base64url");
}

export async function saveSelection(
  kv: KV,
  chatId: number | string,
  selection: DetailSelection,
): Promise<void> {
  await kv.set(key(chatId), JSON.stringify(selection), SELECTION_TTL_MS);
}

/** The chat's selection when `nonce` is the one on its buttons; undefined for stale or forged buttons. */
export async function loadSelection(
  kv: KV,
  chatId: number | string,
  nonce: string,
): Promise<DetailSelection | undefined> {
  const raw = await kv.get(key(chatId));
  if (raw === undefined) return undefined;
  try {
    const selection = JSON.parse(raw) as DetailSelection;
    return selection.nonce === nonce ? selection : undefined;
  } catch {
    return undefined;
  }
}

export async function dropSelection(kv: KV, chatId: number | string): Promise<void> {
  await kv.del(key(chatId));
}

/** Ticks or unticks the detail at `index` of the page; returns the new selection. */
export function toggle(selection: DetailSelection, index: number): DetailSelection {
  const id = selection.ids[index];
  if (id === undefined) return selection;
  const selected = selection.selected.includes(id)
    ? selection.selected.filter((s) => s !== id)
    : [...selection.selected, id];
  // Keep screen order so the confirmation lists them as they appear.
  return { ...selection, selected: selection.ids.filter((i) => selected.includes(i)) };
}
