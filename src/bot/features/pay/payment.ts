/**
 * Paying an order from the balance, free of Telegram: looking the order up, preparing what the
 * confirmation card shows, and the one spend-balance call with its once-only guards.
 *
 * Both functions take the caller and deps explicitly so they run the same way outside a conversation
 * (withCaller) and inside one (callExchanger, where the key is fetched inside `external`). What they
 * return is plain JSON (it may land in a conversation's replay log) and never holds the order token.
 */
import { ExchangerError, Unauthorized, Unavailable } from "../../../exchanger/errors.js";
import { formatBalances, readBalances } from "../../../exchanger/normalize/balance.js";
import type { Caller, Order, UserInfo } from "../../../exchanger/types.js";
import { findOrder, type OrderLookup } from "../../../exchanger/order-lookup.js";
import { isPayableStatus, readStatus, type OrderStatus } from "../../../exchanger/vocabulary.js";
import { currencyText, type CurrencyNames } from "../../ui/money.js";
import type { BotDeps } from "../../context.js";
import { twoFactorFromUser } from "../../../exchanger/normalize/two-factor.js";
import { isTwoFactorMessage } from "../../core/two-factor.js";
import { Confirmations } from "../../core/confirmations.js";

/** Everything the confirmation card shows. */
export interface PayCard {
  orderId: string;
  /** What the order's status means and the server's label (plain JSON: it may sit in a replay log). */
  status: OrderStatus;
  payable: boolean;
  sendAmount?: string;
  sendCurrency?: string;
  receiveAmount?: string;
  receiveCurrency?: string;
  balance?: string;
  /** Present when the order can be paid: the id behind the card's "Pay" button. */
  confirmId?: string;
}

export type PayOutcome =
  | { kind: "paid"; orderId: string; status?: OrderStatus; balance?: string }
  | { kind: "not-found"; orderId: string }
  | { kind: "not-payable"; orderId: string; status: OrderStatus }
  /** Another payment of this order is running (or its outcome is still unknown). */
  | { kind: "busy"; orderId: string }
  /** The account has 2FA and no code was sent. */
  | { kind: "needs-code"; orderId: string }
  | { kind: "wrong-code"; orderId: string; message?: string }
  | { kind: "refused"; orderId: string; message?: string }
  /** The exchanger did not answer the spend call: it may or may not have been executed. */
  | { kind: "unknown"; orderId: string };

/** The order behind a pay card or a Pay press: the one lookup of exchanger/order-lookup.ts, over own orders. */
const findOwnOrder = (deps: BotDeps, caller: Caller, lookup: OrderLookup): Promise<Order | undefined> =>
  findOrder((params) => deps.exchanger.getOrders(caller, params), lookup);

/** "1500.00 USD" (or "1500.00 USD, 0.01 BTC" for a balance per currency) from the user object, when it has one. */
export function balanceOf(user: UserInfo | undefined): string | undefined {
  return formatBalances(readBalances(user));
}

/** The user object for the balance and the 2FA flag; a failing read only hides them (a rejected key does not). */
async function readUser(deps: BotDeps, caller: Caller): Promise<UserInfo | undefined> {
  try {
    return await deps.exchanger.getInfo(caller);
  } catch (error) {
    if (error instanceof Unauthorized) throw error;
    return undefined;
  }
}

const text = (value: unknown): string | undefined =>
  (typeof value === "string" && value.trim() !== "") || typeof value === "number" ? String(value) : undefined;

/** What the confirmation card says about the order itself (no balance, no confirmation yet). Pure. */
export function payCardOf(order: Order, names: CurrencyNames): PayCard {
  const card: PayCard = { orderId: order.id, status: order.status, payable: isPayableStatus(order.status) };
  if (order.send?.amount) card.sendAmount = order.send.amount;
  if (order.receive?.amount) card.receiveAmount = order.receive.amount;
  const sendCurrency = currencyText(names, order.send?.currency);
  const receiveCurrency = currencyText(names, order.receive?.currency);
  if (sendCurrency) card.sendCurrency = sendCurrency;
  if (receiveCurrency) card.receiveCurrency = receiveCurrency;
  return card;
}

