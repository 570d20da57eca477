/**
 * Conversations (@grammyjs/conversations v2) set-up. Read docs/design.md, "Facts about the libraries" before changing:
 * - state = replay log of what the user typed → encrypted adapter with a TTL, no date revival;
 * - `version` (core/flows.ts CONVERSATIONS_VERSION) is raised whenever any conversation's code changes;
 * - transformers on bot.api do not reach conversations → auto-retry and the HTML parse mode are
 *   re-installed via `plugins` (built once here; they keep no state of their own), and bot.api's own
 *   answer-once record (`once.record`: answers in flows are noted, never skipped, so the outer
 *   context does not answer a press again; telegram/answer-once.ts);
 * - installed after sequentialize (index.ts), so two updates of one chat never replay one state.
 */
import { autoRetry } from "@grammyjs/auto-retry";
import { conversations } from "@grammyjs/conversations";
import type { NextFunction } from "grammy";
import type { AnswerOnce } from "../../telegram/answer-once.js";
import { htmlParseMode } from "../../telegram/html-parse-mode.js";
import type { BotContext, BotDeps, FlowContext } from "../context.js";
import { conversationKey, takeFlowState } from "../core/chat-snapshot.js";
import { CONVERSATIONS_VERSION } from "../core/flows.js";
import { isEmptyRecord, readFlowPrompts, type StoredFlows } from "../core/flow-messages.js";
import type { ChatLoader } from "./load-chat.js";
import { updateLogger } from "./update-logger.js";

type Step = (ctx: FlowContext, next: NextFunction) => Promise<void>;

export function installConversations(
  deps: BotDeps,
  loader: ChatLoader,
  translations: Step,
  once: AnswerOnce,
) {
  const retry = autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30 });
  const html = htmlParseMode();
  return conversations<BotContext, FlowContext>({
    storage: {
      type: "context",
      version: CONVERSATIONS_VERSION,
      adapter: chatFlowStorage(deps) as never,
    },
    plugins: [
      updateLogger(deps.logger),
      (ctx: FlowContext, next: NextFunction) => {
        ctx.api.config.use(retry);
        ctx.api.config.use(html);
        ctx.api.config.use(once.record);
        return next();
      },
      loader.inFlow,
      translations,
    ],
  });
}

/**
 * Each chat's flow state in the encrypted adapter (`conv:<chat id>`), read from the update's snapshot
 * when load-chat read it ahead (one round trip for settings, key and state). No chat, no state.
 *
 * The same sealed value carries the flow's live-prompt record (core/flow-messages.ts): reading the
 * state puts it on the update's context, where the flow's steps and flow exit change it in memory,
 * and writing the state saves it — one read and one write per update for both. Deleting the state
 * (the flow ended, was left or lapsed) deletes the record with it.
 */
function chatFlowStorage(deps: BotDeps) {
  const adapter = deps.conversationAdapter;
  return {
    async read(ctx: FlowContext) {
      if (ctx.chatId === undefined) return undefined;
      const readAhead = takeFlowState(ctx.snapshot);
      const key = conversationKey(ctx.chatId);
      const stored = (await (readAhead
        ? adapter.openStored(key, readAhead.value)
        : adapter.read(key))) as StoredFlows | undefined;
      // No record stored (no flow, or none with prompts yet): none made here (flowPromptsOf makes it).
      if (stored?.prompts !== undefined) ctx.flowPrompts = readFlowPrompts(stored.prompts);
      return stored;
    },
    write(ctx: FlowContext, data: StoredFlows) {
      if (ctx.chatId === undefined) return undefined;
      const record = ctx.flowPrompts;
      const value =
        record === undefined || isEmptyRecord(record) ? data : { ...data, prompts: record };
      return adapter.write(conversationKey(ctx.chatId), value);
    },
    delete: (ctx: FlowContext) =>
      ctx.chatId === undefined ? undefined : adapter.delete(conversationKey(ctx.chatId)),
  };
}
