/**
 * Acts on what the update's one store round trip said (update-gate.ts, read by load-chat):
 * - a repeated update_id (Telegram redelivered it) does nothing at all — its first delivery was
 *   handled or is being handled, and every answer was given then;
 * - a chat whose budget is spent is told to wait N seconds (a button press gets its answer), nothing else runs.
 * When the store could not be read, there is no snapshot: the update goes on, and the features
 * below report the storage failure as usual.
 */
import type { NextFunction } from "grammy";
import type { FlowContext } from "../context.js";
import { tellSlowDown } from "../core/slow-down.js";

/** Not async: an update that goes on costs no promise of its own (every update passes here). */
export function admitUpdate(ctx: FlowContext, next: NextFunction): Promise<void> {
  const snapshot = ctx.snapshot;
  if (snapshot?.repeated) {
    ctx.logger.info({}, "repeated update skipped");
    return Promise.resolve();
  }
  if (snapshot !== undefined && snapshot.waitMs > 0)
    return tellSlowDown(ctx, ctx.deps, (key, args) => ctx.t(key, args), {
      waitMs: snapshot.waitMs,
    });
  return next();
}
