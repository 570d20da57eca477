/**
 * The exchanger's front door: everything outside src/exchanger imports from here, never from its
 * inner rooms (transport, the User and Private API clients, normalize/, layouts/, catalog/), so what
 * the rest of the bot relies on is this one list. Telegram-free.
 */
export { Branding } from "./catalog/branding.js";
export { CurrencyCache, currencyLabel } from "./catalog/currencies.js";
export { DirectionCatalog } from "./catalog/directions.js";
export {
  type CallOutcome,
  createExchangerClient,
  type ExchangerClientWithStats,
} from "./client.js";
export { findCreatedOrders, orderKeys } from "./created-order.js";
export { isPlainObject, type Success } from "./envelope.js";
export {
  ExchangerError,
  Unauthorized,
  Unavailable,
  type UnavailableReason,
  Unreadable,
} from "./errors.js";
export { exchangeLink } from "./exchange-link.js";
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
export { fieldParameterName } from "./field-parameter.js";
export { withKeyCheck } from "./key-check.js";
export { ServerProfile } from "./server/profile.js";
export { layoutFileText, readLayoutFile } from "./layouts/file.js";
export { numericValue } from "./layouts/value-types.js";
export { type FetchPage, newestFirstPage, type OrdersPage } from "./newest-first.js";
export { type Account } from "./normalize/account.js";
export { type ReferralFacts } from "./normalize/referral.js";
export { readBalances } from "./normalize/balance.js";
export { quoteTermsOf } from "./normalize/index.js";
export {
  describeField,
  isCertain,
  type Layout,
  type LayoutObject,
  MAX_POSITIONS,
  MONEY_NAMES,
  nameRecord,
  unplacedPositions,
} from "./normalize/layout.js";
export { type CurrencyRef, type Money } from "./normalize/money.js";
export { isPayableButUnsure, isPayableOrder, type OrderFact } from "./normalize/order.js";
export { placementOf } from "./normalize/placement.js";
export {
  CERTAIN_NEEDS,
  METHOD_SPECS,
  METHODS,
  type MethodName,
  methodOf,
  type MethodSpec,
} from "./read/methods.js";
export {
  isCardNumber,
  isHiddenField,
  isNumberField,
  looksSecret,
  maskDeep,
  maskIfCard,
  maskNumber,
} from "./normalize/secrets.js";
export { isDocumentedUser, NUMBER_BESIDE, USER_LAYOUT } from "./normalize/user-layout.js";
export { dateOf } from "./normalize/values.js";
export { findOrder, ORDER_TOKEN, type OrderLookup, parseOrderQuery } from "./order-lookup.js";
export {
  createOrderParams,
  createPrivateClient,
  type KeyProbe,
  OperatorKeyRefused,
  type PrivateClient,
  type ProbeAnswer,
} from "./private-client.js";
export { isSecretFieldName } from "./secret-names.js";
export {
  choiceStatus,
  FILTER_NAME,
  ServerStatuses,
  type StatusChoice,
  statusFilterParam,
} from "./server-statuses.js";
export {
  type Gate,
  type OrderList,
  OrderPages,
  type PageQuery,
  StatusFilterRefused,
} from "./orders/pages.js";
export { payableNow, type Proof } from "./orders/payable-proof.js";
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
