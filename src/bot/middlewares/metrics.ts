/**
 * Counting updates for the monitoring port (src/operator/metrics.ts), in two places of the chain:
 *  - `countUpdates`, first of all: every update by kind, and — after the chain — whether the update
 *    gate turned it away (a redelivery, or a chat over its budget: admit-update.ts acts on the same
 *    snapshot fields). An error escaping everything below is counted too.
 *  - `countHandlerErrors`, right inside the error boundary: a handler's error is counted by class on
 *    its way to the boundary, which turns it into a message for the user.
 * Only the update's kind and an error's class become labels: never a chat id or text.
 */
import type { NextFunction } from "grammy";
import type { AppMetrics } from "../../operator/metrics.js";
import type { BotContext } from "../context.js";

type Metrics = Pick<AppMetrics, "updateHandled" | "handlerError" | "throttled">;

export function countUpdates(metrics: Metrics) {
  return async (ctx: BotContext, next: NextFunction): Promise<void> => {
    metrics.updateHandled(Object.keys(ctx.update).find((key) => key !== "update_id"));
    try {
      await next();
    } catch (error) {
      metrics.handlerError(errorClass(error));
      throw error;
    }
    if (ctx.snapshot?.repeated) metrics.throttled("repeated");
    else if ((ctx.snapshot?.waitMs ?? 0) > 0) metrics.throttled("over_budget");
  };
}

export function countHandlerErrors(metrics: Metrics) {
  return async (_ctx: BotContext, next: NextFunction): Promise<void> => {
    try {
      await next();
    } catch (error) {
      metrics.handlerError(errorClass(error));
      throw error;
    }
  };
}

function errorClass(error: unknown): string {
  return error instanceof Error ? error.name : "other";
}
