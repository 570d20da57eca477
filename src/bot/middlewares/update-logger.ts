/**
 * The update's own logger: deps.logger with the update id bound, so every line a handler, flow or
 * middleware writes about this update can be found together (ctx.logger).
 *
 * The child logger is made when the update first logs: most updates write no line, and a pino child
 * per update (and per replayed update inside a flow) is work no one reads.
 *
 * Two ways in, one definition (`childFor`):
 * - the bot's own contexts are of a Context class whose `logger` is an accessor on the prototype
 *   (`loggingContext`, grammY's ContextConstructor). Defining an accessor on each context instead
 *   turns the object into a dictionary (V8's slow properties): every later property read of the
 *   update, all the way through the features, was a hash lookup.
 * - contexts the conversations plugin builds on each replay are plain grammY contexts: `updateLogger`
 *   defines the same lazy accessor on each of them (installed as one of the plugin's plugins).
 */
import { Context, type NextFunction } from "grammy";
import type { Logger } from "../../logger.js";
import type { FlowContext } from "../context.js";

const childFor = (logger: Logger, ctx: Pick<Context, "update">): Logger =>
  logger.child({ updateId: ctx.update.update_id });

/**
 * grammY's Context with `logger`, the update's own (made on first use; may be replaced), and its chat
 * looked up once: grammY's `ctx.chat` walks the update's dozen kinds on every read (through `ctx.msg`),
 * and an "orders page" press reads it, or `ctx.chatId` through it, about 25 times.
 */
export function loggingContext(logger: Logger) {
  return class LoggingContext extends Context {
    #logger: Logger | undefined;
    #chat: Context["chat"] | null = null;
    get logger(): Logger {
      return (this.#logger ??= childFor(logger, this));
    }
    set logger(value: Logger) {
      this.#logger = value;
    }
    override get chat(): Context["chat"] {
      // null: not looked up yet (undefined is a real answer: an update without a chat).
      if (this.#chat === null) this.#chat = super.chat;
      return this.#chat;
    }
  };
}

export function updateLogger(logger: Logger) {
  return (ctx: Pick<FlowContext, "update" | "logger">, next: NextFunction): Promise<void> => {
    Object.defineProperty(ctx, "logger", {
      configurable: true,
      enumerable: true,
      get() {
        const child = childFor(logger, ctx);
        Object.defineProperty(ctx, "logger", { value: child, writable: true, enumerable: true });
        return child;
      },
    });
    return next();
  };
}
