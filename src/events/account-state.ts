/**
 * Whether an account's state really changed, decided once across instances: the exchanger may send
 * a "user status changed" event twice, in two batches, or for a change of something else, and only
 * a change of blocked ↔ active is news.
 *
 * `account:<id>:blocked` exists while the account is blocked. Absent means active: a chat could link
 * the account only with a key that worked. Blocking claims the key (SET NX), unblocking deletes the
 * value it read (compare-and-delete): of any number of instances handling the same event, one wins.
 */
import { accountPart } from "../storage/account-chats.js";
import type { KV } from "../storage/kv.js";

/** Kept this long at most: an account blocked for a year and then unblocked is told nothing. */
const BLOCKED_TTL_MS = 365 * 86_400_000;

const blockedKey = (accountId: string) => `account:${accountPart(accountId)}:blocked`;

export class AccountStates {
  constructor(private readonly kv: KV) {}

  /** Records the state; true when it changed with this call (the caller then announces it). */
  async change(accountId: string, active: boolean, at: number): Promise<boolean> {
    const key = blockedKey(accountId);
    if (!active) return this.kv.setIfAbsent(key, String(at), BLOCKED_TTL_MS);
    const blockedSince = await this.kv.get(key);
    return blockedSince !== undefined && this.kv.delIf(key, blockedSince);
  }
}
