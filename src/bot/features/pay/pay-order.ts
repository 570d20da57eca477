/**
 * Paying an order from the balance, free of Telegram: looking the order up, preparing what the
 * confirmation card shows, and the one spend-balance call with its once-only guards.
 *
 * Both functions take the caller and deps explicitly so they run the same way outside a conversation
 * (withCaller) and inside one (callExchanger, where the key is fetched inside `external`). What they
 * return is plain JSON (it may land in a conversation's replay log) and never holds the order token.
 */
import {
  ExchangerError,
  Unauthorized,
  coverage,
  Unavailable,
  readBalances,
  type Balance,
  type Caller,
  type Order,
  type UserInfo,
  type OrderLookup,
  isPayableStatus,
  payableNow,
  statusMeaning,
  type Proof,
  readStatus,
  statusKey,
  type OrderStatus,
} from "../../../exchanger/index.js";
import { currencyText, type CurrencyNames } from "../../ui/money.js";
import type { BotDeps } from "../../context.js";
import { isTwoFactorRefusal } from "../../core/two-factor.js";
import { Confirmations, type SettledSpend } from "../../core/confirmations.js";
import { rememberOrderRef } from "../../core/order-refs.js";
import type { SpendWatch } from "../../core/after-spend.js";

/** Everything the confirmation card shows. */
export interface PayCard {
  orderId: string;
  /** What the order's status means and the server's label (plain JSON: it may sit in a replay log). */
  status: OrderStatus;
  payable: boolean;
  /** The order's layout is a guess (normalize/layout.ts): the card sends the user to the website. */
  unsure?: boolean;
  sendAmount?: string;
  sendCurrency?: string;
  /** The currencies' decimals when the order says (the one rounding per currency, ui/money.ts). */
  sendDecimals?: number;
  receiveAmount?: string;
  receiveCurrency?: string;
  receiveDecimals?: number;
  /** The user's balance (one per currency when the server keeps several); formatted by the screen. */
  balance?: Balance[];
  /**
   * The balance kept in the order's currency is less than the amount (normalize/balance.ts coverage):
   * the exchanger would refuse, so the card says so and offers the website instead of "Pay".
   */
  short?: true;
  /** Present when the order can be paid: the id behind the card's "Pay" button. */
  confirmId?: string;
}

export type PayOutcome =
  | { kind: "paid"; orderId: string; status?: OrderStatus; balance?: Balance[] }
  | { kind: "not-found"; orderId: string }
  | { kind: "not-payable"; orderId: string; status: OrderStatus }
  /** The exchanger did not confirm, right before the spend, that this very order can be paid now. */
  | { kind: "unproven"; orderId: string }
  /** Another payment of this order is running (or its outcome is still unknown). */
  | { kind: "busy"; orderId: string }
  /** The account has 2FA and no code was sent. */
  | { kind: "needs-code"; orderId: string }
  | { kind: "wrong-code"; orderId: string; message?: string }
  | { kind: "refused"; orderId: string; message?: string }
  /** The exchanger did not answer the spend call: it may or may not have been executed. */
  | { kind: "unknown"; orderId: string };

/** The order behind a pay card or a Pay press: the one order lookup (exchanger/orders/pages.ts), over own orders. */
const findOwnOrder = (
  deps: BotDeps,
  caller: Caller,
  lookup: OrderLookup,
): Promise<Order | undefined> => deps.orders.find(caller, "own", lookup);

const nonEmpty = (balances: Balance[]) => (balances.length > 0 ? balances : undefined);

