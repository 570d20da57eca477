/**
 * Builds orders in the shape get-orders sends: ids as strings, amounts as decimal strings,
 * receive_amount derived from the direction's rate. Shared by the seed data and `addOrder`.
 */
import { formatAmount, formatDateTime, parseAmount } from "./format.js";
import { BASE58, BECH32, DIGITS, HEX, randomString, type Random } from "./random.js";
import {
  findCurrency,
  type SandboxDirection,
  type SandboxOrder,
  type SandboxState,
} from "./state.js";

export interface OrderSpec {
  id: number;
  token: string;
  status: number | string;
  direction: SandboxDirection;
  sendAmount: string;
  createdAtMs: number;
  /** Extra fields (wallets, comment, ...) merged last. */
  extras?: Record<string, unknown>;
}

export function buildOrder(state: SandboxState, spec: OrderSpec): SandboxOrder {
  const { direction } = spec;
  const receiveDecimals = findCurrency(state, direction.receive_currency_id)?.decimals ?? 2;
  const receive = parseAmount(spec.sendAmount) * parseAmount(direction.rate);
  const createdAt = formatDateTime(spec.createdAtMs);
  return {
    id: String(spec.id),
    token: spec.token,
    status: spec.status,
    exchange_id: String(direction.id),
    send_currency_id: String(direction.send_currency_id),
    receive_currency_id: String(direction.receive_currency_id),
    send_amount: spec.sendAmount,
    receive_amount: formatAmount(Number.isFinite(receive) ? receive : 0, receiveDecimals),
    rate: direction.rate,
    created_at: createdAt,
    // Orders still waiting for payment were never touched; others moved on a little later.
    updated_at:
      Number(spec.status) === 0 ? createdAt : formatDateTime(spec.createdAtMs + 17 * 60_000),
    ...spec.extras,
  };
}

/** A plausible requisite for a currency: the wallet or card the customer receives to. */
export function walletFor(currencyId: number, rand: Random): string {
  switch (currencyId) {
    case 1:
      return `bc1q${randomString(rand, BECH32, 38)}`;
    case 2:
      return `0x${randomString(rand, HEX, 40)}`;
    case 3:
      return `T${randomString(rand, BASE58, 33)}`;
    case 4:
      return `0x${randomString(rand, HEX, 40)}`;
    case 8:
      return `P${randomString(rand, DIGITS, 10)}`;
    default: {
      const digits = `4149${randomString(rand, DIGITS, 12)}`;
      return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
    }
  }
}

export function randomToken(rand: Random): string {
  return randomString(rand, HEX, 32);
}
