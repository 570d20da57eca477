/**
 * createBot: the composition root of the Telegram side. The folder's layout and the import rules
 * every feature follows are in ./README.md (enforced by test/bot/layout-rules.test.ts).
 *
 * Middleware order (each step relies on the ones above it):
 *  0. update logger           — ctx.logger: deps.logger with the update id bound (every step below logs through it)
 *     count updates           — so /metrics sees every update, dropped ones too (middlewares/metrics.ts);
 *                               handler errors are counted just inside the error boundary (7)
 *  1. chat backlog            — at most MAX_PENDING_PER_CHAT updates of one chat running or queued in
 *                               this process; the excess is dropped (told to slow down, presses answered,
 *                               a key-shaped message still deleted without a store read) and repeated
 *                               presses coalesce. Before sequentialize, so a flood never holds runner
 *                               slots or webhook connections (chat-backlog.ts).
 *  2. sequentialize per chat  — updates of one chat run one at a time (runner processes many chats
 *                               concurrently); must precede conversations (ARCHITECTURE §2.4).
 *  3. secret guard            — a message that may hold a key or a password is deleted before any
 *                               chat-state read or exchanger call can fail (middlewares/secret-guard.ts)
 *  4. addressed to this bot   — commands for other bots and group chatter end here, unread
 *                               Webhook replicas on Redis then take a cross-instance chat lock.
 *  5. load chat + i18n        — ONE store round trip: update seen before? chat budget, settings, key,
 *                               flow state (update-gate.ts); then language and ctx.t
 *  6. admit update            — a repeated update does nothing; a chat over budget is told to wait
 *  7. error boundary          — every failure below becomes a message in the user's language
 *     /stats                 — admin chats only (ADMIN_CHAT_IDS, often a group): before the guard below;
 *                               elsewhere it passes on and ends as an unknown command
 *  8. private-chat guard      — groups get "write me in private" (once per window per group);
 *                               keys are never accepted there
 *  9. conversations           — encrypted replay-log storage, auto-retry re-installed inside flows
 * 10. /cancel                 — before any flow, so it always leaves one
 *     flow exit               — any other command, or a button not on the running flow's prompts, leaves
 *                               the flow first (asks when typed input would be lost), then runs (core/flow-exit.ts)
 * 11. flows                   — createConversation(...) of every feature
 *     (10 and 11 are one step, skipped for a button of features without flows while no flow runs:
 *      nothing there could act on it; core/flows.ts flowSteps)
 * 12. features                — commands, buttons, screens, behind one routing step (feature.ts featureRoutes):
 *                               a button runs only the features that declare its data's prefix, a command
 *                               only its feature, one nobody declared none; any other update every feature in order
 * 13. link fallback           — free text in a chat without a key is a key attempt
 * 14. fallback                — hints for stray text, "button expired" for unknown callbacks
 */
