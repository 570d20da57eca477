/** Read-only user methods: the user object, own and referral orders, saved exchange fields. */
import type { Dialect } from "../dialect.js";
import { formatAmount } from "../format.js";
import { filterOrders, writtenList } from "../listing.js";
import { nothingCollection } from "../nothing.js";
import { writeOrderStatus } from "../order-status.js";
import type { SandboxAccount, SandboxOrder, SandboxState } from "../state.js";
import { localize } from "../i18n.js";
import { htmlEncode, mapToList, writeDate, writeRate, writeSides } from "../reshape.js";
import type { UserMethod } from "./types.js";
import {
  INPUT_POSITIONS,
  ORDER_POSITIONS,
  positionalUser,
  positionalValues,
  toPositional,
} from "../positional.js";
import { hostileRow } from "../hostile.js";

/** Fields of a referral's order that the partner (our caller) must not see. */
const REFERRAL_HIDDEN = ["token", "receive_wallet", "send_wallet", "email", "ip"];

export const getInfo: UserMethod = ({ account, dialect }) =>
  dialect.positional ? { result: positionalUser(account) } : namedInfo(account, dialect);

/** The user object as a map. Secrets (password, 2FA secret, API key) live outside `profile` and are never sent. */
const namedInfo = (account: SandboxAccount, dialect: Dialect) => ({
  result: {
    ...account.profile,
    balance: balanceView(account, dialect),
    // A framework's model writes its own column name for the flag.
    [dialect.framework ? "two_fa" : "two_factor_authentication"]: account.twoFactorSecret ? 1 : 0,
  },
});

/** The one balance of the account as the dialect writes it: "1500.00", 1500, or {"USD": "1500.00"}. */
function balanceView(
  account: SandboxAccount,
  dialect: Dialect,
): string | number | Record<string, string> {
  if (dialect.balance === "number") return account.balance;
  if (dialect.balance === "string") return formatAmount(account.balance);
  const currency =
    typeof account.profile.balance_currency === "string" ? account.profile.balance_currency : "USD";
  return { [currency]: formatAmount(account.balance) };
}

export const getOrders: UserMethod = ({ state, account, params, dialect }) =>
  countedAnswer(state, () =>
    writtenList(dialect, "orders", filterOrders(account.orders, params, dialect), params, (order) =>
      // A positional server writes whose order it is (its user id), as its webhooks do (webhooks.ts).
      orderView(
        state,
        dialect,
        dialect.positional ? { ...order, user_id: account.profile.id } : order,
      ),
    ),
  );

export const getReferralOrders: UserMethod = ({ state, account, params, dialect }) =>
  countedAnswer(state, () =>
    writtenList(
      dialect,
      "orders",
      filterOrders(account.referralOrders, params, dialect),
      params,
      (order) => orderView(state, dialect, hideSensitive(order)),
    ),
  );

/** An order list's answer, counted (a hostile server's layout changes after some: hostile.ts). */
function countedAnswer<T>(state: SandboxState, answer: () => T): T {
  const written = answer();
  state.orderAnswers = (state.orderAnswers ?? 0) + 1;
  return written;
}

const DATE_FIELDS = ["created_at", "updated_at"];

/** An order as the dialect writes it: its status, and (the `shapes` dialect) the rest reshaped (reshape.ts). */
function orderView(
  state: SandboxState,
  dialect: Dialect,
  order: Record<string, unknown>,
): Record<string, unknown> | unknown[] {
  if (dialect.hostile)
    return hostileRow(dialect.hostile, positionalValues(order), state.orderAnswers ?? 0);
  if (dialect.positional) return toPositional(order, ORDER_POSITIONS);
  const written = writeOrderStatus(dialect, order);
  // MySQL's "no date" for an order nobody touched since it was created.
  if (dialect.framework && written.updated_at === written.created_at)
    return { ...written, updated_at: "0000-00-00 00:00:00" };
  if (dialect.orderShape === "flat") return written;
  const codes = Object.fromEntries(state.currencies.map((c) => [String(c.id), c.code]));
  const out = writeSides(written, "nested", codes);
  for (const key of DATE_FIELDS)
    if (typeof out[key] === "string") out[key] = writeDate(out[key], "unix");
  if (typeof out.rate === "string") out.rate = writeRate(out.rate, "pair");
  for (const [key, value] of Object.entries(out))
    if (typeof value === "string" && /[&<>"]/.test(value)) out[key] = htmlEncode(value);
  return out;
}

function hideSensitive(order: SandboxOrder): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(order).filter(([key]) => !REFERRAL_HIDDEN.includes(key)),
  );
}

export const getInputs: UserMethod = ({ state, account, dialect, language }) => {
  if (Object.keys(account.inputs).length === 0) return { result: nothingCollection(dialect) };
  if (dialect.positional)
    return {
      result: Object.entries(account.inputs).map(([id, value]) =>
        toPositional({ id: Number(id), value }, INPUT_POSITIONS),
      ),
    };
  if (dialect.inputs === "map") return { result: { ...account.inputs } };
  // The `shapes` dialect: a list of objects carrying the id, and the field's name where a direction has it.
  const names = new Map(
    state.directions.flatMap((d) =>
      d.inputs.map((input) => [String(input.id), localize(input.name, language)] as const),
    ),
  );
  return {
    result: mapToList(account.inputs, "value", (id) =>
      names.has(id) ? { name: names.get(id) } : {},
    ),
  };
};
