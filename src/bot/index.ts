/**
 * createBot: the composition root of the Telegram side. The folder's layout and the import rules
 * every feature follows are in ./README.md (enforced by test/bot/layout-rules.test.ts).
 *
 * The update path, as a list of named steps (each relies on the ones above it; `updatePath` below):
 *  1. accept          — ctx.logger (made when first used) and the update counted for /metrics; a chat's
 *                       backlog beyond MAX_PENDING_PER_CHAT dropped before it holds a runner slot (told
 *                       to slow down, presses answered, a key-shaped message still deleted, repeated
 *                       presses coalesced: chat-backlog.ts); then one update per chat at a time
 *                       (sequentialize, before conversations: docs/design.md, libraries; across webhook
 *                       replicas also a Redis chat lock, so no step below reads a chat's state early).
 *  2. guard secrets   — a message that may hold a key or a password is deleted before any exchanger
 *                       call or failure can leave it (middlewares/secret-guard.ts). Typed text in a
 *                       private chat needs the secret-prompt markers: the guard starts step 4's round
 *                       trip, which brings them along.
 *  3. identify chat   — commands for other bots and group chatter end here, unread.
 *  4. load chat state — ONE store round trip: update seen before? chat budget, settings, sealed key,
 *                       flow state (load-chat.ts, update-gate.ts); then the language and ctx.t.
 *  5. admit           — a repeated update does nothing; a chat over budget is told to wait.
 *  6. catch errors    — every failure below becomes a message in the user's language (counted).
 *  7. private only    — /stats for the admin chats (ADMIN_CHAT_IDS, often groups) first; other group
 *                       updates get "write me in private" (once per window per group).
 *  8. flows           — conversations (encrypted replay-log storage, auto-retry inside flows), then
 *                       /cancel, flow exit (a command or a foreign button leaves the flow first:
 *                       core/flow-exit.ts) and the flows — skipped for a button of features without
 *                       flows while none runs (core/flows.ts flowSteps), the conversations plugin too
 *                       when the chat has no flow state stored; after them a possible secret
 *                       typed for a prompt the user left (core/lapsed-prompt.ts).
 * Then the feature's handler: one routing step (feature.ts featureRoutes: a button reaches only the
 * features declaring its prefix, a command only its feature), the link fallback (free text in a chat
 * without a key is a key attempt) and the fallback (hints, "button expired").
 *
 * The steps are grammY's own composers (a flat runner of our own saved too little to keep: see
 * docs/performance.md).
 *
 * A command that left a form after "Leave the form?" (core/flow-exit.ts, `ctx.replayAfter`) runs
 * through steps 2-8 and the handler once the update that left is over — still in the chat's turn of
 * step 1, with the flow's state saved — as a context of its own (`replayLeftCommand`).
 */
import { autoRetry } from "@grammyjs/auto-retry";
import { sequentialize } from "@grammyjs/runner";
import {
  Bot,
  Composer,
  type Context,
  type Api,
  type ApiClientOptions,
  type BotError,
  type Middleware,
  type MiddlewareFn,
  type Transformer,
} from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { htmlParseMode } from "../telegram/html-parse-mode.js";
import { answerOnce, type AnswerOnce } from "../telegram/answer-once.js";
import type { BotConfig, BotContext, BotDeps, FlowContext } from "./context.js";
import { featureRoutes, layoutOf, type BotLayout, type Feature, type StartEnv } from "./feature.js";
import { registerCommands, registerDescriptions } from "./profile.js";
import { ADMIN_COMMANDS, adminStats } from "./features/admin/index.js";
import { createAccountFeature } from "./features/account/index.js";
import { createActivityFeature } from "./features/activity/index.js";
import { createAlertsFeature } from "./features/alerts/index.js";
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
import { flowSteps } from "./core/flows.js";
import { noFlowStored } from "./core/chat-snapshot.js";
import { createFlowExit } from "./core/flow-exit.js";
import { flowRunning } from "./core/flow-running.js";
import { createI18n, languageFromTelegram, translations } from "./i18n.js";
import { admitUpdate } from "./middlewares/admit-update.js";
import { chatBacklog, MAX_PENDING_PER_CHAT } from "./middlewares/chat-backlog.js";
import { tellSlowDown } from "./core/slow-down.js";
import { errorBoundary } from "./middlewares/error-boundary.js";
import { chatLoader } from "./middlewares/load-chat.js";
import { installConversations } from "./middlewares/conversations.js";
import { chatLock } from "./middlewares/chat-lock.js";
import { privateOnly } from "./middlewares/private-only.js";
import { deleteIfKey, secretGuard } from "./middlewares/secret-guard.js";
import { addressedToThisBot } from "./middlewares/addressed.js";
import { countHandlerErrors, countUpdates } from "./middlewares/metrics.js";
import { loggingContext } from "./middlewares/update-logger.js";
import { createLapsedPromptGuard } from "./core/lapsed-prompt.js";
import type { I18n } from "@grammyjs/i18n";
import { loggedError } from "../log-error.js";

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
  createAlertsFeature,
  createActivityFeature,
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

