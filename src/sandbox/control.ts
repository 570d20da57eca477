/** Test controls behind Sandbox.addOrder / setOrderStatus / revokeKey: mutate state like the admin panel would. */
import { randomBytes } from "node:crypto";
import { buildOrder, walletFor } from "./order-factory.js";
import { seededRandom } from "./random.js";
import { findDirection, getAccount, type SandboxOrder, type SandboxState } from "./state.js";
import { formatDateTime } from "./format.js";
import { emitOrderChanged, emitUserChanged, emitVerificationChanged } from "./webhooks.js";

const DEFAULT_DIRECTION_ID = 2;

/**
 * A new order for the account, newest of all (highest id). Defaults: direction 2, status created,
 * send_amount "100.00", created now. `partial` overrides any field, as given (types included).
 */
export function addOrder(
  state: SandboxState,
  accountName: string,
  partial: Record<string, unknown>,
  nowMs: number,
): SandboxOrder {
  const account = getAccount(state, accountName);
  const direction =
    findDirection(state, partial.exchange_id ?? DEFAULT_DIRECTION_ID) ??
    findDirection(state, DEFAULT_DIRECTION_ID)!;
  const id = state.nextIds.order++;
  const order = buildOrder(state, {
    id,
    token: randomBytes(16).toString("hex"),
    status: 0,
    direction,
    sendAmount:
      typeof partial.send_amount === "string"
        ? partial.send_amount
        : String(partial.send_amount ?? "100.00"),
    createdAtMs: nowMs,
    extras: {
      receive_wallet: walletFor(direction.receive_currency_id, seededRandom(id)),
      comment: "",
    },
  });
  Object.assign(order, partial);
  account.orders.push(order);
  return order;
}

/** Moves an own or referral order to a status; keeps the status's JSON type (number or string). */
export function setOrderStatus(
  state: SandboxState,
  accountName: string,
  orderId: string | number,
  status: number,
  nowMs: number,
): void {
  const account = getAccount(state, accountName);
  const order = [...account.orders, ...account.referralOrders].find(
    (o) => String(o.id) === String(orderId),
  );
  if (!order) throw new Error(`sandbox: account "${accountName}" has no order ${orderId}`);
  order.status = typeof order.status === "string" ? String(status) : status;
  order.updated_at = formatDateTime(nowMs);
  if (account.orders.includes(order)) emitOrderChanged(state, account, order);
}

/** The operator decides a verification request (or puts it back under review), as in the admin panel. */
export function setVerificationStatus(
  state: SandboxState,
  accountName: string,
  status: "pending" | "approved" | "rejected",
  nowMs: number,
  comment = "",
): void {
  const account = getAccount(state, accountName);
  if (account.verification === null)
    throw new Error(`sandbox: account "${accountName}" has no verification request`);
  account.verification.status = status;
  account.verification.comment = comment;
  account.verification.updated_at = formatDateTime(nowMs);
  emitVerificationChanged(state, account);
}

/** The operator blocks (0), unblocks (1) or deletes (-1) a user, as in the admin panel. */
export function setAccountActive(
  state: SandboxState,
  accountName: string,
  active: 1 | 0 | -1,
): void {
  const account = getAccount(state, accountName);
  account.active = active;
  emitUserChanged(state, account);
}

export function revokeKey(state: SandboxState, accountName: string): void {
  getAccount(state, accountName).revoked = true;
}
