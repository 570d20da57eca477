/**
 * Secrets never left behind. The first step for every update, before the store or the exchanger is
 * touched: either can fail, and a failure must not leave a key or a password standing in the chat.
 *
 * Deleted at once (best effort: in a group only when the bot may delete messages there):
 * - "key":     any message whose text or caption carries a key-shaped word, in every chat and also
 *              after a command (`/start <key>`: a key is never accepted through a command payload).
 *              Quotes, commas and brackets around the key do not hide it (containsApiKey).
 * - "prompt":  in a private chat, plain text (or a caption) while a password or 2FA prompt is open or was
 *              left unanswered (the secret-prompt marker, read in the update's one round trip). The marker outlives the flow, so a
 *              password typed after the flow expired is deleted too.
 *              A prompt the user LEFT (a command, another screen) is not here: its marker became a lapsed
 *              record, read in the same round trip and acted on after the flows (core/lapsed-prompt.ts).
 * - "storage": in a private chat, plain text when that marker cannot be read. The store is down, so
 *              nobody can know whether a flow is waiting for a password; the update cannot be served
 *              anyway and the user must send it again, so deleting it costs nothing and may save a secret.
 * A wallet address or an order token sent to a flow may have the shape of a key: it is deleted too
 * (the flow still reads it from the update). Without storage the guard cannot tell them apart, and a
 * vanished copy of an address costs far less than a key left in the chat.
 * Why the marker and not the flow state: the state says a flow runs, not that it waits for a secret;
 * the marker is set only by secret prompts. Both come in the update's one round trip (load-chat.ts),
 * which this guard starts for the text that needs the marker.
 *
 * A "prompt" answer is not deleted here but handed on (`secretAnswer`): the flow's ask step that reads
 * it deletes it (core/ask.ts), and the guard deletes it after the update only when nobody did — one
 * delete per message, whoever does it.
 * What was removed is put on the context (`secretRemoved`); whoever ends up answering the update
 * (a flow, /start, the fallbacks, the error boundary, the group guard) tells the user, through
 * `secretNotice`, in their language. A flow that was waiting for the secret answers as usual.
 */
import type { Context, NextFunction } from "grammy";
import type { Chat, Message } from "grammy/types";
import type { FlowContext, RemovedSecret } from "../context.js";

import { containsApiKey } from "../core/api-key-shape.js";
import { SecretAnswer } from "../core/secret-prompt.js";
import type { SecretPrompts } from "../core/lapsed-prompt.js";
import { UPDATE_MEMORY_MS } from "../core/update-gate.js";
import { loggedError } from "../../log-error.js";

/** Reads the chat's secret-prompt marker and lapsed record (with the update's chat state: load-chat.ts). */
export type ReadSecretPrompts = (ctx: FlowContext) => Promise<SecretPrompts>;

export function secretGuard(readPrompts: ReadSecretPrompts) {
  const recent = new RecentlyDeleted();
  return async (ctx: FlowContext, next: NextFunction): Promise<void> => {
    const message = ctx.message ?? ctx.editedMessage;
    const reason =
      message !== undefined && ctx.chat !== undefined
        ? await reasonToDelete(readPrompts, ctx, ctx.chat, message, ctx.message !== undefined)
        : undefined;
    if (reason === undefined) return next();
    const remove = async () => {
      const deleted = await deleteLogged(ctx, reason);
      ctx.secretRemoved = { reason, deleted };
      return deleted;
    };
    if (reason !== "prompt" && message !== undefined && recent.has(ctx.chatId, message)) {
      // Deleted when Telegram first delivered this update: a second delete would be refused.
      ctx.secretRemoved = { reason, deleted: true };
      return next();
    }
    if (reason !== "prompt") {
      if ((await remove()) && message !== undefined) recent.add(ctx.chatId, message);
      return next();
    }

    // An answer to a secret prompt: the flow's ask step deletes it as it reads it; what nobody took
    // (the prompt lapsed, the update failed on the way) is deleted here, after the update, once.
    const answer = new SecretAnswer(remove);
    ctx.secretAnswer = answer;
    try {
      await next();
    } finally {
      // The duplicate check first: an update Telegram delivers again (its first delivery deleted the
      // message, or a crash lost the whole update: at most once) deletes nothing — Telegram would
      // refuse a second delete ("message to delete not found").
      if (ctx.snapshot?.repeated !== true) await answer.take();
    }
  };
}

/**
 * The messages this guard deleted before the store was read (keys, and anything when the store is
 * down), remembered for as long as Telegram redelivers an update (UPDATE_MEMORY_MS), at most
 * MAX_REMEMBERED: a redelivered update finds its message gone and deletes nothing — no refused
 * "message to delete not found". Per bot (created with the guard), in this process: a redelivery
 * that reaches another instance costs that one refused call. A prompt's answer needs none of this:
 * it is deleted after the duplicate check.
 */
class RecentlyDeleted {
  static readonly MAX_REMEMBERED = 10_000;
  readonly #at = new Map<string, number>();

  has(chatId: number | undefined, message: Message): boolean {
    const at = this.#at.get(RecentlyDeleted.#key(chatId, message));
    return at !== undefined && Date.now() - at < UPDATE_MEMORY_MS;
  }

  add(chatId: number | undefined, message: Message): void {
    this.#at.set(RecentlyDeleted.#key(chatId, message), Date.now());
    // Oldest first (insertion order): drop what is past its time, and beyond the bound.
    for (const [key, at] of this.#at) {
      if (this.#at.size <= RecentlyDeleted.MAX_REMEMBERED && Date.now() - at < UPDATE_MEMORY_MS)
        break;
      this.#at.delete(key);
    }
  }

  static #key(chatId: number | undefined, message: Message): string {
    return `${chatId ?? message.chat.id}:${message.message_id}`;
  }
}

function deleteLogged(ctx: FlowContext, reason: RemovedSecret["reason"]): Promise<boolean> {
  return ctx.deleteMessage().then(
    () => true,
    (error: unknown) => {
      ctx.logger.warn(
        { reason, err: loggedError(error) },
        "could not delete a message that may hold a secret",
      );
      return false;
    },
  );
}

/**
 * For updates dropped before the guard runs (the chat backlog sheds a flood before `sequentialize`):
 * a key-shaped message is still deleted, with no store read (a flood must stay cheap). A password
 * cannot be recognised without the store; the flood's own "slow down" notice is all that chat gets.
 */
export async function deleteIfKey(ctx: Context & Pick<FlowContext, "logger">): Promise<void> {
  const message = ctx.message ?? ctx.editedMessage;
  const text = message?.text ?? message?.caption;
  if (text === undefined || !containsApiKey(text)) return;
  await ctx.deleteMessage().catch((error: unknown) => {
    ctx.logger.warn(
      { reason: "key", err: loggedError(error) },
      "could not delete a dropped message that may hold a key",
    );
  });
}

async function reasonToDelete(
  readPrompts: ReadSecretPrompts,
  ctx: FlowContext,
  chat: Chat,
  message: Message,
  fresh: boolean,
): Promise<RemovedSecret["reason"] | undefined> {
  const text = message.text ?? message.caption;
  if (text === undefined) return undefined;
  if (containsApiKey(text)) return "key";
  // A caption is read like a text: a password sent as a photo's caption is still a password.
  if (chat.type !== "private" || !fresh || text.startsWith("/")) return undefined;
  try {
    const prompts = await readPrompts(ctx);
    if (prompts.open) return "prompt";
    if (prompts.lapsed !== undefined) ctx.lapsedPrompt = prompts.lapsed;
    return undefined;
  } catch {
    return "storage";
  }
}
