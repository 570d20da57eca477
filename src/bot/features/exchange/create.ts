/**
 * Creating the order, free of Telegram: the creation budget, the customer's login read with the
 * chat's own key at this very moment (get-info), the newest orders noted first, the one
 * private-api-create-order call (never retried: private-client.ts), and a lost answer looked for among
 * the orders that appeared (created-order.ts). Exactly one of the outcomes below.
 */
import { ExchangerError, Unavailable } from "../../../exchanger/errors.js";
import { findCreatedOrders, orderKeys } from "../../../exchanger/created-order.js";
import { OperatorKeyRefused, type PrivateClient } from "../../../exchanger/private-client.js";
import type { Caller, Language, Order } from "../../../exchanger/types.js";
import type { BotDeps } from "../../context.js";

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

/** How many newest orders are compared before and after a lost answer. */
const NEWEST = 20;

const newestOrders = async (deps: BotDeps, caller: Caller): Promise<Order[] | undefined> =>
  (await deps.exchanger.getOrders(caller, { limit: NEWEST }).catch(() => undefined))?.items;

/** Takes one creation from the chat's budget and creates the order once. */
export async function createOrderOnce(
  deps: BotDeps,
  privateApi: PrivateClient,
  caller: Caller,
  chatId: number,
  draft: OrderDraft,
): Promise<CreateOutcome> {
  const waitMs = await deps.exchange.budget.take(chatId);
  if (waitMs > 0) return { kind: "budget", waitMs };
  let login: string | undefined;
  try {
    login = (await deps.exchanger.getInfo(caller)).login;
  } catch (error) {
    await deps.exchange.budget.giveBack(chatId);
    throw error;
  }
  if (login === undefined) {
    await deps.exchange.budget.giveBack(chatId);
    return { kind: "no-login" };
  }
  const before = await newestOrders(deps, caller);
  try {
    const order = await privateApi.createOrder({ ...draft, userLogin: login });
    return { kind: "created", order };
  } catch (error) {
    if (error instanceof Unavailable) return lostAnswer(deps, caller, draft, before);
    if (!(error instanceof OperatorKeyRefused || error instanceof ExchangerError)) throw error;
    await deps.exchange.budget.giveBack(chatId);
    if (error instanceof OperatorKeyRefused) return { kind: "key-refused" };
    return { kind: "refused", ...(error.serverMessage && { message: error.serverMessage }) };
  }
}

/** The answer was lost: the order that appeared since, when exactly one did. */
async function lostAnswer(
  deps: BotDeps,
  caller: Caller,
  draft: OrderDraft,
  before: Order[] | undefined,
): Promise<CreateOutcome> {
  const after = before === undefined ? undefined : await newestOrders(deps, caller);
  if (before === undefined || after === undefined) return { kind: "unknown" };
  const found = findCreatedOrders(orderKeys(before), after, {
    exchangeId: draft.directionId,
    sendAmount: draft.sendAmount,
  });
  return found.length === 1 ? { kind: "created", order: found[0]! } : { kind: "unknown" };
}