/** The balance (one entry per currency when the server keeps several) from the account, when it has one. */
export function balanceOf(user: UserInfo | undefined): Balance[] | undefined {
  const balances = user?.balances ?? [];
  return balances.length > 0 ? balances : undefined;
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

/** Whether the bot cannot tell that an order may be paid (rather than knowing it may not). */
function unsureWhy(order: Order, proof: Proof, status: OrderStatus): boolean {
  if (statusMeaning(status) === "unknown") return true;
  const unproven = !proof.proven || (order.unproven?.length ?? 0) > 0;
  return unproven && isPayableStatus(status);
}

/**
 * What the confirmation card says about the order itself (no balance, no confirmation yet). Pure.
 * `proof`: what the server proved of it just now (exchanger/orders/payable-proof.ts); without one, what
 * the order says (a named record needs none).
 */
export function payCardOf(
  order: Order,
  names: CurrencyNames,
  proof: Proof = { proven: true, status: order.status },
): PayCard {
  const status = proof.proven ? proof.status : order.status;
  const payable = payableNow(order, proof);
  const card: PayCard = {
    orderId: order.id,
    status,
    payable,
    // Not payable for want of proof or of a status the bot knows (not for one that forbids it): the website.
    ...(!payable && unsureWhy(order, proof, status) && { unsure: true }),
  };
  if (order.send?.amount) card.sendAmount = order.send.amount;
  if (order.receive?.amount) card.receiveAmount = order.receive.amount;
  const sendCurrency = currencyText(names, order.send?.currency);
  const receiveCurrency = currencyText(names, order.receive?.currency);
  if (sendCurrency) card.sendCurrency = sendCurrency;
  if (receiveCurrency) card.receiveCurrency = receiveCurrency;
  const sendDecimals = order.send?.currency.decimals;
  const receiveDecimals = order.receive?.currency.decimals;
  if (sendDecimals !== undefined) card.sendDecimals = sendDecimals;
  if (receiveDecimals !== undefined) card.receiveDecimals = receiveDecimals;
  return card;
}

/**
 * The balance in the order's own currency cannot cover its amount. The currency is matched by every
 * name it goes by: the order's code and name, the exchanger's list's code, name and label.
 */
async function balanceShort(
  deps: BotDeps,
  caller: Caller,
  order: Order,
  card: PayCard,
): Promise<boolean> {
  if (card.balance === undefined) return false;
  const currency = order.send?.currency;
  const listed =
    currency?.id === undefined
      ? undefined
      : await deps.currencies
          .byId(caller.language)
          .then((byId) => byId.get(currency.id!))
          .catch(() => undefined);
  const names = [currency?.code, currency?.name, listed?.code, listed?.name, card.sendCurrency];
  return coverage(card.balance, order.send?.amount, names).kind === "short";
}

/**
 * Looks the order up and prepares its confirmation card (with a fresh single-use confirmation when it
 * can be paid). Also remembers whether the account has 2FA, as the user object says. Undefined: no such order.
 */
export async function loadPayCard(
  deps: BotDeps,
  caller: Caller,
  chatId: number,
  lookup: OrderLookup,
): Promise<PayCard | undefined> {
  const order = await findOwnOrder(deps, caller, lookup);
  if (!order) return undefined;
  const [user, proof] = await Promise.all([
    readUser(deps, caller),
    deps.orders.prove(caller, order),
  ]);
  const twofa = user?.twoFactor;
  if (twofa !== undefined && (await deps.settings.get(chatId)).twofa !== twofa)
    await deps.settings.update(chatId, { twofa });

  const names = await deps.currencies
    .labels(caller.language)
    .catch(() => new Map<string, string>());
  const card = payCardOf(order, names, proof);
  const balance = balanceOf(user);
  if (balance) card.balance = balance;
  if (card.payable && (await balanceShort(deps, caller, order, card)))
    Object.assign(card, { payable: false, short: true });
  const orderId = card.orderId;
  const payable = card.payable;
  // The card's "Check order status" and its outcomes' carry the order's reference (render.ts).
  const [confirmId] = await Promise.all([
    payable ? new Confirmations(deps.kv).create(chatId, orderId) : undefined,
    rememberOrderRef(deps.kv, chatId, orderId),
  ]);
  if (confirmId !== undefined) card.confirmId = confirmId;
  return card;
}

/** No-op marks, for a payment nobody watches (tests of the function alone). */
const UNWATCHED: SpendWatch = {
  left: () => undefined,
  decided: () => undefined,
  bookkeepingFailed: async () => undefined,
  guard: (_step, work) => work(),
  busy: async () => undefined,
};

/** How long a Pay press waits for another chat's payment of the same order to end (a spend call takes seconds). */
export const OTHER_SPEND_WAIT_MS = 30_000;
const OTHER_SPEND_POLL_MS = 250;

/**
 * Pays the order once per account. Re-reads it first (fresh status, and the token, which is never
 * stored), claims the account's spend record of the order (core/confirmations.ts: shared by every chat
 * linked with the same key, on every instance) around spend-balance, and never retries that call.
 * While another chat of the account is paying the order, `watch.busy()` says so and the other payment's
 * outcome is returned when it ends. Throws only when nothing can have been spent (the order could not
 * be read, or the key was rejected).
 *
 * Once the spend request has left, the outcome is the exchanger's answer alone (core/after-spend.ts):
 * a failure of our storage after that point (the spend record, the 2FA allowance's reset) is reported
 * through `watch` and never turns a payment into an error.
 */
/** The order as a payment left it, for the watcher's seen state (core/own-action.ts); none unless paid. */
export const paidOrders = (outcome: PayOutcome): { id: string; status: OrderStatus }[] =>
  outcome.kind === "paid" && outcome.status
    ? [{ id: outcome.orderId, status: outcome.status }]
    : [];

export async function payOrder(
  deps: BotDeps,
  caller: Caller,
  orderId: string,
  code?: string,
  watch: SpendWatch = UNWATCHED,
): Promise<PayOutcome> {
  const order = await findOwnOrder(deps, caller, { id: orderId });
  if (!order) return { kind: "not-found", orderId };
  const token = order.token;
  if (token === undefined) return { kind: "unproven", orderId };
  // The server proves again, right before the spend, what this order is now (never a layout's guess).
  const proof = await deps.orders.prove(caller, order);
  if (!proof.proven) return { kind: "unproven", orderId };
  if (!payableNow(order, proof)) return { kind: "not-payable", orderId, status: proof.status };

  const guards = new Confirmations(deps.kv);
  const account = deps.vault.accountIdOf(caller.apiKey);
  if (!(await guards.claimSpend(account, orderId))) {
    const other = await otherSpendOutcome(deps, caller, guards, account, orderId, watch);
    if (other !== undefined) return other;
    // The other attempt spent nothing (refused, wrong code): this press may pay now.
    if (!(await guards.claimSpend(account, orderId))) return { kind: "busy", orderId };
  }
  const store = new AfterSpendStore(watch);
  const answer = await spendOnce(deps, caller, { token, code }, watch, store, () =>
    guards.releaseSpend(account, orderId),
  );
  const settle = (outcome: SettledSpend | undefined) =>
    store.run("payment record", () => guards.settleSpend(account, orderId, outcome));
  return outcomeOf(deps, caller, { orderId, code }, answer, watch, settle);
}

/** What the exchanger answered to spend-balance, kept apart from what our own bookkeeping around the call did. */
type SpendAnswer = { ok: true; result: unknown } | { ok: false; error: unknown };

/** Storage after the spend: a failure is reported, never thrown; once the store failed, the rest is skipped (records expire by themselves). */
class AfterSpendStore {
  #failed = false;
  constructor(private readonly watch: SpendWatch) {}

  async run(step: string, work: () => Promise<unknown>): Promise<void> {
    if (this.#failed) return;
    try {
      await work();
    } catch (error) {
      await this.fail(step, error);
    }
  }

  async fail(step: string, error: unknown): Promise<void> {
    this.#failed = true;
    await this.watch.bookkeepingFailed(step, error);
  }
}

/**
 * Sends spend-balance once; with a code, through the account's allowance (code-attempts.ts:
 * CodesLocked means nothing was sent). Nothing left at all: the claim is released and the error thrown.
 */
async function spendOnce(
  deps: BotDeps,
  caller: Caller,
  request: { token: string; code?: string },
  watch: SpendWatch,
  store: AfterSpendStore,
  release: () => Promise<unknown>,
): Promise<SpendAnswer> {
  let answer: SpendAnswer | undefined;
  const spend = async () => {
    watch.left();
    try {
      const result = await deps.exchanger.spendBalance(caller, {
        token: request.token,
        twoFactorCode: request.code,
      });
      answer = { ok: true, result };
      return result;
    } catch (error) {
      answer = { ok: false, error };
      throw error;
    }
  };
  try {
    await (request.code === undefined ? spend() : deps.codeAttempts.send(caller, spend));
  } catch (error) {
    if (answer === undefined) {
      // Nothing left (too many codes, or the store failed before the call): the claim goes, the error is reported.
      await release();
      throw error;
    }
    // Our bookkeeping of the 2FA allowance failed after the exchanger answered: its answer stands.
    if (answer.ok || error !== answer.error) await store.fail("2FA allowance", error);
  }
  if (answer === undefined) throw new Error("spend-balance was neither answered nor failed"); // unreachable: spend() ran
  return answer;
}

/** The user's outcome from the exchanger's answer, with the spend record settled accordingly. */
async function outcomeOf(
  deps: BotDeps,
  caller: Caller,
  pay: { orderId: string; code?: string },
  answer: SpendAnswer,
  watch: SpendWatch,
  settle: (outcome: SettledSpend | undefined) => Promise<void>,
): Promise<PayOutcome> {
  const { orderId, code } = pay;
  if (answer.ok) {
    const after = await afterPayment(deps, caller, orderId, answer.result);
    // The record is text other chats read back (readStatus): the status's one spelling (vocabulary's statusKey).
    await settle({
      kind: "paid",
      ...(after.status !== undefined && { status: statusKey(after.status) }),
    });
    return decided(watch, true, { kind: "paid", orderId, ...after });
  }
  const error = answer.error;
  // The request may have reached the exchanger: the record stays until it expires so that nobody
  // pays again while it might still be running, and the user is told the outcome is unknown.
  if (error instanceof Unavailable) {
    await settle({ kind: "unknown" });
    return decided(watch, true, { kind: "unknown", orderId });
  }
  if (error instanceof ExchangerError) {
    await settle(undefined);
    if (isTwoFactorRefusal(error))
      return decided(
        watch,
        false,
        code === undefined
          ? { kind: "needs-code", orderId }
          : { kind: "wrong-code", orderId, message: error.serverMessage },
      );
    return decided(watch, true, { kind: "refused", orderId, message: error.serverMessage });
  }
  if (error instanceof Unauthorized) {
    // The key was refused: nothing was spent, and the error boundary forgets the key as always.
    await settle(undefined);
    watch.decided(false);
    throw error;
  }
  // Not an answer of the exchanger (a bug on our side): the outcome is unknown to the user.
  await watch.bookkeepingFailed("spend call", error);
  await settle({ kind: "unknown" });
  return decided(watch, true, { kind: "unknown", orderId });
}

/**
 * Another chat of the account holds the order's spend record: its outcome once known (said to be in
 * progress first), "busy" when it does not end within OTHER_SPEND_WAIT_MS, or undefined when the record
 * is gone (that attempt spent nothing).
 */
async function otherSpendOutcome(
  deps: BotDeps,
  caller: Caller,
  guards: Confirmations,
  account: string,
  orderId: string,
  watch: SpendWatch,
): Promise<PayOutcome | undefined> {
  const deadline = Date.now() + OTHER_SPEND_WAIT_MS;
  let told = false;
  for (;;) {
    const state = await guards.spendState(account, orderId);
    if (state.kind === "free") return undefined;
    if (state.kind === "settled") {
      // Its answer was lost: "in progress, or its outcome still unknown — check before paying again".
      if (state.outcome.kind === "unknown") return { kind: "busy", orderId };
      return {
        kind: "paid",
        orderId,
        ...(await afterPayment(deps, caller, orderId, { status: state.outcome.status })),
      };
    }
    if (Date.now() >= deadline) return { kind: "busy", orderId };
    if (!told) {
      told = true;
      await watch.busy();
    }
    await new Promise((resolve) => setTimeout(resolve, OTHER_SPEND_POLL_MS));
  }
}

/**
 * Marks the outcome as known (the user is about to read it). `spent: false` for a refusal of the code,
 * where the flow asks again: nothing was spent, so later failures are ordinary ones.
 */
function decided(watch: SpendWatch, spent: boolean, outcome: PayOutcome): PayOutcome {
  watch.decided(spent);
  return outcome;
}

/** The new status and balance: from the spend result when it says, else read back (best effort). */
async function afterPayment(
  deps: BotDeps,
  caller: Caller,
  orderId: string,
  result: unknown,
): Promise<{ status?: OrderStatus; balance?: Balance[] }> {
  const fromResult =
    typeof result === "object" && result !== null ? (result as Record<string, unknown>) : {};
  let status =
    fromResult.status === undefined || fromResult.status === null
      ? undefined
      : readStatus(fromResult.status);
  if (status === undefined || status.value === undefined) {
    const order = await findOwnOrder(deps, caller, { id: orderId }).catch(() => undefined);
    status = order?.status.unreadable ? undefined : order?.status;
  }
  const balance =
    balanceOf(await readUser(deps, caller).catch(() => undefined)) ??
    nonEmpty(readBalances({ balance: fromResult.balance }));
  return { ...(status !== undefined && { status }), ...(balance !== undefined && { balance }) };
}
