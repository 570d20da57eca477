/**
 * Making sure a payment is executed once, whatever the user (or Telegram) does.
 *
 * - Each confirmation card carries a random, single-use id. Its record (`chat:<id>:payc:<cid>` → order
 *   id) lives in KV with a TTL, so a press works without any conversation state: after a restart, on
 *   another instance, or while a flow is running. Only the order id is stored; the token is re-read
 *   from the exchanger when needed and never stored.
 * - The first press wins an atomic setIfAbsent on `chat:<id>:payu:<cid>`; every other press (double
 *   taps, an old card, a second bot instance on the same Redis) loses it.
 * - Around the spend call, a per-ACCOUNT-and-order record (`payspend:<account id>:<sha256(order id)>`)
 *   keeps two cards of the same order from spending at once — in one chat, or in two chats linked
 *   with the same key (phone and desktop, a shared account), on any instance. The account id is
 *   derived from the key (Keyring.accountId), never the key itself. While the spend runs the record
 *   says "running"; a paid order keeps its outcome for CONFIRMATION_TTL_MS (single use per account
 *   and order: a second chat is told the first one's outcome instead of paying again); an unknown
 *   outcome keeps it for PAY_LOCK_TTL_MS; an answer that nothing was spent removes it.
 * Card keys sit under the chat's prefix, so /logout wipes them with everything else; spend records
 * belong to the account and expire by themselves.
 * The same single-use ids guard the other confirmation cards: logout (`redeem`) and deleting payment
 * details (`consume` of the selection's nonce).
 */
import { createHash, randomBytes } from "node:crypto";
import type { KV } from "../../storage/kv.js";
import { chatKeyPrefix } from "../../storage/settings.js";
import { textField } from "../ui/callback-data.js";

/** How long a confirmation card stays valid. */
export const CONFIRMATION_TTL_MS = 15 * 60 * 1000;
/** Longer than any spend call can take; kept on purpose when the outcome is unknown. */
export const PAY_LOCK_TTL_MS = 2 * 60 * 1000;

/** 12 random bytes → 16 base64url characters (a regex fragment); `pay:c:<id>` stays far below 64 bytes. */
export const CONFIRM_ID_PATTERN = "[A-Za-z0-9_-]{16}";
/** A confirmation id as a callback-data part (ui/callback-data.ts). */
export const confirmIdField = textField(CONFIRM_ID_PATTERN);

type ChatId = number | string;

const recordKey = (chatId: ChatId, confirmId: string) =>
  `${chatKeyPrefix(chatId)}payc:${confirmId}`;
const usedKey = (chatId: ChatId, confirmId: string) => `${chatKeyPrefix(chatId)}payu:${confirmId}`;
const spendKey = (account: string, orderId: string) =>
  `payspend:${account}:${createHash("sha256").update(orderId).digest("base64url").slice(0, 22)}`;
const RUNNING = "running";

/** How a spend of one order by one account ended, as other chats of the account learn it. */
export type SettledSpend = { kind: "paid"; status?: string } | { kind: "unknown" };

/** What the account's spend record of an order says. */
export type SpendState =
  { kind: "free" } | { kind: "running" } | { kind: "settled"; outcome: SettledSpend };

function parseSettled(value: string): SettledSpend | undefined {
  try {
    const parsed = JSON.parse(value) as unknown;
    if (typeof parsed === "object" && parsed !== null) {
      const { kind, status } = parsed as Record<string, unknown>;
      if (kind === "paid") return typeof status === "string" ? { kind, status } : { kind };
      if (kind === "unknown") return { kind };
    }
  } catch {
    // not JSON: an older or foreign value, read as running
  }
  return undefined;
}

export class Confirmations {
  constructor(private readonly kv: KV) {}

  /** A new single-use confirmation of paying `orderId`; returns its id. */
  async create(chatId: ChatId, orderId: string): Promise<string> {
    const confirmId = randomBytes(12).toString("base64url");
    await this.kv.set(recordKey(chatId, confirmId), orderId, CONFIRMATION_TTL_MS);
    return confirmId;
  }

  /** The order id of a live confirmation; undefined when unknown, expired or from another chat. */
  orderOf(chatId: ChatId, confirmId: string): Promise<string | undefined> {
    return this.kv.get(recordKey(chatId, confirmId));
  }

  /**
   * Settles a confirmation of something other than a payment (logout): true exactly once, and only
   * for a live confirmation of this chat about `subject`. Every button of the card redeems it, so a
   * stale "Yes" after "No" is refused.
   */
  async redeem(chatId: ChatId, confirmId: string, subject: string): Promise<boolean> {
    return (
      (await this.orderOf(chatId, confirmId)) === subject && (await this.consume(chatId, confirmId))
    );
  }

  async isUsed(chatId: ChatId, confirmId: string): Promise<boolean> {
    return (await this.kv.get(usedKey(chatId, confirmId))) !== undefined;
  }

  /** Atomic: true for exactly one caller across every bot instance on this storage. */
  consume(chatId: ChatId, confirmId: string): Promise<boolean> {
    return this.kv.setIfAbsent(usedKey(chatId, confirmId), "1", CONFIRMATION_TTL_MS);
  }

  /** Makes a consumed confirmation usable again — only when nothing can have been spent. */
  release(chatId: ChatId, confirmId: string): Promise<void> {
    return this.kv.del(usedKey(chatId, confirmId));
  }

  /** Atomic across chats and instances: true for the one caller that may now spend `orderId` for `account`. */
  claimSpend(account: string, orderId: string): Promise<boolean> {
    return this.kv.setIfAbsent(spendKey(account, orderId), RUNNING, PAY_LOCK_TTL_MS);
  }

  async spendState(account: string, orderId: string): Promise<SpendState> {
    const value = await this.kv.get(spendKey(account, orderId));
    if (value === undefined) return { kind: "free" };
    const outcome = value === RUNNING ? undefined : parseSettled(value);
    return outcome === undefined ? { kind: "running" } : { kind: "settled", outcome };
  }

  /** Records how the claimed spend ended; undefined: the exchanger said nothing was spent (the record goes). */
  settleSpend(account: string, orderId: string, outcome: SettledSpend | undefined): Promise<void> {
    if (outcome === undefined) return this.kv.del(spendKey(account, orderId));
    const ttl = outcome.kind === "paid" ? CONFIRMATION_TTL_MS : PAY_LOCK_TTL_MS;
    return this.kv.set(spendKey(account, orderId), JSON.stringify(outcome), ttl);
  }

  /** Gives the claim back when nothing was sent (the store or the 2FA allowance stopped it first). */
  releaseSpend(account: string, orderId: string): Promise<void> {
    return this.kv.del(spendKey(account, orderId));
  }
}
