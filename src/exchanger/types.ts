/**
 * Shapes of the Exchanger CMS User API (docs/exchanger-api.md).
 *
 * The spec names only a few fields per resource and real servers write them in many shapes, so the
 * client reads every record once into the bot's own objects (normalize/: Order, Verification,
 * SavedField, Direction, Currency, Account) and returns only those; their other fields are kept,
 * masked and flattened, so cards can still show them. Ids are opaque text. A record written as a
 * positional array is read through the layout the server profile holds for it (server/profile.ts):
 * what its layout does not prove is left out of the object and said to be unread (Order.unproven,
 * Account.unreadable, Page.unread), never guessed.
 */
import type { Language } from "../languages.js";
import type { Order } from "./normalize/order.js";
import type { Verification } from "./normalize/verification.js";
import type { SavedField, SavedFields } from "./normalize/saved-fields.js";
import type { Direction, DirectionField } from "./normalize/direction.js";
import type { Account } from "./normalize/account.js";
import type { DirectionLink } from "./normalize/directions.js";
import type {
  Currency,
  Extras,
  Id,
  Pagination,
  PublicInfo,
  SocialInfo,
  VerificationFields,
} from "./records.js";

export type { Language };
export type * from "./records.js";
export type { DirectionLink };

/** Who is calling and in which language the server should answer. */
export interface Caller {
  apiKey: string;
  language: Language;
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

/** One direction as the bot holds it once read (normalize/direction.ts): slug, currencies, rate, limits, reserve, fields. */
export type { Direction, DirectionField };

export interface PhotoUpload {
  filename: string;
  contentType: string;
  data: Uint8Array;
}

/** Every user method takes the caller first; public methods take only the language. */

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
