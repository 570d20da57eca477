/**
 * A secret typed after its prompt was left does not stay in the chat.
 *
 * The user is asked for a password or a 2FA code, leaves the prompt (a command, another screen's
 * button: flow-exit.ts), then types the answer anyway — it would stay in the chat under "Use the
 * menu". So when a secret prompt is LEFT, its marker (secret-prompt.ts) becomes a lapsed record for
 * LAPSED_PROMPT_TTL_MS; within that time a message or photo caption that could be its answer (by the
 * rule of core/secret-likeness.ts: a password's or a 2FA code's shapes, not greetings, amounts, order
 * numbers, phones, names) — and that no running
 * flow takes, or that another flow's prompt refuses, is deleted first, and the bot says in one line
 * why, with a button naming the step it goes back to. Ordinary words, amounts, search terms and order
 * tokens stay.
 *
 * Cost: the secret guard reads the record with the marker, in the update's one round trip
 * (`secretPromptKeys`, read by middlewares/load-chat.ts);
 * the decision waits until the flows had their turn (`createLapsedPromptGuard`, installed after them),
 * so an answer another flow's prompt takes, commands and buttons are never disturbed. A deliberate cancel
 * (/cancel, Cancel) leaves no record.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import type { KV } from "../../storage/kv.js";
import { chatKeyPrefix } from "../../storage/settings.js";
import { parseSecretStep, secretPromptKey, type SecretStep } from "./secret-prompt.js";
import { couldBeSecret, nameWords } from "./secret-likeness.js";
import { enterFlow, refuseWhileCodesLocked } from "./enter-flow.js";
import { LAPSED_BACK_DATA } from "./codec.js";
import { loggedError } from "../../log-error.js";

/** How long a left secret prompt keeps guarding the chat. */
export const LAPSED_PROMPT_TTL_MS = 10 * 60 * 1000;
export { LAPSED_BACK_DATA } from "./codec.js";

/** What the user is told, by the kind of secret and whether Telegram let the bot delete the message. */
const NOTICE = {
  password: { deleted: "secret-lapsed-password", kept: "secret-lapsed-password-not-deleted" },
  code: { deleted: "secret-lapsed-code", kept: "secret-lapsed-code-not-deleted" },
} as const;

const lapsedKey = (chatId: number | string): string => `${chatKeyPrefix(chatId)}secret-lapsed`;

export interface SecretPrompts {
  open: boolean;
  lapsed?: SecretStep;
}

/** The keys of the secret-prompt marker and the lapsed record (read with the update's chat state). */
export const secretPromptKeys = (chatId: number | string): string[] => [
  secretPromptKey(chatId),
  lapsedKey(chatId),
];

/** What the values of `secretPromptKeys`, in order, say. */
export function secretPromptsFrom([open, lapsed]: readonly (string | undefined)[]): SecretPrompts {
  return {
    open: open !== undefined,
    ...(lapsed !== undefined && { lapsed: parseSecretStep(lapsed) }),
  };
}

/** The secret-prompt marker and the lapsed record, in one round trip. */
export async function readSecretPrompts(kv: KV, chatId: number | string): Promise<SecretPrompts> {
  return secretPromptsFrom(await kv.mget(secretPromptKeys(chatId)));
}

/**
 * The one hook where a secret prompt is left (flow-exit.ts leaveFlows): the open marker becomes a
 * lapsed record. No marker (the flow asked for nothing secret): nothing is written.
 */
export async function lapseSecretPrompt(kv: KV, chatId: number | string): Promise<void> {
  const marker = await kv.get(secretPromptKey(chatId));
  if (marker === undefined) return;
  await kv.set(lapsedKey(chatId), marker, LAPSED_PROMPT_TTL_MS);
  await kv.del(secretPromptKey(chatId));
}

/**
 * Could this text be the answer to the step? The rule is core/secret-likeness.ts (tested against a
 * corpus of ordinary messages, passwords and codes). For a password, the names and codes of the
 * exchanger's currencies count as ordinary words too; read from the cached list only when the text looks like a
 * password by the built-in words alone (the list failing: the built-in words decide).
 */
export async function couldAnswer(
  ctx: BotContext,
  step: SecretStep,
  text: string,
): Promise<boolean> {
  if (!couldBeSecret(step.kind, text)) return false;
  if (step.kind === "code") return true;
  const list = await ctx.deps.currencies.byId(ctx.language).catch(() => undefined);
  if (list === undefined) return true;
  const names = [...list.values()].flatMap((c) => [c.name ?? "", c.code ?? ""]);
  return couldBeSecret(step.kind, text, nameWords(names));
}

/**
 * When the text (a message, a photo's caption) could be the secret of the prompt the user left, it
 * is deleted and the user told why, with a button back to that step; true when so. Called by the
 * guard below for what no flow took, and by a flow's prompt that refused the text (core/ask.ts).
 */
export async function removeIfLapsedSecret(ctx: BotContext, text: string): Promise<boolean> {
  const step = ctx.lapsedPrompt;
  if (step === undefined || !(await couldAnswer(ctx, step, text))) return false;
  const deleted = await ctx.deleteMessage().then(
    () => true,
    (error: unknown) => {
      ctx.logger.warn(
        { reason: "lapsed", err: loggedError(error) },
        "could not delete a message that may hold a secret",
      );
      return false;
    },
  );
  const notice = ctx.t(NOTICE[step.kind][deleted ? "deleted" : "kept"]);
  // The button says what it reopens; a record from before it named that: the general "Back".
  const label = ctx.t(step.reopens ?? "secret-lapsed-back");
  const keyboard =
    step.flow === undefined ? undefined : new InlineKeyboard().text(label, LAPSED_BACK_DATA);
  await ctx.reply(notice, keyboard === undefined ? {} : { reply_markup: keyboard });
  return true;
}

/**
 * Installed after the flows: a text or caption the guard found could answer a left prompt, which no
 * flow took, is deleted and explained; the button goes back to that step (its flow entered again,
 * with the same arguments; refused while 2FA codes are locked, as every entry to a flow that sends a code).
 */
export function createLapsedPromptGuard(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on(["message:text", "message:caption"], async (ctx, next) => {
    const text = ctx.message.text ?? ctx.message.caption ?? "";
    if (!(await removeIfLapsedSecret(ctx, text))) return next();
  });
  composer.callbackQuery(LAPSED_BACK_DATA, async (ctx) => {
    const chatId = ctx.chatId!;
    const value = await ctx.deps.kv.get(lapsedKey(chatId));
    const step = value === undefined ? undefined : parseSecretStep(value);
    if (step?.flow === undefined)
      return void (await ctx.answerCallbackQuery({ text: ctx.t("button-expired") }));
    if (await refuseWhileCodesLocked(ctx)) return;
    await ctx.deps.kv.del(lapsedKey(chatId));
    await enterFlow(ctx, step.flow, ...(step.args ?? []));
  });
  return composer;
}
