/**
 * Recognising a rejected API key however the server says it.
 *
 * Some servers answer a wrong or revoked key with HTTP 401/403 (envelope.ts turns that into
 * Unauthorized). Many answer it with the plain error envelope and HTTP 200 (docs/exchanger-api.md), which
 * looks exactly like an ordinary refusal ("not enough balance", "wrong 2FA code"). The rule:
 *
 * - get-info refused with the error envelope IS the rejection: it takes no parameters, so the only
 *   thing it can refuse is the key.
 * - Any other user method refused with the envelope is re-checked with ONE get-info. Refused too →
 *   the key is rejected (Unauthorized). Answered → the original refusal stands and is shown as usual.
 *   The re-check is a read: a refused write is never sent again.
 * - An envelope under HTTP 5xx is server trouble, not a verdict on the key: never a rejection (a
 *   crashing exchanger must not make every user link again).
 * - A re-check that cannot reach the server proves nothing: the original error stands.
 *
 * The rule is applied once, around the client (`withKeyCheck`, wired in app.ts), so every caller —
 * screens, conversations, the watcher — sees a rejected key as Unauthorized and nothing else.
 */
import { ExchangerError, Unauthorized } from "./errors.js";
import type { Caller, ExchangerClient } from "./types.js";

/** The method whose refusal can only mean the key (errors name methods without the slash). */
const GET_INFO = "user-api-get-info";

type UserMethod =
  | "getInfo"
  | "getOrders"
  | "getReferralOrders"
  | "getDetails"
  | "createDetails"
  | "deleteDetails"
  | "getVerification"
  | "submitVerification"
  | "spendBalance"
  | "changePassword"
  | "setupTwoFactor"
  | "getInputs";

/** An error envelope that is an answer about this request (not 5xx server trouble). */
function refusal(error: unknown): ExchangerError | undefined {
  return error instanceof ExchangerError && error.httpStatus < 500 ? error : undefined;
}

function rejected(method: string, answer: ExchangerError): Unauthorized {
  return new Unauthorized(method, answer.serverMessage, answer.httpStatus);
}

/**
 * What a failed user call really was: Unauthorized when the key is rejected (per the rule above),
 * else the error itself. `getInfo` must be the plain client's (no key check of its own).
 */
export async function settleFailure(
  getInfo: (caller: Caller) => Promise<unknown>,
  caller: Caller,
  error: unknown,
): Promise<unknown> {
  const refused = refusal(error);
  if (refused === undefined) return error;
  if (refused.method === GET_INFO) return rejected(refused.method, refused);
  try {
    await getInfo(caller);
    return error;
  } catch (recheck) {
    if (recheck instanceof Unauthorized)
      return new Unauthorized(refused.method, recheck.serverMessage, recheck.httpStatus);
    const again = refusal(recheck);
    return again === undefined ? error : rejected(refused.method, again);
  }
}

/** The same client whose user methods report a rejected key as Unauthorized, however it was answered. */
export function withKeyCheck<C extends ExchangerClient>(client: C): C {
  const guard = <T>(caller: Caller, run: () => Promise<T>): Promise<T> =>
    run().catch(async (error: unknown) => {
      throw await settleFailure((c) => client.getInfo(c), caller, error);
    });
  const userMethods: Pick<ExchangerClient, UserMethod> = {
    getInfo: (caller) => guard(caller, () => client.getInfo(caller)),
    getOrders: (caller, params) => guard(caller, () => client.getOrders(caller, params)),
    getReferralOrders: (caller, params) =>
      guard(caller, () => client.getReferralOrders(caller, params)),
    getDetails: (caller, params) => guard(caller, () => client.getDetails(caller, params)),
    createDetails: (caller, detail) => guard(caller, () => client.createDetails(caller, detail)),
    deleteDetails: (caller, ids) => guard(caller, () => client.deleteDetails(caller, ids)),
    getVerification: (caller) => guard(caller, () => client.getVerification(caller)),
    submitVerification: (caller, fields, photos) =>
      guard(caller, () => client.submitVerification(caller, fields, photos)),
    spendBalance: (caller, args) => guard(caller, () => client.spendBalance(caller, args)),
    changePassword: (caller, args) => guard(caller, () => client.changePassword(caller, args)),
    setupTwoFactor: (caller, args) => guard(caller, () => client.setupTwoFactor(caller, args)),
    getInputs: (caller) => guard(caller, () => client.getInputs(caller)),
  };
  return { ...client, ...userMethods };
}