function newBot(
  options: CreateBotOptions,
  once: AnswerOnce,
  UpdateContext: ContextClass,
): Bot<BotContext> {
  const bot = new Bot<BotContext>(options.token, {
    client: options.client,
    botInfo: options.botInfo,
    ContextConstructor: UpdateContext,
  });
  if (options.belowRetry) bot.api.config.use(options.belowRetry);
  // Telegram's 429 (retry_after) and 5xx are retried for every call made through bot.api / ctx.api.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30 }));
  // Every text is HTML; installed inside conversations too (core/flows.ts).
  bot.api.config.use(htmlParseMode());
  // A press answered twice costs a refused request (telegram/answer-once.ts); shared with the flows.
  bot.api.config.use(once.skipRepeats);
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
 * `flowsStored` says whether a flow may run: asked only for such a button.
 */
function pressWithoutFlows(
  routes: ReturnType<typeof featureRoutes>,
  flowsStored: (ctx: BotContext) => boolean,
) {
  return (ctx: BotContext) => {
    const owners = ctx.callbackQuery === undefined ? undefined : routes.ownersOf(ctx);
    return (
      owners !== undefined &&
      owners.length > 0 &&
      owners.every((f) => (f.flows ?? []).length === 0) &&
      !flowsStored(ctx)
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
        err: loggedError(err.error),
      },
      "unhandled bot error",
    );
}

type Step = Middleware<BotContext>;

/** `step`, unless `skip` says the update has nothing for it (then straight on). */
function skipWhen(skip: (ctx: BotContext) => boolean, step: Composer<BotContext>): Step {
  const run = step.middleware();
  return (ctx, next) => (skip(ctx) ? next() : run(ctx, next));
}
/** The bot's context class: grammY's Context with the update's own logger (update-logger.ts). */
type ContextClass = new (...args: ConstructorParameters<typeof Context>) => BotContext;

/**
 * After the update: the command it left a form for (ctx.replayAfter), run once through `rest` (the
 * update path below step 1) as its own update. Runs inside the chat's turn (no other update of the
 * chat in between) and after the conversations plugin saved the state the update left.
 */
function replayLeftCommand(UpdateContext: ContextClass, run: MiddlewareFn<BotContext>): Step {
  return async (ctx, next) => {
    await next();
    const update = ctx.replayAfter;
    if (update === undefined) return;
    await run(new UpdateContext(update, ctx.api, ctx.me), () => Promise.resolve());
  };
}
interface Built {
  i18n: I18n<FlowContext>;
  layout: BotLayout;
  routes: ReturnType<typeof featureRoutes>;
  features: readonly Feature[];
  /** The one answer-once transformer of this bot (bot.api and the flows share what was answered). */
  once: AnswerOnce;
}

/** The steps of the list above, each one middleware named for what it decides. */
function updatePath(deps: BotDeps, botConfig: BotConfig, built: Built) {
  const { i18n, layout, routes, features, once } = built;
  const loader = chatLoader(deps, botConfig, layout);
  const oneAtATime: Step[] = [sequentialize((ctx: BotContext) => ctx.chatId?.toString())];
  if (botConfig.crossInstanceChatLock) oneAtATime.push(chatLock(deps.kv));
  return {
    accept: new Composer<BotContext>(
      countUpdates(deps.metrics),
      backlog(deps, botConfig, i18n),
      ...oneAtATime,
    ),
    // A replayed command (replayLeftCommand) starts here, with its own store round trip.
    bind: loader.bind,
    guardSecrets: secretGuard(loader.secretPrompts),
    identifyChat: addressedToThisBot,
    loadChatState: new Composer<BotContext>(
      loader.load,
      translations(i18n, botConfig.defaultLanguage),
    ),
    admit: admitUpdate,
    catchErrors: new Composer<BotContext>(errorBoundary, countHandlerErrors(deps.metrics)),
    privateOnly: new Composer<BotContext>(adminStats(botConfig.adminChatIds), privateOnly),
    // Such a button while the chat has no flow state stored at all (the update's read said so) skips
    // the conversations plugin too: no flow can run, and features without flows never use
    // ctx.conversation (feature.ts). With a state stored the plugin loads it and decides.
    flows: skipWhen(
      pressWithoutFlows(routes, (ctx) => !noFlowStored(ctx.snapshot)),
      new Composer<BotContext>(
        installConversations(deps, loader, translations(i18n, botConfig.defaultLanguage), once),
        flowSteps(
          [createCancelComposer(), createFlowExit(), ...features.flatMap((f) => f.flows ?? [])],
          pressWithoutFlows(routes, flowRunning),
        ),
        // After the flows (a running flow takes its text first): a possible secret typed for a prompt
        // the user left is deleted, with a way back to that step.
        createLapsedPromptGuard(),
      ),
    ),
    route: new Composer<BotContext>(routes.router, createLinkFallback(), createFallback()),
  };
}

/** Each feature's start-up work, one after the other; a failure is logged, never thrown. */
async function resumeInterrupted(features: readonly Feature[], env: StartEnv): Promise<void> {
  for (const feature of features)
    await feature
      .atStart?.(env)
      .catch((error: unknown) =>
        env.deps.logger.error(
          { feature: feature.name, err: loggedError(error) },
          "could not finish work left by a previous process",
        ),
      );
}

export function createBot(
  deps: BotDeps,
  botConfig: BotConfig,
  options: CreateBotOptions,
): CreatedBot {
  const once = answerOnce();
  const UpdateContext = loggingContext(deps.logger) as unknown as ContextClass;
  const bot = newBot(options, once, UpdateContext);

  const i18n = createI18n(botConfig.defaultLanguage, botConfig.textOverrides);
  const features = FEATURE_FACTORIES.map((create) => create());
  const layout = layoutOf(features);
  const routes = featureRoutes(features);

  const path = updatePath(deps, botConfig, { i18n, layout, routes, features, once });
  const rest = new Composer<BotContext>(
    path.bind,
    path.guardSecrets,
    path.identifyChat,
    path.loadChatState,
    path.admit,
    path.catchErrors,
    path.privateOnly,
    path.flows,
    path.route,
  );
  bot.use(path.accept, replayLeftCommand(UpdateContext, rest.middleware()), rest);

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
