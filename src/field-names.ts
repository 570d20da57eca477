/**
 * The one dictionary of the field names Exchanger CMS servers send (user object, orders, referral
 * orders, verification requests, directions, currencies, status, referral program, saved settings)
 * → the message of its label in locales/<lang>/fields.ftl. The spec lists none of these shapes
 * ("not shown"), so the names are those of the sandbox, the spec's parameters and what real servers
 * are known to add; any other name is humanized in English (html.ts humanizeKey), as before.
 *
 * A few names mean different things on different screens (`id` is the account number on the account
 * card and the request number on /verify; `created_at` is when an account was registered but when an
 * order was created), so a screen names its scope and the scope's entries win over the common ones.
 *
 * Telegram-free and a leaf (it imports nothing): the doctor checks a server's names against it, and
 * the bot's labels (bot/ui/field-names.ts) translate its message ids.
 */

/** The screen a field is shown on. */
export type FieldScope =
  "account" | "order" | "verification" | "direction" | "currency" | "status" | "referral-program";

/** Names with one meaning wherever they appear. */
const COMMON: Readonly<Record<string, string>> = {
  id: "field-number",
  login: "field-login",
  username: "field-login",
  email: "field-email",
  e_mail: "field-email",
  phone: "field-phone",
  first_name: "field-first-name",
  last_name: "field-last-name",
  middle_name: "field-middle-name",
  birth_date: "field-birth-date",
  country: "field-country",
  city: "field-city",
  address: "field-address",
  zip_code: "field-zip-code",
  name: "field-name",
  title: "field-name",
  description: "field-description",
  comment: "field-comment",
  status: "field-status",
  type: "field-type",
  created_at: "field-created",
  updated_at: "field-updated",
  // Money and rates.
  balance: "field-balance",
  partner_balance: "field-partner-balance",
  referral_balance: "field-partner-balance",
  discount: "field-discount",
  discount_percent: "field-discount-percent",
  amount: "field-amount",
  currency: "field-currency",
  rate: "field-rate",
  course: "field-rate",
  exchange_rate: "field-rate",
  commission: "field-fee",
  fee: "field-fee",
  reserve: "field-reserve",
  min_amount: "field-min",
  max_amount: "field-max",
  network: "field-network",
  // Referral program.
  ref_link: "field-referral-link",
  referral_link: "field-referral-link",
  referrals_count: "field-referrals-count",
  referral_reward: "field-referral-reward",
  partner_reward: "field-referral-reward",
  percent: "field-referral-percent",
  referral_percent: "field-referral-percent",
  // The vendor's documented user object (exchanger/normalize/user-layout.ts).
  bonus_percent: "field-bonus-percent",
  orders_volume: "field-orders-volume",
  referrals_volume: "field-referrals-volume",
  investments_volume: "field-investments-volume",
  referrer: "field-referrer",
  referrer_id: "field-referrer",
  levels: "field-levels",
  min_payout: "field-min-payout",
  payout_currency: "field-payout-currency",
  cookie_days: "field-cookie-days",
  enabled: "field-enabled",
  // Account.
  verified: "field-verified",
  is_verified: "field-verified",
  verification_status: "field-verification-status",
  group: "field-group",
  group_name: "field-group",
  last_login: "field-last-login",
  last_login_at: "field-last-login",
  registered_at: "field-registered",
  language: "field-language",
  lang: "field-language",
  settings: "field-settings",
  notifications: "field-notifications",
  inputs: "field-inputs",
  // Orders.
  token: "field-token",
  receive_wallet: "field-receive-wallet",
  send_wallet: "field-send-wallet",
  send_amount: "field-send-amount",
  receive_amount: "field-receive-amount",
  send_currency_id: "field-send-currency",
  receive_currency_id: "field-receive-currency",
  exchange_id: "field-direction",
  direction: "field-direction",
  user_login: "field-referral",
  ip: "field-ip",
  // Verification.
  card_number: "field-card-number",
  card_holder: "field-card-holder",
  id_type: "field-id-type",
  id_number: "field-id-number",
  photos: "field-photos",
  // Directions and status.
  verification: "field-verification-needed",
  need_verification: "field-verification-needed",
  verification_required: "field-verification-needed",
  processing_time: "field-processing-time",
  active: "field-open",
  version: "field-version",
  datetime: "field-server-time",
  timezone: "field-timezone",
  online: "field-online",
  maintenance: "field-maintenance",
  // A server's note on /status (and elsewhere): "Message: …" must not stay English.
  message: "field-message",
  msg: "field-message",
  notice: "field-message",
  // Account settings real servers add.
  newsletter: "field-newsletter",
  subscribe: "field-newsletter",
  subscribed: "field-newsletter",
  mailing: "field-newsletter",
  preferred_currency: "field-preferred-currency",
  default_currency: "field-preferred-currency",
};

/** What a name means on one screen, where that differs from COMMON. */
const BY_SCOPE: Readonly<Record<FieldScope, Readonly<Record<string, string>>>> = {
  // A person's name, not a thing's title.
  account: {
    id: "field-account-number",
    created_at: "field-registered",
    date: "field-registered",
    name: "field-person-name",
  },
  // A referral's order: the partner's reward is the reader's own.
  // The time an order must be paid by (the Private API's created order; servers name it their way).
  order: {
    login: "field-referral",
    partner_reward: "field-your-reward",
    date: "field-created",
    pay_until: "field-pay-until",
    pay_till: "field-pay-until",
    pay_before: "field-pay-until",
    payment_deadline: "field-pay-until",
    deadline: "field-pay-until",
    // Where to pay (the order's payment instructions, shown in full).
    pay_to: "field-pay-to",
    pay_address: "field-pay-to",
    payment_address: "field-pay-to",
    deposit_address: "field-pay-to",
    pay_amount: "field-pay-amount",
    payment_amount: "field-pay-amount",
    memo: "field-memo",
    pay_memo: "field-memo",
    payment_memo: "field-memo",
    destination_tag: "field-memo",
    payment_id: "field-payment-id",
  },
  verification: {
    id: "field-request-number",
    type: "field-verification-kind",
    created_at: "field-submitted",
    name: "field-person-name",
  },
  direction: { status: "field-open", time: "field-processing-time" },
  currency: {},
  status: { time: "field-server-time" },
  "referral-program": {},
};

/** "createdAt", "Created-At" and "created_at" are one name. */
function normalized(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[\s\-.]+/g, "_")
    .toLowerCase();
}

/** The message id of a field's label, or undefined for a name the dictionary does not know. */
export function fieldMessage(key: string, scope?: FieldScope): string | undefined {
  const name = normalized(key);
  // Own properties only: a server's field named "constructor" or "__proto__" is just an unknown name.
  const own = (map: Readonly<Record<string, string>>): string | undefined =>
    Object.hasOwn(map, name) ? map[name] : undefined;
  return (scope === undefined ? undefined : own(BY_SCOPE[scope])) ?? own(COMMON);
}

/** Every field name the dictionary knows, on any screen. */
export function knownFieldNames(): string[] {
  return [
    ...new Set([...Object.keys(COMMON), ...Object.values(BY_SCOPE).flatMap((m) => Object.keys(m))]),
  ];
}

/** Every message id the dictionary uses (the tests check each exists in every language). */
export function fieldMessages(): string[] {
  return [
    ...new Set([
      ...Object.values(COMMON),
      ...Object.values(BY_SCOPE).flatMap((m) => Object.values(m)),
    ]),
  ];
}
