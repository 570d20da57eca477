/** Read-only user methods: the user object, own and referral orders, saved exchange fields. */
import { formatAmount } from "../format.js";
import { filterOrders, listAnswer } from "../listing.js";
import { writeOrderStatus } from "../order-status.js";
import type { SandboxOrder } from "../state.js";
import type { UserMethod } from "./types.js";

/** Fields of a referral's order that the partner (our caller) must not see. */
const REFERRAL_HIDDEN = ["token", "receive_wallet", "send_wallet", "email", "ip"];

export const getInfo: UserMethod = ({ account }) => ({
  // Secrets (password, 2FA secret, API key) live outside `profile` and are never sent.
  result: {
    ...account.profile,
    balance: formatAmount(account.balance),
    two_factor_authentication: account.twoFactorSecret ? 1 : 0,
  },
});

export const getOrders: UserMethod = ({ account, params, dialect }) => {
  const page = listAnswer(dialect, filterOrders(account.orders, params, dialect), params);
  return { ...page, result: page.result.map((order) => writeOrderStatus(dialect, order)) };
};

export const getReferralOrders: UserMethod = ({ account, params, dialect }) => {
  const page = listAnswer(dialect, filterOrders(account.referralOrders, params, dialect), params);
  return { ...page, result: page.result.map((order) => writeOrderStatus(dialect, hideSensitive(order))) };
};

function hideSensitive(order: SandboxOrder): Record<string, unknown> {
  return Object.fromEntries(Object.entries(order).filter(([key]) => !REFERRAL_HIDDEN.includes(key)));
}

/** PHP's json_encode turns an empty array into `[]`, not `{}`; real servers do the same here. */
export const getInputs: UserMethod = ({ account }) => ({
  result: Object.keys(account.inputs).length === 0 ? [] : { ...account.inputs },
});
