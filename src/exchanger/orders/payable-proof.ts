/**
 * Proof at the moment of money. An order read from a positional record was read by a learned (or
 * pinned) layout: a hypothesis. Before a Pay confirmation is shown, and again right before
 * spend-balance, the server itself is asked, through its own filters and independently of any
 * position, what this very order is:
 *
 * - `token=T` with each status the server may give (its whole domain, server-statuses.ts) — the row
 *   the order was read from (compared by its fingerprint, the row exactly as the server wrote it)
 *   must come back for exactly one status; under a filter applied loosely (`>=`) it comes back for
 *   several, and nothing is proved;
 * - `token=T′` (the token with its last character changed) and `token=T″` (the token cut short) must
 *   not bring the row back: the token filter is honoured, not ignored nor matched as a substring, so
 *   T is this order's token and spend-balance pays this order and no other.
 *
 * Named records are read by their field names, not by a layout: nothing needs proving there. The
 * calls run together; a refused filter value counts as "not this status". Costs the domain's size
 * plus two reads (seven on a server of the spec's numeric statuses).
 */
import { ExchangerError, Unauthorized } from "../errors.js";
import type { Row } from "../layouts/filter-evidence.js";
import { rowFingerprint } from "../normalize/layout.js";
import { choiceStatus, statusFilterParam, type StatusChoice } from "../server-statuses.js";
import type { Caller, ListParams, Order, OrderFilters } from "../types.js";
import { isPayableStatus, readStatus, type OrderStatus } from "../vocabulary.js";

export type RowsOf = (caller: Caller, params: OrderFilters & ListParams) => Promise<readonly Row[]>;

export type Proof =
  /** The order's status as the server proved it now (or as named records state it). */
  | { proven: true; status: OrderStatus }
  /** Nothing proves what this order is: no token, a token the server does not confirm, or no single status. */
  | { proven: false };

/** Rows a proof read asks for: one is expected; a few show a filter that was not honoured. */
const PROOF_LIMIT = 5;

/** Tokens that are not this one but that a loose token filter (a substring match) would still take. */
function controlTokens(token: string): string[] {
  const last = token.at(-1);
  return [`${token.slice(0, -1)}${last === "0" ? "1" : "0"}`, token.slice(0, -1)];
}

export async function proveOrder(
  rowsOf: RowsOf,
  caller: Caller,
  order: Order,
  domain: readonly StatusChoice[],
): Promise<Proof> {
  if (order.row === undefined) return { proven: true, status: order.status };
  const token = order.token;
  if (token === undefined || order.unproven?.includes("token") || domain.length === 0)
    return { proven: false };
  const holds = async (params: OrderFilters): Promise<boolean> => {
    try {
      const rows = await rowsOf(caller, { ...params, page: 1, limit: PROOF_LIMIT });
      return rows.some((row) => rowFingerprint(row) === order.row);
    } catch (error) {
      // A status value the server refuses is not this order's status; anything else fails the proof.
      if (error instanceof ExchangerError && !(error instanceof Unauthorized)) return false;
      throw error;
    }
  };
  const controls = controlTokens(token);
  const answers = await Promise.all([
    ...controls.map((other) => holds({ token: other })),
    ...domain.map((choice) => holds({ token, status: statusFilterParam(choice) })),
  ]);
  const byStatus = answers.slice(controls.length);
  const matching = domain.filter((_, i) => byStatus[i]);
  if (answers.slice(0, controls.length).some(Boolean) || matching.length !== 1)
    return { proven: false };
  return { proven: true, status: readStatus(choiceStatus(matching[0]!)) };
}

/**
 * Whether Pay may be confirmed or sent now: the server proved a status that allows paying, and the
 * token and both sides of the order are proven (a status the layout could not place is what the proof
 * is for; an amount it could not place is never shown, so never confirmed).
 */
export function payableNow(order: Order, proof: Proof): boolean {
  return (
    proof.proven &&
    isPayableStatus(proof.status) &&
    !(order.unproven ?? []).some((fact) => fact !== "status")
  );
}
