/**
 * The flows' toolkit: declaring a flow, its prompts, exchanger calls from inside it. The plugin's
 * set-up (storage, version, plugins) is middlewares/conversations.ts. Read docs/design.md, "Facts about the libraries" before changing:
 * - `CONVERSATIONS_VERSION` must be raised whenever any conversation's code changes (old states are dropped);
 * - side effects go through `conversation.external`, which must never return the API key.
 */
import { createConversation, type Conversation } from "@grammyjs/conversations";
import { Composer, type Context, type Middleware, type MiddlewareFn } from "grammy";
import {
  ExchangerError,
  Unauthorized,
  Unavailable,
  type UnavailableReason,
  type Caller,
} from "../../exchanger/index.js";
import { getCaller } from "./caller.js";
import type { BotContext, BotDeps, FlowContext } from "../context.js";
import { NotLinked } from "./errors.js";
import { CodesLocked } from "./code-attempts.js";
import {
  closePrompts,
  newestLivePrompt,
  retirePrompt,
  trackPrompt,
  untrackPrompt,
  type FlowEnd,
} from "./flow-messages.js";
import { dropButtons } from "../ui/screen.js";
import { FLOW_TIMEOUT_MS } from "./flow-timeout.js";

/** Raise on every change to any conversation's code. */
export const CONVERSATIONS_VERSION = 15;
export { conversationKey } from "./chat-snapshot.js";

export type Flow = Conversation<BotContext, FlowContext>;

/** A flow's code; it may say how it ended ("cancelled" by its own button), else it is "done". */
export type FlowBuilder<A extends unknown[]> = (
  conversation: Flow,
  ctx: FlowContext,
  ...args: A
) => Promise<FlowEnd | void>;

/** Where each running flow object came from (defineFlow): its id and arguments, for a secret prompt left behind. */
const FLOW_ENTRY = Symbol("flow entry");
type WithEntry = Flow & { [FLOW_ENTRY]?: { flow: string; args: unknown[] } };

/** The id and arguments the flow was entered with (JSON-safe: they came through the conversation's state). */
export function flowEntryOf(conversation: Flow): { flow?: string; args?: unknown[] } {
  const entry = (conversation as WithEntry)[FLOW_ENTRY];
  return entry === undefined
    ? {}
    : { flow: entry.flow, ...(entry.args.length > 0 && { args: entry.args }) };
}

/**
 * The one way to declare a flow: when its code returns (or throws), the prompts it recorded lose
 * their buttons, so nothing left in the chat still looks pressable (flow-messages.ts). Leaving from
 * outside (/cancel, another command or screen) closes them in flow-exit.ts instead, because exiting a
 * conversation does not run its code.
 */
export function defineFlow<A extends unknown[]>(id: string, builder: FlowBuilder<A>) {
  return createConversation<BotContext, FlowContext>(
    async (conversation: Flow, ctx: FlowContext, ...args: A) => {
      (conversation as WithEntry)[FLOW_ENTRY] = { flow: id, args };
      let outcome: FlowEnd;
      try {
        outcome = (await builder(conversation, ctx, ...args)) ?? "done";
      } catch (error) {
        await endFlowPrompts(conversation, "failed");
        throw error;
      }
      await endFlowPrompts(conversation, outcome);
    },
    { id, maxMillisecondsToWait: FLOW_TIMEOUT_MS },
  );
}

function endFlowPrompts(conversation: Flow, outcome: FlowEnd): Promise<void> {
  return conversation.external((outer: BotContext) => closePrompts(outer, outcome));
}

/*
 * The prompt record (flow-messages.ts) is changed inside `external` on the outer context, in memory:
 * the flow state's write at the end of the update saves it with the state. A replayed `external` does
 * not run again, and the record read with the state already holds what it did.
 */

/** The prompt turned into the flow's result screen, whose buttons (Refresh, Menu) outlive the flow. */
export async function releaseFlowPrompt(conversation: Flow, messageId: number): Promise<void> {
  await conversation.external((outer: BotContext) => untrackPrompt(outer, messageId));
}

/**
 * Records a message the flow sent (or turned into a prompt) with buttons: its buttons belong to the
 * flow while it runs, and are taken away when it ends. Returns the message id for chaining.
 */
export async function trackFlowPrompt(conversation: Flow, messageId: number): Promise<number> {
  await conversation.external((outer: BotContext) => trackPrompt(outer, messageId));
  return messageId;
}

/**
 * The user has answered a prompt: its buttons go now (unless `edited`: it was already turned into a
 * screen without them), and the flow's end leaves it alone. Without `messageId`, the newest live prompt.
 */