import { autoRetry } from "@grammyjs/auto-retry";
import { sequentialize } from "@grammyjs/runner";
import { Bot, type Api, type ApiClientOptions, type BotError, type Transformer } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { htmlParseMode } from "../telegram/html-parse-mode.js";
import type { BotConfig, BotContext, BotDeps, FlowContext } from "./context.js";
import { featureRoutes, layoutOf, type BotLayout, type Feature, type StartEnv } from "./feature.js";
import { registerCommands, registerDescriptions } from "./profile.js";
import { ADMIN_COMMANDS, createAdminComposer } from "./features/admin/index.js";
import { createAccountFeature } from "./features/account/index.js";
import { createInfoFeature } from "./features/info/index.js";
import { createInputsFeature } from "./features/inputs/index.js";
import { createDetailsFeature } from "./features/details/index.js";
import { createCancelComposer, createFallback, createHelpFeature } from "./features/help/index.js";
import { createLanguageFeature } from "./features/language/index.js";
import { createLinkFallback, createLinkFeature } from "./features/link/index.js";
import { createMenuFeature } from "./features/menu/index.js";
import { createNotifyFeature } from "./features/notify/index.js";
import { createOrdersFeature } from "./features/orders/index.js";
import { createReferralsFeature } from "./features/orders/referrals.js";
import { createPayFeature } from "./features/pay/index.js";
import { createExchangeFeature } from "./features/exchange/index.js";
import { createPasswordFeature } from "./features/password/index.js";
import { createTwofaFeature } from "./features/two-factor/index.js";
import { createVerificationFeature } from "./features/verification/index.js";
import { flowSteps, installConversations } from "./core/flows.js";
import { createFlowExit, flowRunning } from "./core/flow-exit.js";
import { createI18n, languageFromTelegram } from "./i18n.js";
import { admitUpdate } from "./middlewares/admit-update.js";
import { chatBacklog, MAX_PENDING_PER_CHAT } from "./middlewares/chat-backlog.js";
import { tellSlowDown } from "./core/slow-down.js";
import { errorBoundary } from "./middlewares/error-boundary.js";
import { loadChat } from "./middlewares/load-chat.js";
import { chatLock } from "./middlewares/chat-lock.js";
import { privateOnly } from "./middlewares/private-only.js";
import { deleteIfKey, secretGuard } from "./middlewares/secret-guard.js";
import { addressedToThisBot } from "./middlewares/addressed.js";
import { countHandlerErrors, countUpdates } from "./middlewares/metrics.js";
import { updateLogger } from "./middlewares/update-logger.js";
import { createLapsedPromptGuard } from "./core/lapsed-prompt.js";
import type { I18n } from "@grammyjs/i18n";

export type { BotConfig, BotDeps } from "./context.js";

/** Every screen family, in the order their handlers are tried; built anew for each bot. */
export const FEATURE_FACTORIES: ReadonlyArray<() => Feature> = [
  createLinkFeature,
  createMenuFeature,
  createAccountFeature,
  createLanguageFeature,
  createOrdersFeature,
  createReferralsFeature,
  createDetailsFeature,
  createVerificationFeature,
  createInputsFeature,
  createInfoFeature,
  createNotifyFeature,
  createPayFeature,
  createExchangeFeature,
  createPasswordFeature,
  createTwofaFeature,
  createHelpFeature,
];

/** A create-order younger than this may still be in a live instance's hands (a few exchanger calls with retries). */
const RESUME_GRACE_MS = 2 * 60_000;

export interface CreateBotOptions {
  token: string;
  /** Tests and self-hosted Bot API servers: apiRoot, fetch. */
  client?: ApiClientOptions;
  /** Known bot identity (skips getMe; tests). */
  botInfo?: UserFromGetMe;
  /** Installed below auto-retry, so it sees every attempt of a call (the monitoring's retry count). */
  belowRetry?: Transformer;
}

export interface CreatedBot {
  bot: Bot<BotContext>;
  i18n: I18n<FlowContext>;
  /** The installed features' menu and commands (/help, README's command table test). */
  layout: BotLayout;
  /** setMyCommands for every language: the everyday commands (call once at start; profile.ts). */
  registerCommands(signal?: Parameters<Api["setMyCommands"]>[2]): Promise<void>;
  /** setMyDescription / setMyShortDescription for every language; never throws (call once at start). */
  registerDescriptions(signal?: Parameters<Api["setMyCommands"]>[2]): Promise<void>;
  /**
   * Finishes what a process that died left half done (a create-order in flight: the user is told what
   * became of it). Call once at start; never throws. `graceMs`: younger work may belong to a live
   * instance and is looked at again once that long has passed.
   */
  resumeInterrupted(options?: { graceMs?: number }): Promise<void>;
}

function newBot(options: CreateBotOptions): Bot<BotContext> {
  const bot = new Bot<BotContext>(options.token, {
    client: options.client,
    botInfo: options.botInfo,
  });
  if (options.belowRetry) bot.api.config.use(options.belowRetry);
  // Telegram's 429 (retry_after) and 5xx are retried for every call made through bot.api / ctx.api.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30 }));
  // Every text is HTML; installed inside conversations too (core/flows.ts).
  bot.api.config.use(htmlParseMode());
  return bot;
}

