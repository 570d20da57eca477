/**
 * The sandbox's live in-memory data. Tests may read and mutate it directly (e.g. set a balance),
 * so the shapes are plain objects and the helpers below are the only invariants we keep.
 *
 * Orders and details keep the exact JSON shape the API sends (orders carry string ids, as many
 * PHP servers do; currencies and directions carry numeric ids) so both id forms reach the client.
 */
import type { LocalizedText } from "./i18n.js";
import type { PendingEvent } from "./webhook-event.js";

/** An order exactly as get-orders sends it (plus whatever extras a test adds). */
export interface SandboxOrder {
  id: string;
  token: string;
  status: number | string;
  exchange_id: string;
  send_currency_id: string;
  receive_currency_id: string;
  send_amount: string;
  receive_amount: string;
  created_at: string;
  [field: string]: unknown;
}

export interface SandboxDetail {
  id: number;
  currency_id: number;
  value: string;
  created_at: string;
  [field: string]: unknown;
}

export interface SandboxCurrency {
  id: number;
  name: LocalizedText;
  code: string;
  decimals: number;
  reserve: string;
  [field: string]: unknown;
}

export interface SandboxInput {
  id: number;
  name: LocalizedText;
  required: boolean;
}

export interface SandboxDirection {
  id: number;
  send_currency_id: number;
  receive_currency_id: number;
  /** The direction's handle: `public-api-get-exchanges` maps currency ids to it, `get-exchange` takes it as `pair`. */
  slug: string;
  /** Units of the receive currency per one unit of the send currency. */
  rate: string;
  inputs: SandboxInput[];
  [field: string]: unknown;
}

export interface SandboxAccount {
  name: string;
  apiKey: string;
  /** A revoked key is refused like an unknown one (401, or 200 in some dialects), as after regenerating it in "API Settings". */
  revoked: boolean;
  password: string;
  /** Base32 TOTP secret; null while 2FA is off. */
  twoFactorSecret: string | null;
  balance: number;
  /** The user object of get-info minus balance and 2FA flag (those are derived). Never secrets. */
  profile: Record<string, unknown>;
  /** The `positional` dialect answers get-info with this array as it is, when a test sets one. */
  userObject?: unknown[];
  /** The user object's state (position 3): 1 active (default), 0 blocked, -1 deleted. */
  active?: 1 | 0 | -1;
  orders: SandboxOrder[];
  referralOrders: SandboxOrder[];
  details: SandboxDetail[];
  verification: Record<string, unknown> | null;
  /** Direction field id → saved value. */
  inputs: Record<string, string>;
}

export interface SandboxState {
  currencies: SandboxCurrency[];
  directions: SandboxDirection[];
  accounts: Record<string, SandboxAccount>;
  /** Ids are global across accounts, as in one exchanger database. */
  nextIds: { order: number; detail: number; verification: number };
  /**
   * The Private API as its administrator set it: the keys valid now (several may be, as in Application
   * Settings → Private API) and whether it is switched on.
   */
  privateApi: { keys: string[]; enabled: boolean };
  /** What public-api-get-social answers: positional, [0] site name, [1] e-mail, [3] Telegram link (tests change it). */
  social: unknown;
  /** Events waiting for the next webhook batch; present only while webhooks are configured (webhooks.ts). */
  webhookOutbox?: PendingEvent[];
  /** Order lists answered so far (a hostile server changes its layout after some: hostile.ts). */
  orderAnswers?: number;
}

export function getAccount(state: SandboxState, name: string): SandboxAccount {
  const account = state.accounts[name];
  if (!account) throw new Error(`sandbox: no account named "${name}"`);
  return account;
}

/** A usable key: known and not revoked. */
export function findAccountByKey(
  state: SandboxState,
  key: string | undefined,
): SandboxAccount | undefined {
  if (!key) return undefined;
  return Object.values(state.accounts).find((a) => a.apiKey === key && !a.revoked);
}

export function findCurrency(state: SandboxState, id: unknown): SandboxCurrency | undefined {
  return state.currencies.find((c) => String(c.id) === String(id));
}

export function findDirection(state: SandboxState, id: unknown): SandboxDirection | undefined {
  return state.directions.find((d) => String(d.id) === String(id));
}

/** The account whose login this is (the Private API's `user_login`). */
export function findAccountByLogin(state: SandboxState, login: string): SandboxAccount | undefined {
  return Object.values(state.accounts).find((a) => a.profile.login === login);
}

export function findDirectionBySlug(
  state: SandboxState,
  slug: string,
): SandboxDirection | undefined {
  return state.directions.find((d) => d.slug === slug);
}
