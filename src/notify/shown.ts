/**
 * An orders screen's own get-orders answer, fed to the watcher: what the user just saw is recorded as
 * seen (never announced to them afterwards), and when the answer covered what a poll would read — the
 * newest orders, and every order still in motion — the chat counts as polled: its next poll moves one
 * interval on, and the request budget goes to chats nobody is looking at.
 */
import { randomUUID } from "node:crypto";
import type { SettingsStore } from "../storage/settings.js";
import type { KV } from "../storage/kv.js";
import { leaseKey, loadSeen, pollInterval, reschedule, SCHEDULE_KEY } from "./schedule.js";
import {
  dayOf,
  hasMoving,
  seenRecord,
  withShown,
  type SeenOrder,
  type SeenRecord,
} from "./seen.js";
import { isActiveStatus } from "../exchanger/index.js";
import { movingTokens, type SeenTokens } from "./seen-tokens.js";

export interface ShownDeps {
  kv: KV;
  settings: SettingsStore;
  /** config.notify */
  notify: { intervalMs: number; idleIntervalMs: number };
  /** With the exchanger's webhooks: the shown orders in motion are indexed by token (seen-tokens.ts). */
  tokens?: SeenTokens;
  now?: () => number;
}

/** What a screen shows of an order: the state's id and status, and its token for the webhooks' index. */
export type ShownOrder = SeenOrder & { token?: string };

/** What feeding one answer did (the tests read it). */
export type ShownOutcome = "off" | "busy" | "no-baseline" | "recorded" | "polled";

/** Longest the feed holds the chat; it takes a few store round trips. */
const LEASE_MS = 30_000;

/**
 * Records `orders` (as the exchanger just answered an orders screen of this chat) as seen. `newest`:
 * the answer is the newest unfiltered page, so it shows any new order a poll would find.
 * Under the chat's poll lease, so it never interleaves with a poll; when a poll holds it, that poll
 * reads the same orders anyway and the feed is skipped.
 */
export async function recordShownOrders(
  deps: ShownDeps,
  chatId: number,
  orders: readonly ShownOrder[],
  options: { newest: boolean },
): Promise<ShownOutcome> {
  const id = String(chatId);
  const token = randomUUID();
  if (!(await deps.kv.setIfAbsent(leaseKey(id), token, LEASE_MS))) return "busy";
  try {
    return await recordLeased(deps, id, orders, options.newest);
  } finally {
    await deps.kv.delIf(leaseKey(id), token);
  }
}

/** Longest an action from the chat holds the chat's poll lease (a payment with its retries). */
const OWN_ACTION_LEASE_MS = 120_000;
/** Longest an action waits for a poll in flight to let the chat go; then it takes the lease over. */
export const OWN_ACTION_WAIT_MS = 2_000;
const OWN_ACTION_PAUSE_MS = 50;

/**
 * An action of the chat that changes its orders (a payment, a creation), run under the chat's poll
 * lease: a poll in flight finishes first (its read is from before the action), and no poll starts
 * until the action's outcome is recorded as seen (`seenOf`: the orders as the action left them).
 * A poll that finds the chat held says "busy" and the chat stays due.
 * A poll holding the chat longer than OWN_ACTION_WAIT_MS (a slow exchanger) is not waited for: the
 * lease is taken over. That poll cannot report the action either: it re-checks its lease before it
 * announces (a read from after the action finds the lease gone: "busy"; one that passed the check
 * read before the action began), and its save of the seen state is a compare-and-set that loses to
 * the action's record. So the echo cannot come back however a poll and the action interleave.
 * A failure to record is handed to `onRecordError`, never to the action's caller.
 */
export async function recordOwnAction<T>(
  deps: ShownDeps,
  chatId: number,
  act: () => Promise<T>,
  seenOf: (result: T) => readonly ShownOrder[],
  onRecordError: (error: unknown) => void,
): Promise<T> {
  const id = String(chatId);
  const token = randomUUID();
  // The store failing here must not stop a payment: it runs, unrecorded (at worst announced once).
  const leased = await takeLease(deps, id, token).then(
    () => true,
    (error: unknown) => (onRecordError(error), false),
  );
  try {
    const result = await act();
    const orders = seenOf(result);
    if (leased && orders.length > 0)
      await recordLeased(deps, id, orders, false).catch(onRecordError);
    return result;
  } finally {
    if (leased) await deps.kv.delIf(leaseKey(id), token).catch(onRecordError);
  }
}

/** The chat's poll lease: when free, or once a poll held it OWN_ACTION_WAIT_MS, taken over. */
async function takeLease(deps: ShownDeps, chatId: string, token: string): Promise<void> {
  const until = Date.now() + OWN_ACTION_WAIT_MS;
  while (Date.now() < until) {
    if (await deps.kv.setIfAbsent(leaseKey(chatId), token, OWN_ACTION_LEASE_MS)) return;
    await new Promise((resolve) => setTimeout(resolve, OWN_ACTION_PAUSE_MS));
  }
  await deps.kv.set(leaseKey(chatId), token, OWN_ACTION_LEASE_MS);
}

async function recordLeased(
  deps: ShownDeps,
  chatId: string,
  orders: readonly ShownOrder[],
  newest: boolean,
): Promise<ShownOutcome> {
  const { kv, settings } = deps;
  const now = (deps.now ?? Date.now)();
  const chatSettings = await settings.get(chatId);
  const dueAt = chatSettings.notify ? await kv.zscore(SCHEDULE_KEY, chatId) : undefined;
  if (dueAt === undefined) return "off";
  const { state: previous, legacy } = await loadSeen(kv, chatSettings, chatId);
  if (previous.statuses === undefined || legacy) return "no-baseline"; // the next poll takes (or moves) the state
  await deps.tokens?.record(chatId, movingTokens(orders));
  const next = { ...(withShown(previous, orders) ?? previous), activeDay: dayOf(now) };
  if (!(await saveSeen(settings, chatId, chatSettings.seen, seenRecord(next)))) return "recorded";
  if (!newest || !coversMoving(next.statuses!, orders)) return "recorded";
  const moving = hasMoving(next);
  const at = now + pollInterval(deps.notify, { moving, activeDay: next.activeDay }, now);
  await reschedule(kv, chatId, Math.max(dueAt, at), moving); // postponed, never brought forward
  return "polled";
}

/**
 * Saves the state unless, since it was read, notifications went off or a poll saved newer state;
 * true when the stored state is `seen` (also when it was already, no write then).
 */
async function saveSeen(
  settings: SettingsStore,
  chatId: string,
  atStart: unknown,
  seen: SeenRecord,
): Promise<boolean> {
  const before = JSON.stringify(atStart);
  if (JSON.stringify(seen) === before) return true;
  const saved = await settings.change(chatId, (current) =>
    current.notify === true && JSON.stringify(current.seen) === before
      ? { ...current, seen }
      : undefined,
  );
  return saved.seen === seen;
}

/** Every followed order still in motion is among the shown ones: nothing a poll would check was left out. */
function coversMoving(
  statuses: ReadonlyMap<string, string>,
  orders: readonly SeenOrder[],
): boolean {
  const shown = new Set(orders.map((order) => String(order.id)));
  return [...statuses].every(([id, status]) => !isActiveStatus(status) || shown.has(id));
}