/**
 * Looks the order up and prepares its confirmation card (with a fresh single-use confirmation when it
 * can be paid). Also remembers whether the account has 2FA, as the user object says. Undefined: no such order.
 */
export async function loadPayCard(deps: BotDeps, caller: Caller, chatId: number, lookup: OrderLookup): Promise<PayCard | undefined> {
  const order = await findOwnOrder(deps, caller, lookup);
  if (!order) return undefined;
  const user = await readUser(deps, caller);
  const twofa = user ? twoFactorFromUser(user) : undefined;
  if (twofa !== undefined && (await deps.settings.get(chatId)).twofa !== twofa) await deps.settings.update(chatId, { twofa });

  const names = await deps.currencies.labels(caller.language).catch(() => new Map<string, string>());
  const card = payCardOf(order, names);
  const orderId = card.orderId;
  const payable = card.payable;
  const balance = balanceOf(user);
  if (balance) card.balance = balance;
  if (payable) card.confirmId = await new Confirmations(deps.kv).create(chatId, orderId);
  return card;
}

/**
 * Pays the order once. Re-reads it first (fresh status, and the token, which is never stored), holds
 * the per-chat-and-token lock around spend-balance, and never retries that call.
 * Throws only when nothing can have been spent (the order could not be read, or the key was rejected).
 */
export async function payOrder(deps: BotDeps, caller: Caller, chatId: number, orderId: string, code?: string): Promise<PayOutcome> {
  const order = await findOwnOrder(deps, caller, { id: orderId });
  const token = order?.token;
  if (!order || !token) return { kind: "not-found", orderId };
  if (!isPayableStatus(order.status)) return { kind: "not-payable", orderId, status: order.status };

  const guards = new Confirmations(deps.kv);
  if (!(await guards.lock(chatId, token))) return { kind: "busy", orderId };
  let result: unknown;
  try {
    const spend = () => deps.exchanger.spendBalance(caller, { token, twoFactorCode: code });
    // A code counts against the account's allowance (code-attempts.ts); CodesLocked means nothing was sent.
    result = code === undefined ? await spend() : await deps.codeAttempts.send(caller, spend);
  } catch (error) {
    // The request may have reached the exchanger: keep the lock until it expires so that nobody pays
    // again while it might still be running, and tell the user the outcome is unknown.
    if (error instanceof Unavailable) return { kind: "unknown", orderId };
    await guards.unlock(chatId, token);
    if (error instanceof ExchangerError) {
      if (isTwoFactorMessage(error.serverMessage))
        return code === undefined ? { kind: "needs-code", orderId } : { kind: "wrong-code", orderId, message: error.serverMessage };
      return { kind: "refused", orderId, message: error.serverMessage };
    }
    throw error;
  }
  await guards.unlock(chatId, token);
  return { kind: "paid", orderId, ...(await afterPayment(deps, caller, orderId, result)) };
}

/** The new status and balance: from the spend result when it says, else read back (best effort). */
async function afterPayment(
  deps: BotDeps,
  caller: Caller,
  orderId: string,
  result: unknown,
): Promise<{ status?: OrderStatus; balance?: string }> {
  const fromResult = typeof result === "object" && result !== null ? (result as Record<string, unknown>) : {};
  let status = fromResult.status === undefined || fromResult.status === null ? undefined : readStatus(fromResult.status);
  if (status === undefined || status.value === undefined) {
    const order = await findOwnOrder(deps, caller, { id: orderId }).catch(() => undefined);
    status = order?.status;
  }
  const balance = balanceOf(await readUser(deps, caller).catch(() => undefined)) ?? text(fromResult.balance);
  return { ...(status !== undefined && { status }), ...(balance !== undefined && { balance }) };
}
