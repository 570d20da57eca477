/**
 * Load chat state: what an arriving update needs from the store, in ONE round trip (update-gate.ts,
 * chat-snapshot.ts) — seen before? the chat's budget, its settings, sealed key and flow state, and for
 * typed text in a private chat the secret-prompt markers too — then the language.
 *
 * The read starts once per update, at the first step that needs it: the secret guard for typed text
 * (the only updates that need the markers; `secretPrompts`), else load-chat itself. Either way the
 * guard decides before anything else acts on the read, as it did when it read the markers itself.
 *
 * Inside conversations the plugins run again for every replayed update of the flow: `inFlow` reuses
 * the settings of the chat's update being handled (sequentialize runs one per chat at a time) instead
 * of reading them again per replayed update; a conversation outside one (none today) reads the store.
 */
import type { NextFunction } from "grammy";
import { readChatSnapshot, type ChatSnapshot } from "../core/chat-snapshot.js";
import { secretPromptKeys, secretPromptsFrom } from "../core/lapsed-prompt.js";
import type { BotConfig, BotDeps, FlowContext } from "../context.js";
import type { BotLayout } from "../feature.js";
import { languageFromTelegram } from "../i18n.js";
import { parseSettings } from "../../storage/settings.js";
import type { ReadSecretPrompts } from "./secret-guard.js";
import { loggedError } from "../../log-error.js";

export interface ChatLoader {
  /** The first step: deps, config and layout on the context (every later step may use them). */
  bind(ctx: FlowContext, next: NextFunction): Promise<void>;
  /** The secret guard's read: the markers, from the update's one round trip (which it starts). */
  secretPrompts: ReadSecretPrompts;
  /** Load chat state for an arriving update. */
  load(ctx: FlowContext, next: NextFunction): Promise<void>;
  /** The same inside conversations (a conversation plugin). */
  inFlow(ctx: FlowContext, next: NextFunction): Promise<void>;
}

/** Where an update's context keeps its round trip once started (one per update; replays get their own). */
const SNAPSHOT_READ = Symbol("snapshot read");
type Reading = FlowContext & { [SNAPSHOT_READ]?: Promise<ChatSnapshot> };

/**
 * The update's one round trip, started by the first step that asks for it (with its `extra` keys).
 * Kept on the context itself (under a symbol), so it ends with the update.
 */
function snapshotReads(deps: BotDeps) {
  return (ctx: Reading, extra?: readonly string[]): Promise<ChatSnapshot> =>
    (ctx[SNAPSHOT_READ] ??= readChatSnapshot(
      deps.updateGate,
      deps.vault,
      ctx.chatId!,
      ctx.update.update_id,
      { mediaGroupId: ctx.message?.media_group_id, extra },
    ));
}

export function chatLoader(deps: BotDeps, botConfig: BotConfig, layout: BotLayout): ChatLoader {
  const snapshotOf = snapshotReads(deps);
  /** The chats whose arriving update is being handled, by chat id (their settings, for `inFlow`). */
  const handling = new Map<number, FlowContext>();
  const bind = (ctx: FlowContext) => {
    ctx.deps = deps;
    ctx.botConfig = botConfig;
    ctx.layout = layout;
  };
  return {
    bind: (ctx, next) => (bind(ctx), next()),
    secretPrompts: async (ctx) =>
      secretPromptsFrom((await snapshotOf(ctx, secretPromptKeys(ctx.chatId!))).extra),
    async load(ctx, next) {
      ctx.chatSettings = {};
      if (ctx.chatId === undefined) return decideLanguage(ctx, next);
      try {
        ctx.snapshot = await snapshotOf(ctx);
        ctx.chatSettings = parseSettings(ctx.snapshot.settings);
      } catch (error) {
        warnDefaults(ctx, error);
      }
      const chatId = ctx.chatId;
      handling.set(chatId, ctx);
      try {
        await decideLanguage(ctx, next);
      } finally {
        if (handling.get(chatId) === ctx) handling.delete(chatId);
      }
    },
    async inFlow(ctx, next) {
      bind(ctx);
      const outer = ctx.chatId === undefined ? undefined : handling.get(ctx.chatId);
      if (outer !== undefined) shareSettings(ctx, outer);
      else
        ctx.chatSettings =
          ctx.chatId === undefined
            ? {}
            : await deps.settings.get(ctx.chatId).catch((error: unknown) => {
                warnDefaults(ctx, error);
                return {};
              });
      await decideLanguage(ctx, next);
    },
  };
}

/**
 * A flow's context sees the settings of the update being handled, and what a flow writes there
 * (`ctx.chatSettings = await settings.update(…)`) is what every later step of the update sees: one copy.
 */
function shareSettings(inner: FlowContext, outer: FlowContext): void {
  Object.defineProperty(inner, "chatSettings", {
    configurable: true,
    enumerable: true,
    get: () => outer.chatSettings,
    set: (settings: FlowContext["chatSettings"]) => (outer.chatSettings = settings),
  });
}

function decideLanguage(ctx: FlowContext, next: NextFunction): Promise<void> {
  ctx.language =
    ctx.chatSettings.lang ??
    languageFromTelegram(ctx.from?.language_code, ctx.botConfig.defaultLanguage);
  return next();
}

/**
 * Settings only pick the language and a few flags, so when storage is down this falls back to none:
 * the update then reaches the error boundary (installed after i18n) and the user is told to try
 * again, instead of the failure escaping before any handler could answer (silence in the chat).
 */
function warnDefaults(ctx: FlowContext, error: unknown): void {
  ctx.logger.warn({ err: loggedError(error) }, "chat settings could not be loaded; using defaults");
}
