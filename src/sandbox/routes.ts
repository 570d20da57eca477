/**
 * Path → method table. User methods are POST with a user's key; Private API methods are POST with the
 * operator's key; public methods are GET without one.
 */
import { getInfo, getInputs, getOrders, getReferralOrders } from "./methods/account.js";
import { createDetails, deleteDetails, getDetails } from "./methods/details.js";
import {
  getCurrencies,
  getExchange,
  getExchanges,
  getReferralProgram,
  getSocial,
  getStatus,
} from "./methods/public.js";
import { changePassword, setupTwoFactor, spendBalance } from "./methods/security.js";
import { createOrder } from "./methods/private.js";
import type { PrivateMethod, PublicMethod, UserMethod } from "./methods/types.js";
import { getVerification, submitVerification } from "./methods/verification.js";

export type Route =
  | { kind: "user"; run: UserMethod }
  | { kind: "private"; run: PrivateMethod }
  | { kind: "public"; run: PublicMethod };

const user = (run: UserMethod): Route => ({ kind: "user", run });
const pub = (run: PublicMethod): Route => ({ kind: "public", run });
const operator = (run: PrivateMethod): Route => ({ kind: "private", run });

export const ROUTES: Readonly<Record<string, Route>> = {
  "/user-api-get-info": user(getInfo),
  "/user-api-get-orders": user(getOrders),
  "/user-api-get-referral-orders": user(getReferralOrders),
  "/user-api-get-details": user(getDetails),
  "/user-api-create-details": user(createDetails),
  "/user-api-delete-details": user(deleteDetails),
  "/user-api-get-verification": user(getVerification),
  "/user-api-submit-verification": user(submitVerification),
  "/user-api-spend-balance": user(spendBalance),
  "/user-api-change-password": user(changePassword),
  "/user-api-setup-two-factor-authentication": user(setupTwoFactor),
  "/user-api-get-inputs": user(getInputs),
  "/private-api-create-order": operator(createOrder),
  "/public-api-get-currencies": pub(getCurrencies),
  "/public-api-get-exchanges": pub(getExchanges),
  "/public-api-get-exchange": pub(getExchange),
  "/public-api-get-status": pub(getStatus),
  "/public-api-get-referral-program": pub(getReferralProgram),
  "/public-api-get-social": pub(getSocial),
};

export function findRoute(path: string): Route | undefined {
  return Object.hasOwn(ROUTES, path) ? ROUTES[path] : undefined;
}
