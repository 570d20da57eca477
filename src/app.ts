/**
 * Wires the parts into a running bot: storage → exchanger client → bot. Shared by main.ts and the
 * test harness, so tests exercise exactly the wiring production uses.
 */
import type { Api, ApiClientOptions } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Config } from "./config.js";
import { createBot, type CreatedBot } from "./bot/index.js";
import { SettingsStore } from "./storage/settings.js";
import { AccountChats } from "./storage/account-chats.js";
import {
  CurrencyCache,
  Branding,
  DirectionCatalog,
  createExchangerClient,
  type CallOutcome,
  type ExchangerClientWithStats,
  OrderPages,
  ServerProfile,
  withKeyCheck,
  readLayoutFile,
  createPrivateClient,
} from "./exchanger/index.js";
import { createFileDownloader } from "./telegram/file-download.js";
import { FLOW_TIMEOUT_MS } from "./bot/core/flow-timeout.js";
import { createTelegramFetch } from "./telegram/fetch.js";
import type { AccountNotice, BotConfig, BotDeps, NoticeOutcome } from "./bot/context.js";
import type { Logger } from "./logger.js";
import { disableNotifications, enableNotifications, SCHEDULE_KEY } from "./notify/schedule.js";
import { recordShownOrders, recordOwnAction } from "./notify/shown.js";
import { createAccountEvents } from "./notify/account-events/index.js";
import { sendAccountNotice } from "./notify/account-events/telegram.js";
import { RateAlertStore } from "./storage/rate-alerts.js";
import { openStorage } from "./storage/index.js";
import { RedisKV } from "./storage/kv-redis.js";
import { createUpdateGate } from "./bot/core/update-gate.js";
import { CodeAttempts } from "./bot/core/code-attempts.js";
import type { LimiterStore } from "./bot/core/limiter.js";
import { Registry } from "prom-client";
import { loadTextOverrides, readLocaleSources } from "./bot/text-overrides.js";
import { LOCALES_DIR } from "./bot/i18n.js";
import { createOperator, type Operator } from "./operator/index.js";
import { alertOnce } from "./operator/alerts.js";
import { CreationBudget } from "./bot/core/creation-budget.js";
import { SeenTokens } from "./notify/seen-tokens.js";
import { createEventMetrics, WebhookPace, type EventParts } from "./events/index.js";

export type Storage = Awaited<ReturnType<typeof openStorage>>;

export interface App extends CreatedBot {
  deps: BotDeps;
  storage: Storage;
  exchanger: ExchangerClientWithStats;
  /** Metrics, exchanger health, Telegram traffic and store counts of this app (src/operator/). */
  operator: Operator;
  /**
   * With EXCHANGER_WEBHOOK_SECRET: what the exchanger's webhooks share with the watcher and the
   * screens (the order tokens chats saw, the pace). main.ts starts the ingest with them (src/events/).
   */
  events: EventParts | undefined;
  close(): Promise<void>;
}

export interface AppOptions {
  /** Reuse an already open storage (tests restart the bot on the same storage). */
  storage?: Storage;
  storagePrefix?: string;
  client?: ApiClientOptions;
  botInfo?: UserFromGetMe;
  /** The Prometheus registry of this app; default a fresh one (never prom-client's global registry). */
  registry?: Registry;
}

export async function createApp(
  config: Config,
  logger: Logger,
  options: AppOptions = {},
): Promise<App> {
  // First: a broken override file stops the start before anything is opened (TextOverrideError).
  const textOverrides =
    config.localesDir === undefined
      ? {}
      : loadTextOverrides(config.localesDir, readLocaleSources(LOCALES_DIR));
  const pinned = pinnedLayouts(config);
  const storage =
    options.storage ?? (await openStorage(config, logger, { prefix: options.storagePrefix }));
  const operator = createOperator(storage.kv, options.registry ?? new Registry(), SCHEDULE_KEY);
  const admins: { api?: Api } = {}; // the bot's, once it exists (serverProfile)
  const profile = serverProfile(config, storage, logger, pinned, admins);
  const exchanger = exchangerClient(config, logger, operator, profile);
  // The security feed's notices go out through the bot's Api, which exists only once the bot does.
  const outbox: Outbox = {};
  const events = eventParts(config, storage, operator, exchanger);
  const deps = botDeps(config, logger, storage, exchanger, operator, { outbox, events });
  // Tests plug their Telegram fake into client.fetch; otherwise the Bot API is reached through undici.
  // Either way every request is counted (operator/telegram-metrics.ts).
  const telegram = options.client?.fetch ? undefined : createTelegramFetch();
  const fetch = operator.telegram.wrapFetch(
    (options.client?.fetch ?? telegram!.fetch) as NonNullable<ApiClientOptions["fetch"]>,
  );
  const created = createBot(deps, botConfig(config, storage, textOverrides), {
    token: config.botToken,
    client: { apiRoot: config.telegramApiRoot, ...options.client, fetch },
    botInfo: options.botInfo,
    belowRetry: operator.telegram.retryCounter,
  });
  admins.api = created.bot.api;
  outbox.deliver = accountNotices(created, deps);
  return {
    ...created,
    deps,
    storage,
    exchanger,
    operator,
    events,
    async close() {
      await exchanger.close();
      await telegram?.close();
      await deps.updateGate.close();
      if (!options.storage) await storage.close();
    },
  };
}

