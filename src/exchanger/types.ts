/**
 * Shapes of the Exchanger CMS User API (docs/exchanger-api.md).
 *
 * The spec names only a few fields per resource and real servers write them in many shapes, so the
 * client reads every record once into the bot's own objects (normalize/: Order, Verification,
 * SavedField, Direction, Currency, Account) and returns only those; their other fields are kept,
 * masked and flattened, so cards can still show them. Ids are opaque text.
 */
import type { Language } from "../config.js";
import type { Order } from "./normalize/order.js";
import type { Verification } from "./normalize/verification.js";
import type { SavedField, SavedFields } from "./normalize/saved-fields.js";
import type { Direction, DirectionField } from "./normalize/direction.js";
import type { Account } from "./normalize/account.js";

export type { Language };
export type Id = string | number;

/** Who is calling and in which language the server should answer. */
export interface Caller {
  apiKey: string;
  language: Language;
}

/** `pagination: [total, position]` of list responses, when the server sends it. */
export interface Pagination {
  total: number;
  position: number;
}

export interface Page<T> {
  items: T[];
  pagination?: Pagination;
  /**
   * The server sent the page as an object keyed by id (`{"17": {…}, "5": {…}}`): JavaScript orders
   * integer-like keys ascending, so the server's order within the page is lost. The client puts such
   * a page newest first by what the records say (list-order.ts orderedByAge); which page holds the
   * newest orders is still the server's (newest-first.ts).
   */
  unordered?: true;
  /** Rows of a positional answer that no layout of the server fitted: not read, but counted for the screen to say. */
  unread?: number;
}

export interface ListParams {
  page?: number;
  limit?: number;
}

export type Extras = { [field: string]: unknown };

export interface OrderFilters {
  id?: Id;
  token?: string;
  /** numeric id or `@name` (what a status means: vocabulary.ts) */
  status?: number | `@${string}`;
  exchange_id?: Id;
  send_currency_id?: Id;
  receive_currency_id?: Id;
}

/** An order as the bot holds it once read (normalize/order.ts); the client returns only these. */
export type { Order };

export interface PaymentDetail extends Extras {
  id: Id;
  currency_id: Id;
  value: string;
}

export interface DetailFilters {
  currency_id?: Id;
  value?: string;
}

/** The user object as the bot holds it (normalize/account.ts): no feature reads the raw record. */
export type UserInfo = Account;
export type { Verification, SavedField, SavedFields };

/** A currency of the public list (normalize/currencies.ts): name and code under whichever key the server used, entities decoded. */
export interface Currency extends Extras {
  id: Id;
  name?: string;
  code?: string;
  /** Digits after the decimal point, when the server says. */
  decimals?: number;
}

/** One direction as the bot holds it once read (normalize/direction.ts): slug, currencies, rate, limits, reserve, fields. */
export type { Direction, DirectionField };

/**
 * One entry of the directions map (`public-api-get-exchanges`): what is sent, what is received, and the
 * slug that `public-api-get-exchange` takes as `pair`. Ids are kept as text.
 */
export interface DirectionLink {
  sendCurrencyId: string;
  receiveCurrencyId: string;
  pair: string;
  /** Only from old-style servers that list whole direction objects: what the list said about it. */
  summary?: Direction;
}

/** An undocumented public result (status, referral program) in whichever form the server chose. */
export type PublicInfo =
  | { kind: "fields"; fields: Extras }
  /** `unplaced`: values of a positional answer that have no names (counted, not shown). */
  | { kind: "list"; items: unknown[]; unplaced?: number }
  | { kind: "text"; text: string }
  | { kind: "flag"; value: boolean }
  | { kind: "nothing" };

/** One balance of the account; `currency` is a code or name when the server says which. */
export interface Balance {
  amount: string;
  currency?: string;
}

/** The verification fields the User API documents, in its order (the client sends only these). */
export const VERIFICATION_FIELDS = [
  "id_type",
  "id_number",
  "card_number",
  "first_name",
  "last_name",
  "middle_name",
  "birth_date",
  "phone",
  "country",
  "city",
  "address",
  "zip_code",
] as const satisfies readonly (keyof VerificationFields)[];

export interface VerificationFields {
  id_type?: string;
  id_number?: string;
  card_number?: string;
  first_name?: string;
  last_name?: string;
  middle_name?: string;
  /** dd.mm.yyyy */
  birth_date?: string;
  phone?: string;
  country?: string;
  city?: string;
  address?: string;
  zip_code?: string;
}

export interface PhotoUpload {
  filename: string;
  contentType: string;
  data: Uint8Array;
}

/** Every user method takes the caller first; public methods take only the language. */
/** What `public-api-get-social` told about the exchanger (normalize/social.ts); every field optional. */
export interface SocialInfo {
  siteName?: string;
  email?: string;
  /** An https:// or tg:// link to the exchanger's Telegram (support). */
  telegramUrl?: string;
}

export interface ExchangerClient {
  getInfo(caller: Caller): Promise<UserInfo>;
  getOrders(caller: Caller, params?: OrderFilters & ListParams): Promise<Page<Order>>;
  getReferralOrders(caller: Caller, params?: OrderFilters & ListParams): Promise<Page<Order>>;
  getDetails(caller: Caller, params?: DetailFilters & ListParams): Promise<Page<PaymentDetail>>;
  createDetails(caller: Caller, detail: { currency_id: Id; value: string }): Promise<unknown>;
  deleteDetails(caller: Caller, ids: Id[]): Promise<unknown>;
  getVerification(caller: Caller): Promise<Verification | null>;
  submitVerification(
    caller: Caller,
    fields: VerificationFields,
    photos: PhotoUpload[],
  ): Promise<unknown>;
  spendBalance(caller: Caller, args: { token: string; twoFactorCode?: string }): Promise<unknown>;
  changePassword(
    caller: Caller,
    args: { password: string; newPassword: string; twoFactorCode?: string },
  ): Promise<unknown>;
  setupTwoFactor(
    caller: Caller,
    args: { enable: boolean; code: string; secret?: string },
  ): Promise<unknown>;
  getInputs(caller: Caller): Promise<SavedFields>;

  getCurrencies(language: Language): Promise<Currency[]>;
  /** The directions map, flattened: one link per (send currency, receive currency). */
  getExchanges(language: Language): Promise<DirectionLink[]>;
  /** One direction by its slug (sent as `pair`, as documented). */
  getExchange(language: Language, pair: string): Promise<Direction>;
  getStatus(language: Language): Promise<PublicInfo>;
  getReferralProgram(language: Language): Promise<PublicInfo>;
  /** The site's name and contacts (`public-api-get-social`). */
  getSocial(language: Language): Promise<SocialInfo>;

  close(): Promise<void>;
}
