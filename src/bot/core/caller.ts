/**
 * The only way features get at the API key: fetched from the vault for one call, never stored on the
 * context, never returned from a conversation's `external` (it would land in the replay log).
 */
import type { Caller } from "../../exchanger/index.js";
import { takeSealedKey } from "./chat-snapshot.js";
import type { FlowContext } from "../context.js";
import { NotLinked } from "./errors.js";

export async function getCaller(
  ctx: Pick<FlowContext, "deps" | "language" | "chatId" | "snapshot">,
): Promise<Caller> {
  if (ctx.chatId === undefined) throw new NotLinked();
  const { vault } = ctx.deps;
  const readAhead = takeSealedKey(ctx.snapshot, vault);
  const apiKey = readAhead ? vault.open(ctx.chatId, readAhead.value) : await vault.get(ctx.chatId);
  if (apiKey === undefined) throw new NotLinked();
  return { apiKey, language: ctx.language };
}

/** Runs one exchanger call with the chat's key. */
export async function withCaller<T>(
  ctx: Pick<FlowContext, "deps" | "language" | "chatId" | "snapshot">,
  call: (caller: Caller) => Promise<T>,
): Promise<T> {
  return call(await getCaller(ctx));
}
