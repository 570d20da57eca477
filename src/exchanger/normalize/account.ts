/**
 * The user object (`user-api-get-info`) as the bot holds it: the balance(s) with their currency
 * (balance.ts reads every form), other balances (a partner balance…), whether 2FA is on (two-factor.ts),
 * and every other field masked at any depth. The account card and the pay card read only this.
 */
import { readBalances } from "./balance.js";
import { maskRecord } from "./secrets.js";
import { TWO_FACTOR_FIELD, twoFactorFromUser } from "./two-factor.js";
import { namedUser } from "./user-layout.js";
import { readReferral, type ReferralFacts } from "./referral.js";
import { amountOf, idOf, isRecord, textOf, type RawRecord } from "./values.js";
import type { Balance } from "../records.js";

export interface OtherBalance {
  /** The server's field name ("partner_balance"): the card labels it from the field dictionary. */
  key: string;
  amount: string;
  currency?: string;
}

export interface Account {
  balances: Balance[];
  others: OtherBalance[];
  twoFactor?: boolean;
  /**
   * The account's own id on the exchanger (the user object's `id`, position 0 of the documented
   * layout): what ties several chats, and several keys, to one account.
   */
  id?: string;
  /** The facts features ask for by name (linking, 2FA, placing an order), when the server gives them. */
  login?: string;
  email?: string;
  /** The customer's referral link, reward and referral volume (normalize/referral.ts), when given. */
  referral?: ReferralFacts;
  /** Every other field, masked; nested values kept for the card to label. */
  fields: RawRecord;
  /**
   * The server answered an array that is not the vendor's documented user object (another length,
   * values shifted): nothing of it is read, since any position could hold a secret.
   */
  unreadable?: true;
}

/**
 * The user object as the bot holds it, from whatever `get-info` answered: a positional array read by
 * the vendor's documented layout (user-layout.ts), a named record as it is.
 */
export function accountOf(result: unknown): Account | undefined {
  const user = namedUser(result);
  if (user === "unreadable") return { balances: [], others: [], fields: {}, unreadable: true };
  return user === undefined ? undefined : readAccount(user);
}

const BALANCE = /balance/i;

export function readAccount(user: RawRecord): Account {
  const balances = readBalances(user);
  const used = new Set<string>();
  if (balances.length > 0) {
    used.add("balance");
    // A single amount took its currency from the first of these (balance.ts).
    const currencyKey = ["balance_currency", "currency"].find((k) => textOf(user[k]) !== undefined);
    if (currencyKey !== undefined && !isRecord(user.balance) && !Array.isArray(user.balance))
      used.add(currencyKey);
    // One value per currency: a `balance_currency` naming one of them says nothing the lines do not.
    const named = textOf(user.balance_currency);
    if (named !== undefined && balances.some((b) => b.currency === named))
      used.add("balance_currency");
  }
  const others: OtherBalance[] = [];
  // The exchanger keeps an account's money in one currency: a balance field that names none of its own
  // (a partner balance) is in the account balance's currency when that is one, said by the server.
  const accountCurrency = balances.length === 1 ? balances[0]!.currency : undefined;
  for (const key of Object.keys(user)) {
    if (key === "balance" || !BALANCE.test(key) || key.endsWith("_currency")) continue;
    const amount =
      typeof user[key] === "string" || typeof user[key] === "number"
        ? amountOf(user[key])
        : undefined;
    if (amount === undefined) continue;
    const own = textOf(user[`${key}_currency`]);
    used.add(key);
    if (own !== undefined) used.add(`${key}_currency`);
    const currency = own ?? accountCurrency;
    others.push({ key, amount, ...(currency !== undefined && { currency }) });
  }
  for (const key of Object.keys(user)) if (TWO_FACTOR_FIELD.test(key)) used.add(key);
  const twoFactor = twoFactorFromUser(user);
  const rest = Object.fromEntries(Object.entries(user).filter(([key]) => !used.has(key)));
  const referral = readReferral(user);
  return {
    balances,
    others,
    ...(twoFactor !== undefined && { twoFactor }),
    ...named(user),
    ...(referral !== undefined && { referral }),
    fields: maskRecord(rest),
  };
}

/** Id, login and e-mail under their usual names (plain text only: masked fields stay in `fields`). */
function named(user: RawRecord): Pick<Account, "id" | "login" | "email"> {
  const id = idOf(user.id) ?? idOf(user.user_id);
  const login = textOf(user.login) ?? textOf(user.user_login) ?? textOf(user.username);
  const email = textOf(user.email) ?? textOf(user.e_mail);
  return {
    ...(id !== undefined && { id }),
    ...(login !== undefined && { login }),
    ...(email !== undefined && { email }),
  };
}
