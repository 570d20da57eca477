/**
 * A "user status changed" event (type 0) read by the documented user object: the vendor's "API
 * Objects" page shows it as 30 positional values, position 0 the id, position 3 the state (1 active,
 * 0 blocked, -1 deleted). Read only when the row has exactly that length and both positions hold
 * what the page says they hold; anything else is no account status (counted by the caller). Pure.
 *
 * The row is the whole user object: its secrets (the API token, the password hash…) are never
 * read, copied or kept; only the id and the state leave this function.
 */
import { USER_LAYOUT } from "../exchanger/index.js";
import type { EventRow } from "./batch.js";

const positionOf = (name: string): number => {
  const field = USER_LAYOUT.fields.find((f) => f.name === name);
  if (field === undefined) throw new Error(`the documented user layout has no "${name}"`);
  return field.position;
};
const ID = positionOf("id");
const STATE = positionOf("account_state");

export interface UserStatus {
  /** The account's id as Account.id writes it (AccountChats' key). */
  accountId: string;
  /** 1 active; 0 blocked and -1 deleted are both "not active". */
  active: boolean;
}

export function readUserStatus(row: EventRow): UserStatus | undefined {
  if (row.length !== USER_LAYOUT.size) return undefined;
  const accountId = idText(row[ID]);
  const state = stateOf(row[STATE]);
  if (accountId === undefined || state === undefined) return undefined;
  return { accountId, active: state === 1 };
}

/** A positive whole number, or its digits as text (PHP servers write either). */
function idText(value: unknown): string | undefined {
  if (typeof value === "number")
    return Number.isSafeInteger(value) && value > 0 ? String(value) : undefined;
  if (typeof value === "string" && /^[1-9]\d{0,19}$/.test(value.trim())) return value.trim();
  return undefined;
}

function stateOf(value: unknown): 1 | 0 | -1 | undefined {
  const text = typeof value === "number" || typeof value === "string" ? String(value).trim() : "";
  return text === "1" ? 1 : text === "0" ? 0 : text === "-1" ? -1 : undefined;
}
