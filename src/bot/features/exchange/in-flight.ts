/**
 * A create-order in flight, written to the store before the request leaves and removed once its
 * outcome is known: when the process dies in between (a redeploy, a crash), the next start finds the
 * record and finishes the creation for the user (resume.ts) instead of leaving the summary at
 * "Creating the order…" forever. It holds no secret: ids, an amount, the chat's language, and the
 * ids (never the tokens) of the orders the account had just before.
 */
import type { KV } from "../../../storage/kv.js";
import type { Language } from "../../../exchanger/index.js";

const PREFIX = "exchange:creating:";
/** Long enough for any restart; a record older than this is of no use to anyone. */
const RECORD_TTL_MS = 24 * 60 * 60_000;

export interface CreateInFlight {
  chatId: number;
  /** The summary the Create button was pressed on (it shows "Creating the order…"). */
  summaryId?: number;
  language: Language;
  directionId?: string;
  sendAmount: string;
  /** Ids of the account's newest orders just before; absent when they could not be read. */
  before?: string[];
  /** When the request left (ms since the epoch). */
  at: number;
}

export async function rememberCreating(kv: KV, record: CreateInFlight): Promise<void> {
  await kv.set(`${PREFIX}${record.chatId}`, JSON.stringify(record), RECORD_TTL_MS);
}

/** Removes this chat's record once its outcome is known (or told). */
export async function forgetCreating(kv: KV, chatId: number): Promise<void> {
  await kv.del(`${PREFIX}${chatId}`);
}

/** Every record in the store with its raw value (for a compare-and-delete claim). */
export async function creatingRecords(
  kv: KV,
): Promise<{ key: string; raw: string; record: CreateInFlight }[]> {
  const keys = await kv.keys(PREFIX);
  const values = keys.length === 0 ? [] : await kv.mget(keys);
  const found: { key: string; raw: string; record: CreateInFlight }[] = [];
  keys.forEach((key, i) => {
    const raw = values[i];
    if (raw === undefined) return;
    try {
      found.push({ key, raw, record: JSON.parse(raw) as CreateInFlight });
    } catch {
      // not ours to read: it expires by itself
    }
  });
  return found;
}
