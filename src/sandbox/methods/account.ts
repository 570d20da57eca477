/** Read-only user methods: the user object, own and referral orders, saved exchange fields. */
import type { Dialect } from "../dialect.js";
import { formatAmount } from "../format.js";
import { filterOrders, listAnswer } from "../listing.js";
import { nothingCollection } from "../nothing.js";
import { writeOrderStatus } from "../order-status.js";
import type { SandboxAccount, SandboxOrder } from "../state.js";
import type { UserMethod } from "./types.js";

/** Fields of a referral's order that the partner (our caller) must not see. */
const REFERRAL_HIDDEN = ["token", "receive_wallet", "send_wallet", "email", "ip"];

export const getInfo: UserMethod = ({ account, dialect }) => ({
  // Secrets (password, 2FA secret, API key) live outside `profile` and are never sent.
  result: {
    ...account.profile,
    balance: balanceView(account, dialect),
    two_factor_authentication: account.twoFactorSecret ? 1 : 0,
  },
});

/** The one balance of the account as the dialect writes it: "1500.00", 1500, or {"USD": "1500.00"}. */
function balanceView(account: SandboxAccount, dialect: Dialect): string | number | Record<string, string> {
  if (dialect.balance === "number") return account.balance;
  if (dialect.balance === "string") return formatAmount(account.balance);
  const currency = typeof account.profile.balance_currency === "string" ? account.profile.balance_currency : "USD";
  return { [currency]: formatAmount(account.balance) };
}

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

export const getInputs: UserMethod = ({ account, dialect }) => ({
  result: Object.keys(account.inputs).length === 0 ? nothingCollection(dialect) : { ...account.inputs },
});
