/**
 * The operator's Private API: `private-api-create-order` (docs/exchanger-api.md). The server has already
 * checked the operator key (server.ts); this checks what a real exchanger's form would: the direction,
 * the amount against its limits and the receive currency's reserve, and every required field, sent
 * under its name in snake_case in the language of the call (the language get-exchange names it in).
 *
 * With `user_login` the order belongs to that account: it shows up in its get-orders, awaiting payment,
 * and spend-balance can pay it. Without it the order is a guest's and is only returned.
 */
import { fieldParameterName } from "../../exchanger/inspect.js";
import { SandboxError } from "../errors.js";
import { formatAmount, formatDateTime } from "../format.js";
import { localize } from "../i18n.js";
import { buildOrder, randomToken, walletFor } from "../order-factory.js";
import { writeOrderStatus } from "../order-status.js";
import { seededRandom } from "../random.js";
import { findAccountByLogin, findCurrency, findDirectionBySlug } from "../state.js";
import type { PrivateMethod } from "./types.js";

/** How long a created order waits for the payment, as the order's `pay_until` says. */
export const PAYMENT_WINDOW_MS = 30 * 60_000;

export const createOrder: PrivateMethod = ({ state, params, language, dialect, now }) => {
  const slug = params.get("slug")?.trim();
  if (slug === undefined) throw new SandboxError("required", { name: "slug" });
  const direction = findDirectionBySlug(state, slug);
  if (!direction || direction.active === false)
    throw new SandboxError("directionNotFound", { id: slug });

  const sendCurrency = findCurrency(state, direction.send_currency_id);
  const receiveCurrency = findCurrency(state, direction.receive_currency_id);
  const sendDecimals = sendCurrency?.decimals ?? 2;
  const rawAmount = params.get("send_amount")?.trim();
  if (rawAmount === undefined) throw new SandboxError("required", { name: "send_amount" });
  const places = /^\d+(?:\.(\d+))?$/.exec(rawAmount)?.[1]?.length ?? 0;
  const amount = Number(rawAmount);
  if (!/^\d+(?:\.\d+)?$/.test(rawAmount) || places > sendDecimals || !(amount > 0)) {
    throw new SandboxError("invalidAmount", { name: "send_amount", decimals: sendDecimals });
  }
  // Limits in the send currency, the reserve in the receive currency (what the exchanger pays out).
  if (amount < Number(direction.min_amount))
    throw new SandboxError("amountBelowMin", { min: String(direction.min_amount) });
  if (amount > Number(direction.max_amount))
    throw new SandboxError("amountAboveMax", { max: String(direction.max_amount) });
  const reserve = Number(receiveCurrency?.reserve ?? Infinity);
  if (amount * Number(direction.rate) > reserve)
    throw new SandboxError("insufficientReserve", { reserve: String(receiveCurrency?.reserve) });

  const fields: Record<string, string> = {};
  for (const input of direction.inputs) {
    const name = fieldParameterName(localize(input.name, language));
    const value = params.get(name)?.trim();
    if (value === undefined) {
      if (input.required) throw new SandboxError("required", { name });
      continue;
    }
    fields[name] = value;
  }

  const login = params.get("user_login")?.trim();
  const account = login === undefined ? undefined : findAccountByLogin(state, login);
  if (login !== undefined && !account) throw new SandboxError("userNotFound", { login });
  const referrer = params.get("referrer_login")?.trim();

  const id = state.nextIds.order++;
  const rand = seededRandom(id);
  const order = buildOrder(state, {
    id,
    token: randomToken(rand),
    status: 0,
    direction,
    sendAmount: formatAmount(amount, sendDecimals),
    createdAtMs: now,
    extras: {
      ...fields,
      ...(login !== undefined && { user_login: login }),
      ...(referrer !== undefined && { referrer_login: referrer }),
      // What the customer pays and where: the exchanger's own wallet or card for the send currency.
      pay_to: walletFor(direction.send_currency_id, rand),
      pay_amount: formatAmount(amount, sendDecimals),
      pay_until: formatDateTime(now + PAYMENT_WINDOW_MS),
      comment: "",
    },
  });
  account?.orders.push(order);
  return { result: writeOrderStatus(dialect, order) };
};
