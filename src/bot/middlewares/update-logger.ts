/**
 * The update's own logger: deps.logger with the update id bound, so every line a handler, flow or
 * middleware writes about this update can be found together (ctx.logger). Installed first in
 * createBot and again inside conversations, whose contexts are built anew on each replay.
 */
import type { NextFunction } from "grammy";
import type { Logger } from "../../logger.js";
import type { FlowContext } from "../context.js";

export function updateLogger(logger: Logger) {
  return (ctx: Pick<FlowContext, "update" | "logger">, next: NextFunction): Promise<void> => {
    ctx.logger = logger.child({ updateId: ctx.update.update_id });
    return next();
  };
}
