/**
 * The bot's Context type and its dependencies.
 *
 * `deps` travels on every context (outside and inside conversations) so features never import
 * singletons: tests build a bot over a sandbox exchanger and a real Redis, production over the real ones.
 *
 * The shapes the context carries are declared here, and the modules that work with them import them
 * from here (never the other way round): no import circle runs through this file
 * (test/bot/layout-rules.test.ts).
 */
import type { ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Update } from "grammy/types";
import type { Language } from "../languages.js";
import type {
  OrderPages,
  ExchangerClient,
  Order,
  CurrencyCache,
  Branding,
  DirectionCatalog,
  PrivateClient,
} from "../exchanger/index.js";
import type { Logger } from "../logger.js";
import type { KV } from "../storage/kv.js";
import type { AccountChats } from "../storage/account-chats.js";
import type { Vault } from "../storage/vault.js";
import type { EncryptedConversationAdapter } from "../storage/conversation-store.js";
import type { ChatSnapshot } from "./core/chat-snapshot.js";
import type { AccountEventKind, ChatSettings, SettingsStore } from "../storage/settings.js";
import type { RateAlertStore } from "../storage/rate-alerts.js";
import type { UpdateGate } from "./core/update-gate.js";
import type { CodeAttempts } from "./core/code-attempts.js";
import type { AppMetrics } from "../operator/metrics.js";
import type { OperatorStats } from "../operator/stats.js";
import type { CreationBudget } from "./core/creation-budget.js";
import type { DownloadOptions } from "../telegram/file-download.js";

export interface BotDeps {
  exchanger: ExchangerClient;
  kv: KV;
  vault: Vault;
  /** Which chats are linked to which exchanger account (by the account's own id). */
  accountChats: AccountChats;
  /** The security feed: every chat of an account told of what happens to it (src/notify/account-events/). */
  accountEvents: AccountEvents;
  /** Every chat's rate alerts and the directions' shared rate reads (storage/rate-alerts.ts). */
  rateAlerts: RateAlertStore;
  settings: SettingsStore;
  /** Encrypted, TTL'd store for conversation replay logs (docs/design.md, "Facts about the libraries"). */
  conversationAdapter: EncryptedConversationAdapter<unknown>;
  logger: Logger;
  /**
   * Orders as screens need them (exchanger/orders/pages.ts): pages newest first with the status
   * filters the server understands, one lookup, the server's proof before money. What the server is
   * like stays on the exchanger side; screens never carry it.
   */
  orders: OrderPages;
  /** Public currency list, cached (names for ids on every screen). */
  currencies: CurrencyCache;
  /** Public directions map and direction field names, cached. */
  directions: DirectionCatalog;
  /**
   * Downloads a Telegram file by its `file_path` (honours TELEGRAM_API_ROOT); with `firstBytes`, only
   * that many bytes from its start (a header to look at), the rest never fetched.
   */
  downloadFile(filePath: string, options?: DownloadOptions): Promise<Uint8Array>;
  /** Each update's one round trip: seen-before check, the chat's budget, the chat's values. */
  updateGate: UpdateGate;
  /** Wrong 2FA codes per exchanger account (shared by instances). */
  codeAttempts: CodeAttempts;
  /** Prometheus counters of this app (src/operator/metrics.ts). */
  metrics: AppMetrics;
  /** Order status notifications on or off (the schedule lives in src/notify; the bot never imports it). */
  notifications: NotificationSwitch;
  /** The exchanger's name and support link (EXCHANGER_NAME, SUPPORT_URL, else get-social). */
  branding: Branding;
  /** What /stats shows in the admin chats (app.operator.stats()). */
  operatorStats(): Promise<OperatorStats>;
  /** Exchange from the chat. */
  exchange: ExchangeDeps;
}

export interface ExchangeDeps {
  /** The operator's Private API (exchanger/private-client.ts); undefined without PRIVATE_API_KEY. */
  privateApi: PrivateClient | undefined;
  /** EXCHANGE_URL: "Continue on the site" (exchanger/exchange-link.ts fills it); undefined = a sentence instead. */
  urlTemplate: string | undefined;
  /** Order creations per chat and hour, shared by instances. */
  budget: CreationBudget;
}

