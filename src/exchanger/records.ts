/**
 * The exchanger's record shapes that both the client's types (types.ts) and the readers (normalize/,
 * envelope.ts) name: a leaf, so neither side imports the other for them.
 */
export type Id = string | number;

/** `pagination: [total, position]` of list responses, when the server sends it. */
export interface Pagination {
  total: number;
  position: number;
}

export type Extras = { [field: string]: unknown };

/** A currency of the public list (normalize/currencies.ts): name and code under whichever key the server used, entities decoded. */
export interface Currency extends Extras {
  id: Id;
  name?: string;
  code?: string;
  /** Digits after the decimal point, when the server says. */
  decimals?: number;
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

/** What `public-api-get-social` told about the exchanger (normalize/social.ts); every field optional. */
export interface SocialInfo {
  siteName?: string;
  email?: string;
  /** An https:// or tg:// link to the exchanger's Telegram (support). */
  telegramUrl?: string;
}

/**
 * The verification fields the User API documents: the one list of their names, in the order the
 * form asks for them and the screens list them (the client sends only these; the order of the
 * parameters means nothing to the server).
 */
export const VERIFICATION_FIELDS = [
  "card_number",
  "id_type",
  "id_number",
  "first_name",
  "middle_name",
  "last_name",
  "birth_date",
  "phone",
  "country",
  "city",
  "address",
  "zip_code",
] as const;

/** A verification request's fields, each optional (birth_date as dd.mm.yyyy). */
export type VerificationFields = { [name in (typeof VERIFICATION_FIELDS)[number]]?: string };
