/**
 * An order this chat just created or paid is recorded as seen at its new status, through the same
 * record an orders screen writes (`deps.notifications.shown`): the watcher then announces only what
 * the exchanger changed afterwards, never the user's own action back to them ("🔔 New order" one poll
 * after "✅ The order is created" reads like a second order).
 *
 * Called by the step that knows the outcome, after the user was shown it; a failure is logged and
 * changes nothing for the user (at worst the watcher announces the change once).
 */
import type { Order } from "../../exchanger/index.js";
import type { BotDeps } from "../context.js";
import type { Logger } from "../../logger.js";

/** An order at the status the user was just told. */
export type OwnOrder = Pick<Order, "id" | "status">;

export async function seenOwnAction(
  ctx: { deps: BotDeps; chatId?: number; logger: Logger },
  order: OwnOrder,
): Promise<void> {
  if (ctx.chatId === undefined) return;
  try {
    await ctx.deps.notifications.shown(ctx.chatId, [order], { newest: false });
  } catch (error) {
    ctx.logger.warn({ err: String(error) }, "could not record the chat's own order as seen");
  }
}
