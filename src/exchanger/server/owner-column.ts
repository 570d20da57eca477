/**
 * Where an order says whose it is: the column equal to the reading account's own id (the user
 * object's, position 0 of the documented layout) in every order of that account, and to another
 * account's id in every order of that one. One account alone proves nothing (any column that happens
 * to hold its id, a flag of 1 for account 1, would do); two accounts with different ids whose orders
 * both put their id in the same column, and in no other, tell it apart. What the exchanger's webhooks
 * route an order no chat has seen by (events/): its owner's chats.
 *
 * Pure bookkeeping per layout; the server profile keeps one per order layout and places the column
 * (`owner_id`, by "relation") once it is proved.
 */
import type { Row } from "../layouts/filter-evidence.js";

/** Accounts remembered per candidate column: enough to prove, bounded whatever the traffic. */
const MAX_ACCOUNTS = 8;

export class OwnerEvidence {
  /** Column → the accounts whose every order held their own id there. */
  readonly #seen = new Map<number, Set<string>>();

  /** Notes one account's orders (all of one layout's size); returns the column once two accounts prove it. */
  note(accountId: string, rows: readonly Row[]): number | undefined {
    if (rows.length === 0 || accountId === "") return undefined;
    const size = rows[0]!.length;
    for (let p = 0; p < size; p++) {
      if (!rows.every((row) => String(row[p]) === accountId)) continue;
      const accounts = this.#seen.get(p) ?? new Set<string>();
      if (accounts.size < MAX_ACCOUNTS) accounts.add(accountId);
      this.#seen.set(p, accounts);
    }
    const proved = [...this.#seen].filter(([, accounts]) => accounts.size >= 2).map(([p]) => p);
    return proved.length === 1 ? proved[0] : undefined;
  }
}
