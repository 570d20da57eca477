/**
 * The secret-prompt marker: "this chat was asked for a password or a 2FA code and has not answered yet".
 *
 * The secret guard (middlewares/secret-guard.ts) runs before the chat's state is read and cannot
 * know whether a flow is waiting for a password. The marker tells it, in one small read: set when a
 * flow asks for a secret, cleared when the answer was taken or the flow was cancelled. It outlives the
 * flow on purpose: a password typed after the flow expired still finds the marker and is deleted.
 * Kept under the chat's prefix, so /logout wipes it with everything else.
 */
import type { FlowContext, SecretStep } from "../context.js";
import type { KV } from "../../storage/kv.js";
import { chatKeyPrefix } from "../../storage/settings.js";

/** Long enough for a user who comes back to an abandoned prompt the same day. */
export const SECRET_PROMPT_TTL_MS = 24 * 60 * 60 * 1000;

export const secretPromptKey = (chatId: number | string): string =>
  `${chatKeyPrefix(chatId)}secret-prompt`;
const markerKey = secretPromptKey;

export type { SecretStep } from "../context.js";

export function markSecretPrompt(
  kv: KV,
  chatId: number | string,
  step: SecretStep = { kind: "password" },
): Promise<void> {
  return kv.set(markerKey(chatId), JSON.stringify(step), SECRET_PROMPT_TTL_MS);
}

/** The step a marker value names; an old or unreadable value is a password prompt of an unknown flow. */
export function parseSecretStep(value: string): SecretStep {
  try {
    const parsed = JSON.parse(value) as unknown;
    if (typeof parsed === "object" && parsed !== null) {
      const { kind, flow, args, reopens } = parsed as Record<string, unknown>;
      return {
        kind: kind === "code" ? "code" : "password",
        ...(typeof flow === "string" && { flow }),
        ...(Array.isArray(args) && { args }),
        ...(typeof reopens === "string" && { reopens }),
      };
    }
  } catch {
    // "1", the marker's value before it named the step
  }
  return { kind: "password" };
}

export function clearSecretPrompt(kv: KV, chatId: number | string): Promise<void> {
  return kv.del(markerKey(chatId));
}

export async function hasSecretPrompt(kv: KV, chatId: number | string): Promise<boolean> {
  return (await kv.get(markerKey(chatId))) !== undefined;
}

/**
 * The one delete of a message that answered a secret prompt. The guard runs before anything knows
 * whether a flow still waits for it, so it hands this on the context: the ask step takes it as it
 * reads the answer (core/ask.ts); when nobody did (the prompt lapsed, the update failed), the guard
 * takes it after the update. Taken twice, it deletes once.
 */
export class SecretAnswer {
  #taken?: Promise<boolean>;
  constructor(private readonly remove: () => Promise<boolean>) {}

  /** Deletes the message (once); true when it is gone. */
  take(): Promise<boolean> {
    return (this.#taken ??= this.remove());
  }
}

/**
 * Deletes the secret answer of this update: through the guard's handle; not at all when the guard
 * removed it already for another reason (it had the shape of a key); directly when the guard saw no
 * marker (the marker could not be written).
 */
export async function takeSecretAnswer(ctx: FlowContext): Promise<void> {
  if (ctx.secretAnswer !== undefined) await ctx.secretAnswer.take();
  else if (ctx.secretRemoved === undefined) await ctx.deleteMessage().catch(() => undefined);
}

/** What to tell the user about a message the guard removed (HTML), or undefined when nothing was. */
export function secretNotice(ctx: FlowContext): string | undefined {
  const removed = ctx.secretRemoved;
  if (removed === undefined) return undefined;
  if (!removed.deleted)
    return removed.reason === "key" ? ctx.t("secret-key-not-deleted") : undefined;
  const group = ctx.chat?.type !== "private";
  if (removed.reason === "key") {
    if (group) return ctx.t("secret-key-deleted-group", { bot: ctx.me.username ?? "" });
    return ctx.message?.text?.startsWith("/")
      ? ctx.t("secret-key-deleted-command")
      : ctx.t("secret-key-deleted");
  }
  return removed.reason === "prompt" ? ctx.t("secret-prompt-lapsed") : ctx.t("secret-storage-down");
}

/**
 * The update reached a handler outside any flow: the answer to a lapsed prompt is deleted now (so
 * `secretNotice` can say so), and the marker has done its job and is dropped, so the chat's next
 * ordinary message is left alone.
 */
export async function settleLapsedPrompt(ctx: FlowContext): Promise<void> {
  if (ctx.secretAnswer === undefined) return;
  await ctx.secretAnswer.take();
  if (ctx.chatId !== undefined) await clearSecretPrompt(ctx.deps.kv, ctx.chatId);
}