/** A chat's backlog beyond MAX_PENDING_PER_CHAT is dropped before load-chat, with a "slow down" in the user's Telegram language. */
function backlog(deps: BotDeps, botConfig: BotConfig, i18n: I18n<FlowContext>) {
  return chatBacklog({
    maxPending: MAX_PENDING_PER_CHAT,
    onDropped: async (ctx, how) => {
      deps.metrics.throttled(how.coalesced ? "coalesced" : "backlog");
      await deleteIfKey(ctx);
      const language = languageFromTelegram(ctx.from?.language_code, botConfig.defaultLanguage);
      await tellSlowDown(ctx, deps, (key, args) => i18n.t(language, key, args), how);
    },
  });
}

/**
 * A button of features without flows, pressed while no flow runs, cannot concern a flow: it skips
 * /cancel, flow exit and the flows. Commands never skip them (/cancel must answer "nothing to cancel").
 */
function pressWithoutFlows(routes: ReturnType<typeof featureRoutes>) {
  return (ctx: BotContext) => {
    const owners = ctx.callbackQuery === undefined ? undefined : routes.ownersOf(ctx);
    return (
      owners !== undefined &&
      owners.length > 0 &&
      owners.every((f) => (f.flows ?? []).length === 0) &&
      !flowRunning(ctx)
    );
  };
}

/**
 * Last resort, for errors the boundary itself could not handle: log the error's name only (its
 * message may carry user input) and never crash the process.
 */
function logUnhandled(deps: BotDeps) {
  return (err: BotError<BotContext>) =>
    deps.logger.error(
      {
        updateId: err.ctx.update.update_id,
        err: err.error instanceof Error ? err.error.name : String(err.error),
      },
      "unhandled bot error",
    );
}

/** Each feature's start-up work, one after the other; a failure is logged, never thrown. */
async function resumeInterrupted(features: readonly Feature[], env: StartEnv): Promise<void> {
  for (const feature of features)
    await feature
      .atStart?.(env)
      .catch((error: unknown) =>
        env.deps.logger.error(
          { feature: feature.name, err: error instanceof Error ? error.message : String(error) },
          "could not finish work left by a previous process",
        ),
      );
}

export function createBot(
  deps: BotDeps,
  botConfig: BotConfig,
  options: CreateBotOptions,
): CreatedBot {
  const bot = newBot(options);

  const i18n = createI18n(botConfig.defaultLanguage, botConfig.textOverrides);
  const features = FEATURE_FACTORIES.map((create) => create());
  const layout = layoutOf(features);
  const routes = featureRoutes(features);

  bot.use(updateLogger(deps.logger));
  bot.use(countUpdates(deps.metrics));
  bot.use(backlog(deps, botConfig, i18n));
  bot.use(sequentialize((ctx: BotContext) => ctx.chatId?.toString()));
  bot.use(secretGuard(deps.kv));
  bot.use(addressedToThisBot);
  if (botConfig.crossInstanceChatLock) bot.use(chatLock(deps.kv));
  bot.use(loadChat(deps, botConfig, layout, { readAhead: true }));
  bot.use(i18n);
  bot.use(admitUpdate);
  bot.use(errorBoundary);
  bot.use(countHandlerErrors(deps.metrics));
  bot.use(createAdminComposer(botConfig.adminChatIds));
  bot.use(privateOnly);
  bot.use(installConversations(deps, botConfig, layout, i18n));
  bot.use(
    flowSteps(
      [createCancelComposer(), createFlowExit(), ...features.flatMap((f) => f.flows ?? [])],
      pressWithoutFlows(routes),
    ),
  );
  // After the flows (a running flow takes its text first): a possible secret typed for a prompt the
  // user left is deleted, with a way back to that step.
  bot.use(createLapsedPromptGuard());
  bot.use(routes.router);
  bot.use(createLinkFallback());
  bot.use(createFallback());

  bot.catch(logUnhandled(deps));

  const profile = { api: bot.api, i18n, botConfig, deps };
  return {
    bot,
    i18n,
    layout,
    registerCommands: (signal) =>
      registerCommands(profile, layout.commands, ADMIN_COMMANDS, signal),
    registerDescriptions: (signal) => registerDescriptions(profile, signal),
    resumeInterrupted: ({ graceMs = RESUME_GRACE_MS } = {}) =>
      resumeInterrupted(features, { deps, api: bot.api, i18n, botConfig, graceMs }),
  };
}
