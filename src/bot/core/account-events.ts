/**
 * This chat's exchanger account, and telling the account's chats what this chat just did (the
 * security feed, deps.accountEvents). The account is known from the index linking wrote
 * (storage/account-chats.ts); a chat linked before that index existed is bound the first time it is
 * needed, from the user object.
 */
import type { AccountEventKind } from "../../storage/settings.js";
import type { FlowContext } from "../context.js";
import { withCaller } from "./caller.js";
import { loggedError } from "../../log-error.js";

type ChatContext = Pick<FlowContext, "deps" | "chatId" | "language" | "logger" | "snapshot">;

/** The chat's account id; reads the user object (one call) only for a chat the index does not know. */
export async function accountIdOf(ctx: ChatContext): Promise<string | undefined> {
  if (ctx.chatId === undefined) return undefined;
  const known = await ctx.deps.accountChats.accountOf(ctx.chatId);
  if (known !== undefined) return known;
  const user = await withCaller(ctx, (caller) => ctx.deps.exchanger.getInfo(caller));
  if (user.id === undefined) return undefined;
  await ctx.deps.accountChats.bind(ctx.chatId, user.id, ctx.language);
  return user.id;
}

/**
 * Records what was just done from this chat and tells the account's other chats (this one read the
 * outcome on its screen). Called once the user saw the outcome; a failure is logged and changes
 * nothing for the user. `accountId`: when the caller knows it already (linking, a refused key).
 */
export async function tellAccount(
  ctx: ChatContext,
  kind: AccountEventKind,
  accountId?: string,
): Promise<void> {
  try {
    const account = accountId ?? (await accountIdOf(ctx));
    if (account === undefined) return;
    await ctx.deps.accountEvents.publish(account, {
      kind,
      at: Date.now(),
      fromChatId: String(ctx.chatId),
    });
  } catch (error) {
    ctx.logger.warn(
      { kind, err: loggedError(error) },
      "could not tell the account's chats about an event",
    );
  }
}
