/**
 * What the webhook ingest counts, on the app's Prometheus registry (operator/metrics.ts's rules:
 * label values only from the fixed lists below; never a chat, an account or a value of an event).
 */
import type { Registry } from "prom-client";
import { tally } from "../operator/tally.js";

const PREFIX = "exchanger_bot_webhook_";

/** How a request to the ingest ended. */
export const REQUEST_OUTCOMES = [
  "accepted",
  "unauthorized",
  "too_large",
  "malformed",
  "too_many_events",
  "backlog_full",
] as const;
export type RequestOutcome = (typeof REQUEST_OUTCOMES)[number];

export const EVENT_KINDS = ["user", "order", "verification", "other"] as const;

/** What became of one event. */
export const EVENT_OUTCOMES = [
  "routed", // chats were asked to check
  "unmatched", // no chat concerned (an order nobody linked, an account with no chat)
  "repeated", // the same event came before (a repeated batch)
  "unreadable", // a user status row that is not the documented object
  "ignored", // a type the bot does not act on, or an entry of no known shape
  "unchanged", // an account status event that changed nothing
] as const;
export type EventOutcome = (typeof EVENT_OUTCOMES)[number];

export interface EventMetrics {
  request(outcome: RequestOutcome): void;
  event(kind: (typeof EVENT_KINDS)[number], outcome: EventOutcome, count?: number): void;
  /** A verification candidate read back with nothing to tell (the price of guessing the owner). */
  verificationMiss(): void;
  /** Candidate accounts left out of an event beyond the bound. */
  candidatesDropped(): void;
}

export function createEventMetrics(registry: Registry): EventMetrics {
  const registers = [registry];
  const requests = tally({
    name: `${PREFIX}requests_total`,
    help: "Requests to the exchanger webhook ingest, by outcome",
    labelNames: ["outcome"],
    registers,
  });
  const events = tally({
    name: `${PREFIX}events_total`,
    help: "Events of the exchanger's webhook batches, by kind and what became of them",
    labelNames: ["kind", "outcome"],
    registers,
  });
  const verification = tally({
    name: `${PREFIX}verification_reads_total`,
    help: "Verification requests read back for an event: a miss told nothing (a false candidate or a repeat); dropped: candidate accounts beyond the bound",
    labelNames: ["result"],
    registers,
  });
  return {
    request: (outcome) => requests.add(outcome, "", { outcome }),
    event: (kind, outcome, count = 1) => events.add(kind, outcome, { kind, outcome }, count),
    verificationMiss: () => verification.add("miss", "", { result: "miss" }),
    candidatesDropped: () => verification.add("dropped", "", { result: "dropped" }),
  };
}
