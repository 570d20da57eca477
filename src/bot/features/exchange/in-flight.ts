/**
 * A create-order in flight, written to the store before the request leaves and removed once its
 * outcome is known: when the process dies in between (a redeploy, a crash), the next start finds the
 * record and finishes the creation for the user (resume.ts) instead of leaving the summary at
 * "Creating the order…" forever. It holds no secret: ids, an amount, the chat's language, and the
 * ids (never the tokens) of the orders the account had just before.
 *
 * Beside it, a short lease (`exchange:alive:<chat>`) that the process sending the request renews
 * while the request is in flight (`holdCreatingLease`): a record whose lease has lapsed belongs to a
 * process that died — killed (SIGKILL, out of memory, a host gone) as much as stopped — and is
 * finished at once by the next start, not only after the grace period an unknown record is given.
 */
import type { KV } from "../../../storage/kv.js";
import type { Language } from "../../../exchanger/index.js";

const PREFIX = "exchange:creating:";
/** Long enough for any restart; a record older than this is of no use to anyone. */
const RECORD_TTL_MS = 24 * 60 * 60_000;
const LEASE_PREFIX = "exchange:alive:";
/** How long a lease outlives its last renewal: a dead sender's record is finished this soon after. */
export const LEASE_TTL_MS = 10_000;
/** Renewed three times a lease's life: one late renewal (a busy event loop) does not lapse it. */
const LEASE_RENEW_MS = Math.floor(LEASE_TTL_MS / 3);

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
  /** Its sender keeps a lease while alive (absent on records of older versions: the grace period decides). */
  leased?: boolean;
}

/** The record and its first lease: from here until `forgetCreating`, a death is told at the next start. */
export async function rememberCreating(kv: KV, record: CreateInFlight): Promise<void> {
  await kv.set(`${LEASE_PREFIX}${record.chatId}`, "1", LEASE_TTL_MS);
  await kv.set(
    `${PREFIX}${record.chatId}`,
    JSON.stringify({ ...record, leased: true }),
    RECORD_TTL_MS,
  );
}

/**
 * Renews the chat's lease while its request is in flight; the returned function stops renewing. A
 * renewal that fails (storage down) is skipped: the lease lapses and a start may finish the creation
 * early — it then reads the account's orders, as a lost answer does, and says nothing wrong.
 */
export function holdCreatingLease(kv: KV, chatId: number): () => void {
  const timer = setInterval(
    () => void kv.set(`${LEASE_PREFIX}${chatId}`, "1", LEASE_TTL_MS).catch(() => undefined),
    LEASE_RENEW_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** Whether the process that sent this chat's request is still alive (renewing its lease). */
export async function senderAlive(kv: KV, chatId: number): Promise<boolean> {
  return (await kv.get(`${LEASE_PREFIX}${chatId}`)) !== undefined;
}

/** Removes this chat's record once its outcome is known (or told), and its lease. */
export async function forgetCreating(kv: KV, chatId: number): Promise<void> {
  await kv.del(`${PREFIX}${chatId}`, `${LEASE_PREFIX}${chatId}`);
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