/**
 * The exchanger client, key-checked: a revoked key is Unauthorized for screens, flows and the watcher
 * alike, even when the server refuses it with HTTP 200 (exchanger/key-check.ts).
 */
function exchangerClient(
  config: Config,
  logger: Logger,
  operator: Operator,
  profile: ServerProfile,
): App["exchanger"] {
  const client = createExchangerClient({
    ...config.exchanger,
    profile,
    logger,
    onCall: callRecorder(operator),
  });
  return withKeyCheck(client);
}

/**
 * What the bot knows of the exchanger (exchanger/server/profile.ts), kept in the store for every
 * instance; a pinned layout that stops fitting is told to the admin chats once (`admins.api`: the
 * bot's, once it exists).
 */
function serverProfile(
  config: Config,
  storage: Storage,
  logger: Logger,
  pinned: ReturnType<typeof pinnedLayouts>,
  admins: { api?: Api },
): ServerProfile {
  const alert = (object: string, size: number) => {
    if (admins.api === undefined) return;
    const text = pinnedMisfitText(config, object, size);
    const deps = { api: admins.api, kv: storage.kv, logger };
    void alertOnce(deps, config.adminChatIds, `layout:${object}#${size}`, text);
  };
  return new ServerProfile({
    store: storage.kv,
    pinned,
    logger,
    onLearned: learned(logger),
    onPinnedMisfit: alert,
  });
}

/** EXCHANGER_LAYOUT's layouts: a file that cannot be read stops the start (layouts/file.ts says why). */
const pinnedLayouts = (config: Config) =>
  config.exchanger.layoutFile === undefined ? [] : readLayoutFile(config.exchanger.layoutFile);

/** Every exchanger call into the metrics and the exchanger health the operator alerts derive from. */
const callRecorder =
  (operator: Operator) => (method: string, outcome: CallOutcome, durationMs: number) => {
    operator.metrics.exchangerCall(method, outcome, durationMs);
    operator.exchangerHealth.record(outcome);
  };

/** What the admin chats are told when a pinned layout stops fitting (operator English, like the logs). */
const pinnedMisfitText = (config: Config, object: string, size: number) =>
  `⚠️ The layout pinned in EXCHANGER_LAYOUT (${config.exchanger.layoutFile ?? "?"}) no longer fits the exchanger's ${object} records (${size} values). Nothing money depends on is read by it; the bot learns the new shape meanwhile. Run \`npm run doctor -- --write-layout FILE\` and pin the new file.`;

/** Every learning in the log: which object and how many extra read calls it cost. */
const learned = (logger: Logger) => (object: string, calls: number) =>
  logger.info({ object, calls }, "exchanger layout learned");

function botConfig(
  config: Config,
  storage: Storage,
  textOverrides: BotConfig["textOverrides"],
): BotConfig {
  return {
    defaultLanguage: config.defaultLanguage,
    ordersPageSize: config.ordersPageSize,
    exchangerHost: new URL(config.exchanger.baseUrl).host,
    adminChatIds: config.adminChatIds,
    textOverrides,
    // Polling runs one instance (Telegram allows one getUpdates consumer); webhooks may run several.
    crossInstanceChatLock: config.mode.kind === "webhook" && storage.kind === "redis",
    accountNotices: config.exchangerWebhook !== undefined,
  };
}

/** The security feed's notices, through the bot's Api in each chat's language. */
const accountNotices = (created: CreatedBot, deps: BotDeps) =>
  sendAccountNotice({ api: created.bot.api, i18n: created.i18n, branding: deps.branding });

