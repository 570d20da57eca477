/**
 * A "verification status changed" event (type 2): the owner's chats are told when the request is
 * approved or rejected. The event is a hint; the User API is the truth.
 *
 * Nobody documents where the verification object carries its owner, so the candidates are the
 * accounts whose id equals a value at ANY position of the row (bounded: MAX_ACCOUNTS of them, the
 * first values first). Each candidate chat reads `get-verification` back with its own key and
 * compares it with what the bot recorded for that chat last (`chat:<id>:verification`): only a real
 * change to approved or rejected is told. A false candidate costs one read, never a wrong notice
 * (counted as a miss). With no record yet, the decision is told only when the request says it was
 * made lately (RECENT_MS): an old decision is recorded silently.
 *
 * Once per chat across instances: the check holds a short per-chat lease, sends, then records.
 */
import { randomUUID } from "node:crypto";
import { SHOW_VERIFICATION } from "../bot/features/verification/public.js";
import { clip, escapeHtml } from "../bot/ui/html.js";
import type { ExchangerClient, Verification } from "../exchanger/index.js";
import type { Logger } from "../logger.js";
import type { AccountChats } from "../storage/account-chats.js";
import type { KV } from "../storage/kv.js";
import type { SettingsStore } from "../storage/settings.js";
import type { Vault } from "../storage/vault.js";
import type { EventRow } from "./batch.js";
import type { ChatNotices } from "./notices.js";
import { loggedError } from "../log-error.js";

/** Accounts one event may cost reads for. */
export const MAX_ACCOUNTS = 4;
/** Values of one row looked up as account ids at most. */
const MAX_VALUES = 40;
/** A decision with no earlier record is told only when the request was updated this recently. */
export const RECENT_MS = 30 * 60_000;
const LEASE_MS = 30_000;

export type VerificationOutcome =
  | "told" // a decision announced
  | "miss" // read back: nothing to tell (a false candidate, a repeat, a still pending request)
  | "muted" // the chat switched these notices off on /notify
  | "unlinked"
  | "busy" // another instance is checking this chat right now
  | "failed"; // the exchanger did not answer, or no permit in time

export interface VerificationCheckDeps {
  kv: KV;
  vault: Pick<Vault, "get">;
  settings: Pick<SettingsStore, "get">;
  accountChats: Pick<AccountChats, "chatsOf">;
  exchanger: Pick<ExchangerClient, "getVerification">;
  notices: ChatNotices;
  logger: Logger;
  /** Waits for a permit of the watcher's exchanger budget (NOTIFY_MAX_RPS); false: none in time. */
  permit(): Promise<boolean>;
  now?: () => number;
}

/** What the bot records of a request: its meaning and id ("approved|301"). */
const recordOf = (v: Verification | null): string =>
  v === null ? "none|" : `${v.status.meaning}|${v.id ?? ""}`;
const recordKey = (chatId: string) => `chat:${chatId}:verification`;
const leaseKey = (chatId: string) => `events:verification-lease:${chatId}`;

/** A value that may be an account id (Account.id's text): a whole number, or a short plain word. */
function idCandidate(value: unknown): string | undefined {
  if (typeof value === "number")
    return Number.isSafeInteger(value) && value > 0 ? String(value) : undefined;
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  return /^[A-Za-z0-9_.-]{1,64}$/.test(text) ? text : undefined;
}

/** The candidate accounts of a row with their chats; `more` when further candidates were left out. */
export async function candidateAccounts(
  accountChats: Pick<AccountChats, "chatsOf">,
  row: EventRow,
): Promise<{ accounts: Map<string, string[]>; more: boolean }> {
  const values = [...new Set(row.map(idCandidate).filter((v) => v !== undefined))];
  const accounts = new Map<string, string[]>();
  for (const value of values.slice(0, MAX_VALUES)) {
    const chats = await accountChats.chatsOf(value);
    if (chats.length === 0) continue;
    if (accounts.size >= MAX_ACCOUNTS) return { accounts, more: true };
    accounts.set(value, chats);
  }
  return { accounts, more: false };
}

export class VerificationChecks {
  readonly #deps: VerificationCheckDeps;
  readonly #now: () => number;

  constructor(deps: VerificationCheckDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  /** Checks one chat under its lease. */
  async check(chatId: string): Promise<VerificationOutcome> {
    const { kv } = this.#deps;
    const lease = randomUUID();
    if (!(await kv.setIfAbsent(leaseKey(chatId), lease, LEASE_MS))) return "busy";
    try {
      return await this.#checkLeased(chatId);
    } finally {
      await kv.delIf(leaseKey(chatId), lease);
    }
  }

  async #checkLeased(chatId: string): Promise<VerificationOutcome> {
    const { kv, vault, settings, notices } = this.#deps;
    const chatSettings = await settings.get(chatId);
    if (chatSettings.notifyVerification === false) return "muted";
    const apiKey = await vault.get(chatId);
    if (apiKey === undefined) return "unlinked";
    const language = await notices.languageOf(chatId, chatSettings);
    const read = await this.#read({ apiKey, language });
    if (read === "failed") return "failed";
    const before = await kv.get(recordKey(chatId));
    const now = recordOf(read);
    if (before === now) return "miss";
    const told =
      read !== null &&
      this.#worthTelling(read, before) &&
      (await this.#tell(chatId, read, language));
    await kv.set(recordKey(chatId), now);
    return told ? "told" : "miss";
  }

  async #read(caller: Parameters<ExchangerClient["getVerification"]>[0]) {
    if (!(await this.#deps.permit())) return "failed" as const;
    try {
      return await this.#deps.exchanger.getVerification(caller);
    } catch (error) {
      // A revoked key included: the screens and the watcher unlink it where the user sees why.
      this.#deps.logger.info(
        { err: loggedError(error) },
        "could not read a verification request back",
      );
      return "failed" as const;
    }
  }

  /** A decision, changed from the record; with no record, a decision made lately. */
  #worthTelling(current: Verification, before: string | undefined): boolean {
    const meaning = current.status.meaning;
    if (meaning !== "approved" && meaning !== "rejected") return false;
    if (before !== undefined) return true;
    const updated = current.updatedAt?.getTime();
    return updated !== undefined && Math.abs(this.#now() - updated) <= RECENT_MS;
  }

  async #tell(chatId: string, v: Verification, language: Parameters<ChatNotices["translator"]>[0]) {
    const tr = this.#deps.notices.translator(language);
    const lines = [
      tr.t(
        v.status.meaning === "approved"
          ? "notify-verification-approved"
          : "notify-verification-rejected",
      ),
    ];
    if (v.comment !== undefined && v.comment.trim() !== "")
      lines.push(tr.t("verification-comment-line", { comment: escapeHtml(clip(v.comment, 500)) }));
    return this.#deps.notices.send(chatId, lines.join("\n"), {
      inline_keyboard: [
        [{ text: tr.t("notify-btn-verification"), callback_data: SHOW_VERIFICATION }],
      ],
    });
  }
}
