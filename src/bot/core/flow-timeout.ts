/**
 * How long an abandoned flow lives: a leaf (it imports nothing), so the flows (flows.ts), their
 * prompt record (flow-messages.ts) and the app's conversation store share it without importing each other.
 */

/** Abandoned flows end after this long without an answer (state TTL and wait limit). */
export const FLOW_TIMEOUT_MS = 30 * 60 * 1000;