/** The security feed (src/notify/account-events/): its notices leave through the outbox. */
function securityFeed(
  config: Config,
  parts: Omit<Parameters<typeof createAccountEvents>[0], "defaultLanguage" | "deliver">,
  outbox: Outbox,
) {
  return createAccountEvents({
    ...parts,
    defaultLanguage: config.defaultLanguage,
    deliver: (notice) => outbox.deliver?.(notice) ?? Promise.resolve("failed"),
  });
}

/** Where the security feed's notices go: set once the bot (and so its Api) exists. */
interface Outbox {
  deliver?: (notice: AccountNotice) => Promise<NoticeOutcome>;
}

/** Everything a handler may use (ctx.deps), built once per app. */
/** The webhooks' shared parts, when they are configured. */
function eventParts(
  config: Config,
  storage: Storage,
  operator: Operator,
  exchanger: App["exchanger"],
): EventParts | undefined {
  const webhook = config.exchangerWebhook;
  if (webhook === undefined) return undefined;
  return {
    config: webhook,
    tokens: new SeenTokens(storage.kv),
    pace: new WebhookPace(storage.kv, webhook),
    metrics: createEventMetrics(operator.metrics.registry),
    // Where the order layout places the owner's user id with certainty (the server profile proves it
    // from two accounts' own orders: exchanger/server/owner-column.ts); undefined until then.
    ownerOf: (row) => exchanger.profile.ownerOf(row),
  };
}

function botDeps(
  config: Config,
  logger: Logger,
  storage: Storage,
  exchanger: App["exchanger"],
  operator: Operator,
  { outbox, events }: { outbox: Outbox; events: EventParts | undefined },
): BotDeps {
  const limiterStore = limiterStoreFor(storage);
  const settings = new SettingsStore(storage.kv);
  const accountChats = new AccountChats(storage.kv);
  return {
    exchanger,
    kv: storage.kv,
    vault: storage.vault,
    accountChats,
    accountEvents: securityFeed(config, { kv: storage.kv, accountChats, settings, logger }, outbox),
    rateAlerts: new RateAlertStore(storage.kv, config.rateAlerts.intervalMs),
    settings,
    conversationAdapter: storage.conversationAdapter<unknown>(FLOW_TIMEOUT_MS),
    logger,
    currencies: new CurrencyCache(exchanger),
    directions: new DirectionCatalog(exchanger),
    branding: new Branding(exchanger, {
      ...config.branding,
      host: new URL(config.exchanger.baseUrl).host,
    }),
    orders: new OrderPages(exchanger, exchanger.profile),
    updateGate: createUpdateGate(limiterStore, storage.kv, config.chatUpdatesPerMinute),
    codeAttempts: new CodeAttempts(limiterStore),
    metrics: operator.metrics,
    // The /notify screen switches the watcher's schedule through this; src/bot never imports src/notify.
    notifications: notificationSwitch(config, storage, settings, events?.tokens),
    operatorStats: () => operator.stats(),
    exchange: {
      // The operator key stays in the client's closure: never in deps' logged shape, never in a store.
      privateApi:
        config.exchange.privateApiKey === undefined
          ? undefined
          : createPrivateClient(exchanger, config.exchange.privateApiKey),
      urlTemplate: config.exchange.urlTemplate,
      budget: new CreationBudget(limiterStore),
    },
    downloadFile: createFileDownloader({
      apiRoot: config.telegramApiRoot,
      token: config.botToken,
      timeoutMs: config.exchanger.timeoutMs,
    }),
  };
}

/** Limits and the update gate live where the data lives: Redis (shared by instances) or this process. */
function limiterStoreFor(storage: Storage): LimiterStore {
  return storage.kv instanceof RedisKV
    ? { kind: "redis", redis: storage.kv.redis, prefix: storage.kv.prefix }
    : { kind: "memory" };
}

/** The watcher's schedule as the /notify screen sees it: src/bot reaches it only through these. */
function notificationSwitch(
  config: Config,
  storage: Storage,
  settings: SettingsStore,
  tokens: SeenTokens | undefined,
): BotDeps["notifications"] {
  const shownDeps = { kv: storage.kv, settings, notify: config.notify, tokens };
  return {
    enable: (chatId, language) => enableNotifications(storage.kv, settings, chatId, language),
    disable: (chatId) => disableNotifications(storage.kv, settings, chatId),
    shown: (chatId, orders, shown) => recordShownOrders(shownDeps, chatId, orders, shown),
    ownAction: (chatId, act, seenOf, onRecordError) =>
      recordOwnAction(shownDeps, chatId, act, seenOf, onRecordError),
  };
}
