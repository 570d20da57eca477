/**
 * Order statuses in the sandbox: the state holds them as numbers (the canonical ids below; the seed's
 * referral orders keep them as PHP-style numeric strings), and each dialect only changes how a status
 * is written into an answer (writeStatus) and which `status` filters it reads (parseStatusFilter).
 *
 * Ids 0–4 are the spec's table. 5–8 are statuses real scripts have beyond it; the `names` dialect's
 * seed has orders in them. The `name` column is what a newer script calls each status (the `names`
 * dialect): real-looking spellings that differ from the spec's, as they do on live servers.
 */
import type { Dialect } from "./dialect.js";
import { SandboxError } from "./errors.js";
import { statusObject } from "./reshape.js";

interface CanonicalStatus {
  id: number;
  /** The spec's name (`@created`…), for the five statuses of its table. */
  specName?: string;
  /** What the `names` dialect writes and accepts as `@name`. */
  name: string;
}

export const CANONICAL_STATUSES: readonly CanonicalStatus[] = [
  { id: 0, specName: "created", name: "awaiting_payment" },
  { id: 1, specName: "paid", name: "paid" },
  { id: 2, specName: "suspended", name: "hold" },
  { id: 3, specName: "canceled", name: "cancelled" },
  { id: 4, specName: "completed", name: "success" },
  { id: 5, name: "refund" },
  { id: 6, name: "processing" },
  { id: 7, name: "error" },
  { id: 8, name: "new" },
];

/** Canonical ids of orders spend-balance accepts: waiting for payment (created, and a script's "new"). */
export const PAYABLE_STATUS_IDS: readonly number[] = [0, 8];

const byId = (id: number): CanonicalStatus | undefined =>
  CANONICAL_STATUSES.find((s) => s.id === id);

/** The stored status as a canonical id; undefined for anything else a test put there. */
function canonicalId(stored: unknown): number | undefined {
  if (typeof stored === "number") return Number.isInteger(stored) ? stored : undefined;
  if (typeof stored === "string" && /^\d+$/.test(stored.trim())) return Number(stored);
  return undefined;
}

/**
 * How the dialect writes a stored status. `number` writes the stored value as it is (so the spec
 * dialect keeps the seed's string statuses of referral orders); a value that is not a canonical id
 * (a test's odd status) is written unchanged by every dialect.
 */
export function writeStatus(dialect: Dialect, stored: unknown): unknown {
  const id = canonicalId(stored);
  if (id === undefined || dialect.orderStatus === "number") return stored;
  if (dialect.orderStatus === "numeric-string") return String(id);
  if (dialect.orderStatus === "object") return statusObject(id);
  return byId(id)?.name ?? String(id);
}

/** An order (or any object with `status`) as the dialect writes it. */
export function writeOrderStatus<T extends { status?: unknown }>(dialect: Dialect, order: T): T {
  return { ...order, status: writeStatus(dialect, order.status) };
}

/**
 * The canonical id a `status` filter asks for, in the dialect's vocabulary. Anything else — a form
 * the dialect does not accept, or a status it does not have — is refused with the error envelope,
 * never read as "no filter".
 */
export function parseStatusFilter(dialect: Dialect, raw: string): number {
  const text = raw.trim();
  const refused = () => new SandboxError("invalidStatus", { value: raw });
  const name = text.startsWith("@") ? text.slice(1).toLowerCase() : undefined;
  switch (dialect.statusFilter) {
    case "number-or-name": {
      // The spec: the numeric id 0–4 or its `@name`.
      if (/^[0-4]$/.test(text)) return Number(text);
      const found = CANONICAL_STATUSES.find((s) => s.specName !== undefined && s.specName === name);
      if (found) return found.id;
      throw refused();
    }
    case "number-only": {
      const id = /^\d{1,3}$/.test(text) ? Number(text) : undefined;
      if (id !== undefined && byId(id)) return id;
      throw refused();
    }
    case "name-only": {
      const found = CANONICAL_STATUSES.find((s) => s.name === name);
      if (found) return found.id;
      throw refused();
    }
  }
}
