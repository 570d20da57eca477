/**
 * Creating the order, free of Telegram: the creation budget, the customer's login read with the
 * chat's own key at this very moment (get-info), the newest orders noted first, the one
 * private-api-create-order call (never retried: private-client.ts), and a lost answer looked for among
 * the orders that appeared (created-order.ts). Exactly one of the outcomes below.
 */
import {
  ExchangerError,
  Unavailable,
  findCreatedOrders,
  orderKeys,
  OperatorKeyRefused,
  type PrivateClient,
  type Caller,
  type Language,
  type Order,
} from "../../../exchanger/index.js";
import type { BotDeps } from "../../context.js";
import type { NoReturnWatch } from "../../core/after-spend.js";
import { budgetAccount } from "../../core/creation-budget.js";
import { forgetCreating, holdCreatingLease, rememberCreating } from "./in-flight.js";

export interface OrderDraft {
  slug: string;
  directionId?: string;
  sendAmount: string;
  fields: { name: string; value: string }[];
  language: Language;
}

export type CreateOutcome =
  | { kind: "created"; order: Order }
  /** No answer, and no new order of this direction and amount found: it may still appear. */
  | { kind: "unknown" }
  /** The exchanger refused this order (nothing created); its message when it gave one. */
  | { kind: "refused"; message?: string }
  /** The operator key is refused or the Private API is off: not the user's doing. */
  | { kind: "key-refused" }
  | { kind: "budget"; waitMs: number }
  /** The account's login could not be read: the order would not be the user's. */
  | { kind: "no-login" };

/** The newest orders as the orders list reads them (created-order.ts); undefined when unreadable. */
const newest = (deps: BotDeps, caller: Caller): Promise<Order[] | undefined> =>
  deps.orders.newest(caller).catch(() => undefined);

/** Where the creation is asked from: the chat, and the summary its Create was pressed on. */
export interface CreateRequest {
  chatId: number;
  summaryId?: number;
}

/**
 * Takes one creation from the account's budget and creates the order once. From the moment the
 * request leaves (`watch.left()`), our own steps (the in-flight record, giving a creation back) are
 * guarded: their failure is logged and alerted, never shown instead of the exchanger's answer.
 */
export async function createOrderOnce(
  deps: BotDeps,
  privateApi: PrivateClient,
  caller: Caller,
  request: CreateRequest,
  draft: OrderDraft,
  watch: NoReturnWatch,
): Promise<CreateOutcome> {
  // The user object first: whose budget (the account's own id) and whose order (its login).
  const user = await deps.exchanger.getInfo(caller);
  const login = user.login;
  if (login === undefined) return { kind: "no-login" };
  const account = budgetAccount(user.id, () => deps.vault.accountIdOf(caller.apiKey));
  const waitMs = await deps.exchange.budget.take(account);
  if (waitMs > 0) return { kind: "budget", waitMs };
  const giveBack = () => deps.exchange.budget.giveBack(account);
  const before = (await newest(deps, caller))?.map((order) => order.id);
  const since = new Date();
  // Before the request leaves: a process killed while it is in flight is finished on restart (resume.ts).
  await rememberCreating(deps.kv, {
    ...request,
    language: draft.language,
    ...(draft.directionId !== undefined && { directionId: draft.directionId }),
    sendAmount: draft.sendAmount,
    ...(before !== undefined && { before }),
    at: since.getTime(),
  });
  const stopLease = holdCreatingLease(deps.kv, request.chatId);
  watch.left();
  try {
    const order = await privateApi.createOrder({ ...draft, userLogin: login });
    return { kind: "created", order };
  } catch (error) {
    if (error instanceof Unavailable) return await lostAnswer(deps, caller, draft, before, since);
    if (!(error instanceof OperatorKeyRefused || error instanceof ExchangerError)) throw error;
    await watch.guard("creation budget", giveBack);
    if (error instanceof OperatorKeyRefused) return { kind: "key-refused" };
    return { kind: "refused", ...(error.serverMessage && { message: error.serverMessage }) };
  } finally {
    stopLease();
    await watch.guard("in-flight record", () => forgetCreating(deps.kv, request.chatId));
  }
}

/**
 * The answer was lost (or the process that sent the request died): the order that appeared since,
 * when exactly one did. `beforeIds`: the ids of the newest orders read before the request left
 * at `since`.
 */
export async function lostAnswer(
  deps: BotDeps,
  caller: Caller,
  draft: Pick<OrderDraft, "directionId" | "sendAmount">,
  beforeIds: readonly string[] | undefined,
  since: Date,
): Promise<CreateOutcome> {
  const after = beforeIds === undefined ? undefined : await newest(deps, caller);
  if (beforeIds === undefined || after === undefined) return { kind: "unknown" };
  const known = new Set(beforeIds);
  const before = orderKeys(after.filter((order) => known.has(order.id)));
  const found = findCreatedOrders(before, after, {
    exchangeId: draft.directionId,
    sendAmount: draft.sendAmount,
    since,
  });
  return found.length === 1 ? { kind: "created", order: found[0]! } : { kind: "unknown" };
}