export interface NotificationSwitch {
  /** On, with a fresh baseline (nothing old is announced), due at once. */
  enable(chatId: number, language: Language): Promise<void>;
  /** Off, forgetting what was seen. */
  disable(chatId: number): Promise<void>;
  /**
   * An orders screen's own answer (or an order this chat just created or paid: core/own-action.ts),
   * for the watcher: what the user saw is not announced to them later, and a `newest` (first,
   * unfiltered) page counts as the chat's poll.
   */
  shown(
    chatId: number,
    orders: readonly Pick<Order, "id" | "status" | "token">[],
    options: { newest: boolean },
  ): Promise<unknown>;
  /**
   * Runs an action of this chat that changes its orders (pay, create) so that no poll reports it
   * back: under the chat's poll lease, the orders as `seenOf` says the action left them recorded as
   * seen before the lease is let go (src/notify/shown.ts). A failure to record goes to `onRecordError`.
   */
  ownAction<T>(
    chatId: number,
    act: () => Promise<T>,
    seenOf: (result: T) => readonly Pick<Order, "id" | "status">[],
    onRecordError: (error: unknown) => void,
  ): Promise<T>;
}

/** Something that happened to an exchanger account (the security feed). */
export interface AccountEvent {
  kind: AccountEventKind;
  /** When, in ms since the epoch; with the kind and chat it identifies the event (published twice, told once). */
  at: number;
  /** The Telegram chat it came from; absent when the exchanger told (its webhook). */
  fromChatId?: string;
}

/** The security feed as handlers, the watcher and the exchanger's webhook use it (wired in app.ts). */
export interface AccountEvents {
  /** Records the event and tells every chat of the account once; a chat's mutes are honoured. */
  publish(accountId: string, event: AccountEvent): Promise<void>;
  /** The account's last events (at most 20, none older than 90 days), newest first, as `chatId` reads them. */
  recent(accountId: string, chatId: string): Promise<SeenEvent[]>;
}

/** Where an event came from, as one chat reads it. */
export type EventOrigin = "this-chat" | "another-chat" | "exchanger";

/** An account event with its origin as one chat reads it. */
export interface SeenEvent extends AccountEvent {
  from: EventOrigin;
}

/** One chat's notice of an account event, as the security feed hands it to Telegram. */
export interface AccountNotice {
  chatId: string;
  language: Language;
  event: AccountEvent;
  /** Where it came from, as this chat reads it. */
  from: EventOrigin;
}

/** What became of a notice: Telegram took it, the user blocked the bot, or it failed for now. */
export type NoticeOutcome = "sent" | "blocked" | "failed";

export interface BotConfig {
  defaultLanguage: Language;
  ordersPageSize: number;
  /** Shown as the issuer in 2FA authenticator apps: the exchanger's host. */
  exchangerHost: string;
  /** LOCALES_DIR's checked overrides per language (text-overrides.ts). */
  textOverrides?: TextOverrides;
  /** ADMIN_CHAT_IDS: the only chats where /stats exists. */
  adminChatIds: readonly number[];
  /** Serialize each chat's updates across instances (webhook replicas on one Redis). */
  crossInstanceChatLock?: boolean;
  /**
   * The exchanger's webhooks are configured (EXCHANGER_WEBHOOK_SECRET): /notify offers the account
   * notices (verification decisions, account blocked or unblocked), which only they can bring.
   */
  accountNotices?: boolean;
}

/** What every handler can rely on, inside or outside conversations. */
export interface BaseFlavor {
  deps: BotDeps;
  botConfig: BotConfig;
  /** This update's logger: deps.logger with the update id bound (middlewares/update-logger.ts). */
  logger: Logger;
  /** The menu and commands of the features this bot was built with (feature.ts). */
  layout: BotLayout;
  /** Per-chat settings as loaded for this update (language, 2FA known, notifications). */
  chatSettings: ChatSettings;
  /** The language of this update: the chat's choice, else Telegram's, else the default. */
  language: Language;
  /** The chat's stored values read ahead for this update (outside conversations only; chat-snapshot.ts). */
  snapshot?: ChatSnapshot;
  /** A message of this update that may hold a secret and was deleted on arrival (middlewares/secret-guard.ts). */
  secretRemoved?: RemovedSecret;
  /** Text that answered an open secret prompt: deleted once, by whoever takes it first (secret-prompt.ts). */
  secretAnswer?: SecretAnswer;
  /** A money-moving request of this update (a spend, a create-order) has left: failures after it are not "try again" (core/after-spend.ts). */
  spendInFlight?: SpendInFlight;
  /** This text could answer a secret prompt the chat left a moment ago (core/lapsed-prompt.ts; set by the secret guard). */
  lapsedPrompt?: SecretStep;
  /** A command kept while "Leave the form?" was asked, to run once this update is over (core/flow-exit.ts). */
  replayAfter?: Update;
  /** The running flow's live-prompt record, loaded and saved with its state (outside conversations only; core/flow-messages.ts). */
  flowPrompts?: FlowPrompts;
}

