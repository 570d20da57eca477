/**
 * The exchanger's front door: everything outside src/exchanger imports from here, never from its
 * inner rooms (transport, the User and Private API clients, normalize/, layouts/, catalog/), so what
 * the rest of the bot relies on is this one list, grouped by what callers need. Telegram-free.
 * What only the doctor, the sandbox and the bench use (the method table, layouts as evidence, raw
 * envelopes) is behind the second door, inspect.ts.
 */

// ── Common: the clients, who calls, what fails, the records they return ───────────────────────────
export {
  type CallOutcome,
  createExchangerClient,
  type ExchangerClientWithStats,
} from "./client.js";
export { createPrivateClient, OperatorKeyRefused, type PrivateClient } from "./private-client.js";
export { withKeyCheck } from "./key-check.js";
export { ServerProfile } from "./server/profile.js";
export { readLayoutFile } from "./layouts/file.js";
export {
  ExchangerError,
  Unauthorized,
  Unavailable,
  type UnavailableReason,
  Unreadable,
} from "./errors.js";
export {
  type Balance,
  type Caller,
  type Currency,
  type Direction,
  type ExchangerClient,
  type Extras,
  type Language,
  type ListParams,
  type Order,
  type OrderFilters,
  type Page,
  type Pagination,
  type PaymentDetail,
  type PhotoUpload,
  type PublicInfo,
  type SavedField,
  type UserInfo,
  type Verification,
  type VerificationFields,
} from "./types.js";
export { VERIFICATION_FIELDS } from "./records.js";
export { type Account } from "./normalize/account.js";
export { type ReferralFacts } from "./normalize/referral.js";
export { type CurrencyRef, type Money } from "./normalize/money.js";
export {
  isActiveStatus,
  isPayableStatus,
  type OrderStatus,
  readStatus,
  readVerificationStatus,
  specStatusId,
  statusEmoji,
  statusKey,
  statusLabel,
  statusMeaning,
  statusWords,
  type Translator,
  UNREADABLE_STATUS,
  type VerificationMeaning,
  type VerificationStatus,
} from "./vocabulary.js";

// ── Reading: order pages, the one lookup, what money depends on, what a card may show ─────────────
export { type OrdersPage } from "./newest-first.js";
export {
  type Gate,
  type OrderList,
  OrderPages,
  type PageQuery,
  StatusFilterRefused,
} from "./orders/pages.js";
export { findOrder, ORDER_TOKEN, type OrderLookup, parseOrderQuery } from "./order-lookup.js";
export { choiceStatus, FILTER_NAME, type StatusChoice } from "./server-statuses.js";
export { payableNow, type Proof } from "./orders/payable-proof.js";
export { isPayableButUnsure, isPayableOrder, type OrderFact } from "./normalize/order.js";
export { findCreatedOrders, orderKeys } from "./created-order.js";
export { coverage, readBalances, type Coverage } from "./normalize/balance.js";
export { USER_LAYOUT } from "./normalize/user-layout.js";
export { dateOf } from "./normalize/values.js";
export {
  isCardNumber,
  isHiddenField,
  isNumberField,
  looksSecret,
  maskDeep,
  maskIfCard,
  maskNumber,
} from "./normalize/secrets.js";

// ── Catalog: currencies, directions, branding, amounts and quotes ──────────────────────────────────
export { Branding } from "./catalog/branding.js";
export { CurrencyCache, currencyLabel } from "./catalog/currencies.js";
export { DirectionCatalog } from "./catalog/directions.js";
export { exchangeLink } from "./exchange-link.js";
export { quoteTermsOf } from "./normalize/index.js";
export {
  type AmountProblem,
  type AmountReadings,
  amountReadings,
  type LimitCrossed,
  parseAmount,
  type Quote,
  quoteFromReceive,
  quoteFromSend,
  type QuoteTerms,
  sameAmount,
  smallerReserve,
  withinTolerance,
} from "./exchange-quote.js";