export async function retireFlowPrompt(
  conversation: Flow,
  messageId?: number,
  edited = false,
): Promise<void> {
  await conversation.external(async (outer: BotContext) => {
    const chatId = outer.chatId;
    const id = messageId ?? newestLivePrompt(outer);
    if (chatId === undefined || id === undefined) return;
    retirePrompt(outer, id);
    if (!edited) await dropButtons(outer.api, chatId, id);
  });
}

/** True when `messageId` is the flow's newest prompt with buttons: only its buttons answer a question. */
export function isLivePrompt(conversation: Flow, messageId: number | undefined): Promise<boolean> {
  return conversation.external(
    (outer: BotContext) => messageId !== undefined && newestLivePrompt(outer) === messageId,
  );
}

/**
 * /cancel, flow exit and the flows as one step that is skipped when `unconcerned` says the update
 * cannot reach a flow (a button of a feature without flows while none runs). Each createConversation
 * middleware and each filter costs work per update even when no flow runs. The conversations plugin runs before this step for every
 * update but one: such a button while the chat has no flow state stored skips the plugin too
 * (createBot), so wherever a flow may be running, ctx.conversation (active, exitAll) is the real one.
 */
export function flowSteps(
  steps: readonly Middleware<BotContext>[],
  unconcerned: (ctx: BotContext) => boolean,
): MiddlewareFn<BotContext> {
  const run = new Composer<BotContext>(...steps).middleware();
  return (ctx, next) => (unconcerned(ctx) ? next() : run(ctx, next));
}

/** An exchanger error as plain data: classes do not survive the replay log, so it is stored like this. */
type StoredError = {
  kind: string;
  method?: string;
  message?: string;
  reason?: string;
  status?: number;
  retryAfterMs?: number;
};

/**
 * Runs one exchanger call inside `conversation.external` with the chat's key fetched inside it.
 * Errors are turned into plain data (classes do not survive the replay log) by the plugin's own
 * hooks, `beforeStoreError` and `afterLoadError`, and rebuilt outside, so the error boundary — or the
 * flow itself — treats them like any other. Any other error (a bug) is kept as its name and message
 * and comes back as an Error with both, in the same run and after a restart's replay alike.
 */
export async function callExchanger<T>(
  conversation: Flow,
  call: (caller: Caller, deps: BotDeps, outer: BotContext) => Promise<T>,
): Promise<T> {
  return callOutside(conversation, async (outer) =>
    call(await getCaller(outer), outer.deps, outer),
  );
}

/** The same for a call that needs no account (public methods: a direction, the currency list). */
export async function callPublicExchanger<T>(
  conversation: Flow,
  call: (deps: BotDeps, outer: BotContext) => Promise<T>,
): Promise<T> {
  return callOutside(conversation, (outer) => call(outer.deps, outer));
}

async function callOutside<T>(
  conversation: Flow,
  call: (outer: BotContext) => Promise<T>,
): Promise<T> {
  return conversation.external({
    task: call,
    beforeStoreError: storedError,
    afterLoadError: (stored) => rebuiltError(stored as StoredError),
  });
}

/** The exchanger outcomes a flow reacts to, flattened for the replay log; any other by its name and message. */
function storedError(error: unknown): StoredError {
  if (error instanceof ExchangerError)
    return {
      kind: "exchanger",
      method: error.method,
      message: error.serverMessage,
      status: error.httpStatus,
    };
  if (error instanceof Unauthorized)
    return {
      kind: "unauthorized",
      method: error.method,
      message: error.serverMessage,
      status: error.httpStatus,
    };
  if (error instanceof Unavailable)
    return {
      kind: "unavailable",
      method: error.method,
      reason: error.reason,
      status: error.httpStatus,
    };
  if (error instanceof NotLinked) return { kind: "not-linked" };
  if (error instanceof CodesLocked)
    return { kind: "codes-locked", retryAfterMs: error.retryAfterMs };
  if (error instanceof Error) return { kind: "other", reason: error.name, message: error.message };
  return { kind: "other", message: String(error) };
}

/** The error class back from its stored form, so the error boundary sees what the call threw. */
function rebuiltError(e: StoredError): Error {
  switch (e.kind) {
    case "exchanger":
      return new ExchangerError(e.method ?? "", e.message, e.status ?? 200);
    case "unauthorized":
      return new Unauthorized(e.method ?? "", e.message, e.status ?? 401);
    case "unavailable":
      return new Unavailable(
        e.method ?? "",
        (e.reason ?? "network") as UnavailableReason,
        "exchanger call failed",
        e.status,
      );
    case "codes-locked":
      return new CodesLocked(e.retryAfterMs ?? 60_000);
    case "not-linked":
      return new NotLinked();
    default:
      return Object.assign(new Error(e.message), { name: e.reason ?? "Error" });
  }
}

/** Deletes a message that carried a secret; replay-safe because API calls in flows are recorded. */
export async function deleteSecretMessage(ctx: Context): Promise<void> {
  await ctx.deleteMessage().catch(() => undefined);
}