/**
 * The running flow's prompts, live ones as their id, retired ones as minus their id, newest last; and
 * whether leaving would lose typed input. JSON-safe: it is stored with the flow's state.
 */
export interface FlowPrompts {
  entries: number[];
  typedInput?: true;
}

export interface RemovedSecret {
  /** key: a key-shaped word; prompt: text while a password/2FA prompt was open or lapsed; storage: the store could not say. */
  reason: "key" | "prompt" | "storage";
  /** false when Telegram refused (a group where the bot may not delete messages). */
  deleted: boolean;
}

/** What `t()` needs, for everything that only words a text: one translator type for every renderer. */
export type { Translator } from "../exchanger/index.js";

/** The operator's checked Fluent source per language (text-overrides.ts), empty by default. */
export type TextOverrides = Partial<Record<Language, string>>;

export type MoneyAction = "payment" | "creation";

/** What this update knows about a money-moving request it sent (core/after-spend.ts). */
export interface SpendInFlight {
  action: MoneyAction;
  /** The order paid; for a creation, the order the exchanger created once it said so. */
  orderId?: string;
  /** The exchanger's answer is known (for a payment: and is being shown). */
  decided: boolean;
  /** A creation's outcome in a few plain lines, for when its full screen could not be shown. */
  fallback?: string;
  /** The user has read the outcome (the screen went out). */
  shown: boolean;
  /** The admin chats were told once already in this update. */
  alerted: boolean;
  /** A store step failed: the later ones are skipped (each would wait for the store again; records expire by themselves). */
  storeFailed?: boolean;
}

/**
 * The step that asks: a password or a code, and the flow (with its arguments) that asked, so that a
 * prompt the user leaves can be offered again (core/lapsed-prompt.ts). The marker holds it as JSON.
 */
export interface SecretStep {
  kind: "password" | "code";
  flow?: string;
  args?: unknown[];
  /** The translation key of the button that goes back to it ("↩️ Change password"). */
  reopens?: string;
}

/** The one delete of a message that answered a secret prompt (core/secret-prompt.ts SecretAnswer). */
export interface SecretAnswer {
  /** Deletes the message (once); true when it is gone. */
  take(): Promise<boolean>;
}

export interface MenuItem {
  /** Translation key of the button label. */
  labelKey: string;
  /** Callback data the feature itself answers. */
  data: string;
  /** Lower comes first. */
  order: number;
  /** Shown only when the chat has a linked key (default true). */
  needsKey?: boolean;
  /**
   * On the main menu itself (about six everyday actions); every other item sits under "More", so the
   * menu stays one glance on a phone. Default false.
   */
  primary?: boolean;
}

export interface CommandSpec {
  command: string;
  /** Translation key of the one-line description (setMyCommands, /help). */
  descriptionKey: string;
  /**
   * In Telegram's command menu (setMyCommands): only the handful a customer uses every day, so the
   * menu stays short (profile.ts says which and why). /help lists every command either way. Default false.
   */
  inMenu?: boolean;
}

/**
 * What createBot collected from the installed features: the main menu's buttons (sorted) and the
 * commands. Built once per bot and carried on the context (ctx.layout), never held in a module.
 */
export interface BotLayout {
  menu: readonly MenuItem[];
  commands: readonly CommandSpec[];
}

export type FlowContext = Context & I18nFlavor & BaseFlavor;
export type BotContext = ConversationFlavor<FlowContext>;
