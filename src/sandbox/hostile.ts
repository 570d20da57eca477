/**
 * A hostile positional server (the `positional` dialect with `hostile` set): orders written in a
 * layout of its own, with made-up columns beside the order's fields — a constant, a hex hash per row,
 * a secret a careless script left in —, filters applied exactly, ignored, loosely (`>=`, a substring
 * match) or refused, one field at a time, rows of two lengths in one answer, and a column inserted or
 * removed after some answers (the script upgraded under the bot). Every such server still keeps the
 * sandbox's one state: its truth is the order as stored, whatever the layout makes of it.
 *
 * The tests' generator (test/exchanger/hostile/) draws these at random from a seed; an operator can
 * try one with SANDBOX_HOSTILE_SEED (main.ts).
 */
import { createHash } from "node:crypto";
import { SandboxError } from "./errors.js";

/** One column of the hostile order layout. */
export type HostileColumn =
  | { field: string }
  | { constant: string | number }
  | { hash: true }
  | { secret: "bcrypt" | "base32" | "hex" };

/** How the server applies one filter: as documented, not at all, as `>=`, as a substring match, or not at all accepted. */
export type FilterRule = "exact" | "ignored" | "at-least" | "contains" | "refused";

export const ORDER_FILTER_NAMES = [
  "id",
  "token",
  "status",
  "exchange_id",
  "send_currency_id",
  "receive_currency_id",
] as const;
export type OrderFilterName = (typeof ORDER_FILTER_NAMES)[number];

export interface HostileServer {
  /** The seed it was drawn from (printed by a failing test, replayed with it). */
  seed: number;
  orderColumns: HostileColumn[];
  filters: Partial<Record<OrderFilterName, FilterRule>>;
  /** After this many order-list answers, the layout changes: a column inserted at `insert.at`, or the one at `remove` removed. */
  upgrade?: {
    afterAnswers: number;
    insert?: { at: number; column: HostileColumn };
    remove?: number;
  };
  /** Rows of orders with an odd id carry one extra trailing column: two lengths in one answer. */
  mixedLengths?: boolean;
}

/** What a made-up column holds for an order: the same value for the same order and column, every time. */
function madeUp(column: Exclude<HostileColumn, { field: string }>, orderId: unknown, at: number) {
  if ("constant" in column) return column.constant;
  const hex = createHash("sha256")
    .update(`${String(orderId)}:${at}`)
    .digest("hex");
  if ("hash" in column) return hex.slice(0, 40);
  if (column.secret === "bcrypt") return `$2y$10$${hex.slice(0, 53)}`;
  if (column.secret === "hex") return hex;
  // Base32 as an authenticator app is given it.
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  return [...hex.slice(0, 32)].map((c) => alphabet[parseInt(c, 16) * 2]!).join("");
}

/** The order's columns now: the layout as drawn, changed once the upgrade came. */
export function columnsNow(server: HostileServer, answers: number): HostileColumn[] {
  const columns = [...server.orderColumns];
  const upgrade = server.upgrade;
  if (upgrade === undefined || answers < upgrade.afterAnswers) return columns;
  if (upgrade.insert) columns.splice(upgrade.insert.at, 0, upgrade.insert.column);
  if (upgrade.remove !== undefined) columns.splice(upgrade.remove, 1);
  return columns;
}

/** An order as this server writes it (`written`: the order's fields as the positional dialect writes them). */
export function hostileRow(
  server: HostileServer,
  written: Record<string, unknown>,
  answers: number,
): unknown[] {
  const row = columnsNow(server, answers).map((column, at) =>
    "field" in column ? (written[column.field] ?? null) : madeUp(column, written.id, at),
  );
  if (server.mixedLengths && Number(written.id) % 2 === 1)
    row.push(madeUp({ hash: true }, written.id, -1));
  return row;
}

/**
 * Whether the order passes one filter as this server applies it. `wanted`: the parameter as sent;
 * `value`: the order's field (statuses as canonical ids, `statusWanted` the id the filter names).
 */
export function passesFilter(
  rule: FilterRule,
  name: OrderFilterName,
  value: unknown,
  wanted: string,
  statusWanted?: number,
): boolean {
  switch (rule) {
    case "refused":
      throw new SandboxError("invalidStatus", { value: `${name}=${wanted}` });
    case "ignored":
      return true;
    case "at-least":
      return name === "status"
        ? Number(value) >= (statusWanted ?? Number.NaN)
        : Number(value) >= Number(wanted);
    case "contains":
      return String(name === "status" ? Number(value) : value).includes(
        name === "status" ? String(statusWanted) : wanted.trim(),
      );
    case "exact":
      return name === "status" ? Number(value) === statusWanted : String(value) === wanted.trim();
  }
}
