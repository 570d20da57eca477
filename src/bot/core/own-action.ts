/**
 * An order this chat just created or paid is recorded as seen at its new status, through the same
 * record an orders screen writes (`deps.notifications.shown`): the watcher then announces only what
 * the exchanger changed afterwards, never the user's own action back to them ("🔔 New order" one poll
 * after "✅ The order is created" reads like a second order).
 *
 * `ownAction` wraps the action itself (a payment): the chat's poll lease is taken before the request
 * and let go once its outcome is recorded, so a poll in flight across the action cannot report it
 * either. `seenOwnAction` records an outcome afterwards (a created order, once its card is shown).
 * A failure to record is logged and changes nothing for the user (at worst the watcher announces the
 * change once).
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

/**
 * Runs `act` (a payment from the chat) so that no poll can report its outcome back: under the chat's
 * poll lease, its outcome (`seenOf`: the orders as the action left them) recorded as seen before the
 * lease is let go. Without a chat, `act` alone.
 */
export function ownAction<T>(
  ctx: { deps: BotDeps; chatId?: number; logger: Logger },
  act: () => Promise<T>,
  seenOf: (result: T) => readonly OwnOrder[],
): Promise<T> {
  if (ctx.chatId === undefined) return act();
  return ctx.deps.notifications.ownAction(ctx.chatId, act, seenOf, (error) =>
    ctx.logger.warn({ err: String(error) }, "could not record the chat's own order as seen"),
  );
}
