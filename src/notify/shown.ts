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
