/**
 * Updates that are not meant for this bot end here, before any storage read:
 * - a command addressed to another bot (`/start@other_bot`), in any chat;
 * - in a group: chatter (a message that is not a command, does not mention the bot and does not
 *   reply to it) and edited messages. Button presses in a group go on: each must be answered.
 * A message the secret guard deleted goes on regardless, so that its sender is told why.
 */
import type { NextFunction } from "grammy";
import type { Message } from "grammy/types";
import type { FlowContext } from "../context.js";

/** Not async: an update that goes on costs no promise of its own (every update passes here). */
export function addressedToThisBot(ctx: FlowContext, next: NextFunction): Promise<void> {
  if (ctx.secretRemoved !== undefined || ctx.secretAnswer !== undefined) return next();
  const message = ctx.message ?? ctx.editedMessage;
  if (message !== undefined) {
    const target = commandTarget(message);
    const me = ctx.me.username.toLowerCase();
    if (target !== undefined && target !== me) return Promise.resolve();
    if (
      ctx.chat?.type !== "private" &&
      !(
        ctx.message !== undefined &&
        (target !== undefined ||
          isBareCommand(message) ||
          mentions(message, me) ||
          repliesTo(message, ctx.me.id))
      )
    )
      return Promise.resolve();
  }
  return next();
}

/** "other_bot" for "/start@other_bot …" (lower case); undefined when the command names no bot or there is none. */
function commandTarget(message: Message): string | undefined {
  const entity = message.entities?.find((e) => e.type === "bot_command" && e.offset === 0);
  if (entity === undefined || message.text === undefined) return undefined;
  const command = message.text.slice(0, entity.length);
  const at = command.indexOf("@");
  return at === -1 ? undefined : command.slice(at + 1).toLowerCase();
}

function isBareCommand(message: Message): boolean {
  return message.entities?.some((e) => e.type === "bot_command" && e.offset === 0) === true;
}

function mentions(message: Message, me: string): boolean {
  const text = (message.text ?? message.caption ?? "").toLowerCase();
  return text.includes(`@${me}`);
}

function repliesTo(message: Message, botId: number): boolean {
  return message.reply_to_message?.from?.id === botId;
}
