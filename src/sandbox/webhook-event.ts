/**
 * A webhook event as the sandbox queues it: a leaf, so the sandbox's state (its outbox) and the
 * sender (webhooks.ts) name it without importing each other.
 */

/** Event type ids of the vendor's page that the sandbox sends. */
export const EVENT_TYPE = { user: "0", order: "1", verification: "2" } as const;

/** One event waiting for the next batch. */
export interface PendingEvent {
  type: (typeof EVENT_TYPE)[keyof typeof EVENT_TYPE];
  object: unknown[];
}
