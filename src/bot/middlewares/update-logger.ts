/**
 * The update's own logger: deps.logger with the update id bound, so every line a handler, flow or
 * middleware writes about this update can be found together (ctx.logger). Installed first in
 * createBot and again inside conversations, whose contexts are built anew on each replay.
 *
 * The child logger is made when the update first logs: most updates write no line, and a pino child
 * per update (and per replayed update inside a flow) is work no one reads.
 */
import type { NextFunction } from "grammy";
import type { Logger } from "../../logger.js";
import type { FlowContext } from "../context.js";

export function updateLogger(logger: Logger) {
  return (ctx: Pick<FlowContext, "update" | "logger">, next: NextFunction): Promise<void> => {
    Object.defineProperty(ctx, "logger", {
      configurable: true,
      enumerable: true,
      get() {
        const child = logger.child({ updateId: ctx.update.update_id });
        Object.defineProperty(ctx, "logger", { value: child, writable: true, enumerable: true });
        return child;
      },
    });
    return next();
  };
}
