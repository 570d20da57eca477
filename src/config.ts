/**
 * Environment → typed, validated configuration.
 *
 * Names are a contract with operators (README, "Configuration"). Every problem is collected and reported in
 * one message, so a bad deployment is fixed in one round trip instead of one variable at a time.
 */
import { existsSync } from "node:fs";
import { BlockList, isIP } from "node:net";
import * as v from "valibot";
import { LANGUAGES, type Language } from "./languages.js";
import { isSupportUrl } from "./support-url.js";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const LOG_FORMATS = ["json", "pretty"] as const;

/** Where the exchanger's webhook requests are taken when EXCHANGER_WEBHOOK_PATH is not set. */
export const DEFAULT_EXCHANGER_WEBHOOK_PATH = "/exchanger/webhook";

/** Decodes to exactly 32 bytes of base64, the size AES-256 needs. */
const base64Key = v.pipe(
  v.string(),
  v.check(
    (s) => isBase64Key(s),
    "must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)",
  ),
);

function isBase64Key(s: string): boolean {
  const trimmed = s.trim();
  return /^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) && Buffer.from(trimmed, "base64").length === 32;
}

export const optionalText = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((s) => (s === "" ? undefined : s)),
  ),
);

export const integerFrom = (fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.trim(),
    v.transform((s) => (s === "" ? fallback : Number(s))),
    v.number("must be a whole number"),
    v.integer("must be a whole number"),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

export const httpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url("must be a URL such as https://example.com"),
  v.check((s) => /^https?:\/\//i.test(s), "must start with http:// or https://"),
);

/** A Telegram chat id: a user (positive) or a group/channel (negative), within JavaScript's safe integers. */
function isChatId(text: string): boolean {
  return /^-?[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text));
}

/** Addresses that never leave the machine: plain http:// to them exposes nothing on the network. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const family = isIP(host);
  return family !== 0 && LOOPBACK.check(host, family === 4 ? "ipv4" : "ipv6");
}

/** One `host:port` of REDIS_SENTINELS: a host name, IPv4 or [IPv6] address, and a port 1–65535. */
export interface HostPort {
  host: string;
  port: number;
}

function parseHostPort(entry: string): HostPort | undefined {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})$/.exec(entry);
  if (!match) return undefined;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return undefined;
  return { host: match[1]!.replace(/^\[|\]$/g, ""), port };
}

/** Comma-separated host:port list; every bad entry is named in the message. */
const hostPortList = v.pipe(
  v.string(),
  v.transform((s) =>
    s
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ""),
  ),
  v.check(
    (entries) => entries.length > 0,
    "must list at least one Sentinel as host:port (e.g. sentinel-1:26379)",
  ),
  v.check(
    (entries) => entries.every((entry) => parseHostPort(entry) !== undefined),
    (issue) => {
      const bad = (issue.input as string[]).filter((entry) => parseHostPort(entry) === undefined);
      return `must be a comma-separated list of host:port (e.g. sentinel-1:26379,sentinel-2:26379); not host:port: ${bad.map((b) => `"${b}"`).join(", ")}`;
    },
  ),
  v.transform((entries) => entries.map((entry) => parseHostPort(entry)!)),
);

/** true when the URL would carry secrets unencrypted over a network. */
const isInsecureRemote = (url: string): boolean => /^http:\/\//i.test(url) && !isLoopbackUrl(url);

/**
 * PRIVATE_API_KEY: the operator's Private API key, sent as a header like the users' keys. Only its
 * shape is checked, and the message never quotes it: problems go to logs.
 */
const operatorKey = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (s) => /^[\x21-\x7e]+$/.test(s),
    "must be the Private API key as issued (visible ASCII characters, no spaces)",
  ),
);

/** The placeholders EXCHANGE_URL may carry; {slug} is required, the site needs the direction. */
export const EXCHANGE_URL_PLACEHOLDERS = ["slug", "amount"] as const;

function unknownPlaceholders(template: string): string[] {
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  return names.filter((name) => !(EXCHANGE_URL_PLACEHOLDERS as readonly string[]).includes(name));
}

/** EXCHANGE_URL: where "Continue on the site" leads, an https:// template (exchange-link.ts fills it). */
const exchangeUrlTemplate = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (s) => /^https:\/\//i.test(s),
    "must start with https:// (the customer's browser opens it)",
  ),
  v.check(
    (s) => s.includes("{slug}"),
    "must contain {slug} (the direction), e.g. https://exchanger.example/exchange/{slug}?amount={amount}",
  ),
  v.check(
    (s) => unknownPlaceholders(s).length === 0,
    (issue) =>
      `may contain only the placeholders {slug} and {amount}; unknown: ${unknownPlaceholders(
        issue.input as string,
      )
        .map((n) => `{${n}}`)
        .join(", ")}`,
  ),
  v.check(
    (s) => URL.canParse(s.replaceAll("{slug}", "btc-usdt").replaceAll("{amount}", "1")),
    "must be a URL once {slug} and {amount} are filled in",
  ),
);

/** Variables that carry secrets (the API key, the bot token) to the address they name. */
const SECRET_CARRYING_URLS = {
  EXCHANGER_BASE_URL: "the exchanger API key",
  TELEGRAM_API_ROOT: "the bot token and every message",
} as const;

const insecureHttpMessage = (name: keyof typeof SECRET_CARRYING_URLS): string =>
  `uses http:// to a host that is not this machine: ${SECRET_CARRYING_URLS[name]} would cross the network unencrypted. ` +
  "Use https://, or set ALLOW_INSECURE_HTTP=1 if that network is private and trusted";

// Cross-field rules use partialCheck so they still report when unrelated variables are invalid.
const EnvSchema = v.pipe(
  v.object({
    BOT_TOKEN: v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^\d+:[A-Za-z0-9_-]{20,}$/,
        "does not look like a bot token from @BotFather (123456:ABC...)",
      ),
    ),
    EXCHANGER_BASE_URL: httpUrl,
    EXCHANGER_TIMEOUT_MS: integerFrom(15_000, 100, 600_000),
    // Upper bound of keep-alive connections to the exchanger, opened only when that many calls run at
    // once. Each chat makes one call at a time, so this caps how many chats are served concurrently
    // while the exchanger is slow: 16 held a 200-chat burst at 100 ms per call to 160 updates/s.
    EXCHANGER_CONNECTIONS: integerFrom(256, 1, 4096),
    // A layout file written by `npm run doctor -- --write-layout FILE`: positional records are read by
    // it instead of a layout learned from the server (exchanger/layouts/). Read and checked at start.
    EXCHANGER_LAYOUT: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1, "must be a file path when set")),
    ),
    ENCRYPTION_KEY: v.optional(base64Key),
    ENCRYPTION_KEYS_OLD: v.pipe(
      v.optional(v.string(), ""),
      v.transform((s) =>
        s
          .split(",")
          .map((k) => k.trim())
          .filter((k) => k !== ""),
      ),
      v.array(base64Key),
    ),
    REDIS_URL: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^rediss?:\/\//, "must start with redis:// or rediss://"),
      ),
    ),
    // Redis through Sentinel (high availability), the alternative to REDIS_URL. Passwords are not
    // trimmed: they are used exactly as written.
    REDIS_SENTINELS: v.optional(hostPortList),
    REDIS_SENTINEL_MASTER: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\S+$/, "must be the master's name from sentinel.conf (no spaces), e.g. mymaster"),
      ),
    ),
    REDIS_PASSWORD: v.optional(v.string()),
    REDIS_SENTINEL_PASSWORD: v.optional(v.string()),
    DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), "./data"),
    TELEGRAM_API_ROOT: v.pipe(v.optional(v.string(), "https://api.telegram.org"), httpUrl),
    BOT_MODE: v.optional(
      v.picklist(["polling", "webhook"], "must be polling or webhook"),
      "polling",
    ),
    WEBHOOK_URL: v.optional(httpUrl),
    WEBHOOK_SECRET: v.optional(
      v.pipe(
        v.string(),
        v.minLength(16, "must be at least 16 characters"),
        v.maxLength(256, "must be at most 256 characters"),
        v.regex(/^[A-Za-z0-9_-]+$/, "may contain only A-Z, a-z, 0-9, _ and - (Telegram's rule)"),
      ),
    ),
    PORT: integerFrom(8080, 1, 65535),
    DEFAULT_LANGUAGE: v.optional(v.picklist(LANGUAGES, "must be en, ru or uk"), "en"),
    LOG_LEVEL: v.optional(
      v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(", ")}`),
      "info",
    ),
    LOG_FORMAT: v.optional(v.picklist(LOG_FORMATS, "must be json or pretty"), "json"),
    ORDERS_PAGE_SIZE: integerFrom(5, 1, 20),
    NOTIFY_INTERVAL_MS: integerFrom(60_000, 1_000, 86_400_000),
    NOTIFY_IDLE_INTERVAL_MS: integerFrom(900_000, 1_000, 86_400_000),
    NOTIFY_MAX_RPS: integerFrom(5, 1, 1_000),
    RATE_ALERT_INTERVAL_MS: integerFrom(60_000, 5_000, 86_400_000),
    CHAT_UPDATES_PER_MINUTE: integerFrom(60, 1, 1_000_000),
    ALLOW_INSECURE_HTTP: v.optional(v.picklist(["0", "1"], "must be 0 or 1")),
    // 0 turns the monitoring port off.
    METRICS_PORT: integerFrom(9464, 0, 65535),
    // Loopback unless the operator opens it: the monitoring port is for their network, not the internet.
    METRICS_HOST: v.pipe(
      v.optional(v.string(), "127.0.0.1"),
      v.trim(),
      v.transform((s) => (s === "" ? "127.0.0.1" : s)),
      v.check(
        (s) => isIP(s) !== 0,
        "must be an IP address to listen on: 127.0.0.1 (this machine only, the default), 0.0.0.0 (every interface, e.g. in a container a scraper reaches) or one interface's address",
      ),
    ),
    ADMIN_CHAT_IDS: v.pipe(
      v.optional(v.string(), ""),
      v.transform((s) =>
        s
          .split(",")
          .map((id) => id.trim())
          .filter((id) => id !== ""),
      ),
      // The entry's position, never its text, is named: the message goes to logs.
      v.check(
        (ids) => ids.every(isChatId),
        (issue) =>
          `must be comma-separated Telegram chat ids (numbers such as 123456789 or -1001234567890); entry ${(issue.input as string[]).findIndex((id) => !isChatId(id)) + 1} is not one`,
      ),
      v.transform((ids) => [...new Set(ids.map(Number))]),
    ),
    ALERT_AFTER_MS: integerFrom(120_000, 100, 86_400_000),
    // Branding: both default to what the exchanger's public get-social says (exchanger/catalog/branding.ts).
    SUPPORT_URL: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.check(isSupportUrl, "must be an https:// or tg:// link (e.g. https://t.me/your_support)"),
      ),
    ),
    EXCHANGER_NAME: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(64, "must be at most 64 characters")),
    ),
    // The operator's text overrides; the folder and its files are checked at start (bot/text-overrides.ts).
    LOCALES_DIR: optionalText,
    // Exchange from the chat: the operator's Private API key (orders are created with it) and the
    // site's exchange page for "Continue on the site" when there is no key.
    PRIVATE_API_KEY: v.optional(operatorKey),
    EXCHANGE_URL: v.optional(exchangeUrlTemplate),
    // The exchanger's webhooks (src/events/): on when the secret is set (the one thing that
    // authenticates the exchanger's requests, so it is required). Never logged.
    EXCHANGER_WEBHOOK_SECRET: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(
          16,
          "must be at least 16 characters (the same secret key as in the exchanger's Webhooks settings)",
        ),
        v.maxLength(256, "must be at most 256 characters"),
        v.regex(/^[\x21-\x7e]+$/, "may contain only visible ASCII characters, no spaces"),
      ),
    ),
    EXCHANGER_WEBHOOK_PATH: v.pipe(
      v.optional(v.string(), DEFAULT_EXCHANGER_WEBHOOK_PATH),
      v.trim(),
      v.regex(
        /^\/[A-Za-z0-9._~/-]*$/,
        "must be a URL path starting with / (letters, digits and . _ ~ / -), e.g. /exchanger/webhook",
      ),
    ),
    EXCHANGER_WEBHOOK_PORT: integerFrom(8081, 1, 65535),
    EXCHANGER_WEBHOOK_INTERVAL_MS: integerFrom(60_000, 1_000, 3_600_000),
    EXCHANGER_WEBHOOK_RECONCILE_MS: integerFrom(3_600_000, 1_000, 7 * 86_400_000),
    EXCHANGER_WEBHOOK_MAX_BYTES: integerFrom(4 * 1024 * 1024, 1024, 64 * 1024 * 1024),
  }),
  v.forward(
    v.partialCheck(
      [["REDIS_URL"], ["ENCRYPTION_KEY"]],
      (env) => env.REDIS_URL === undefined || env.ENCRYPTION_KEY !== undefined,
      "is required when REDIS_URL is set",
    ),
    ["ENCRYPTION_KEY"],
  ),
  v.forward(
    v.partialCheck(
      [["REDIS_SENTINELS"], ["ENCRYPTION_KEY"]],
      (env) => env.REDIS_SENTINELS === undefined || env.ENCRYPTION_KEY !== undefined,
      "is required when REDIS_SENTINELS is set",
    ),
    ["ENCRYPTION_KEY"],
  ),
  v.forward(
    v.partialCheck(
      [["REDIS_URL"], ["REDIS_SENTINELS"]],
      (env) => env.REDIS_URL === undefined || env.REDIS_SENTINELS === undefined,
      "cannot be combined with REDIS_URL: set REDIS_URL for one Redis server, or REDIS_SENTINELS and REDIS_SENTINEL_MASTER for Redis through Sentinel",
    ),
    ["REDIS_SENTINELS"],
  ),
  v.forward(
    v.partialCheck(
      [["REDIS_SENTINELS"], ["REDIS_SENTINEL_MASTER"]],
      (env) => env.REDIS_SENTINELS === undefined || env.REDIS_SENTINEL_MASTER !== undefined,
      "is required when REDIS_SENTINELS is set (the master's name the Sentinels monitor, e.g. mymaster)",
    ),
    ["REDIS_SENTINEL_MASTER"],
  ),
  v.forward(
    v.partialCheck(
      [["REDIS_SENTINELS"], ["REDIS_SENTINEL_MASTER"]],
      (env) => env.REDIS_SENTINEL_MASTER === undefined || env.REDIS_SENTINELS !== undefined,
      "is used only with REDIS_SENTINELS (the Sentinels' host:port list); without Sentinel set REDIS_URL instead",
    ),
    ["REDIS_SENTINEL_MASTER"],
  ),
  v.forward(
    v.partialCheck(
      [["REDIS_SENTINELS"], ["REDIS_PASSWORD"]],
      (env) => env.REDIS_PASSWORD === undefined || env.REDIS_SENTINELS !== undefined,
      "is used only with REDIS_SENTINELS; with REDIS_URL put the password in the URL (redis://:password@host:6379)",
    ),
    ["REDIS_PASSWORD"],
  ),
  v.forward(
    v.partialCheck(
      [["REDIS_SENTINELS"], ["REDIS_SENTINEL_PASSWORD"]],
      (env) => env.REDIS_SENTINEL_PASSWORD === undefined || env.REDIS_SENTINELS !== undefined,
      "is used only with REDIS_SENTINELS",
    ),
    ["REDIS_SENTINEL_PASSWORD"],
  ),
  v.forward(
    v.partialCheck(
      [["BOT_MODE"], ["WEBHOOK_URL"]],
      (env) => env.BOT_MODE !== "webhook" || env.WEBHOOK_URL !== undefined,
      "is required when BOT_MODE=webhook",
    ),
    ["WEBHOOK_URL"],
  ),
  v.forward(
    v.partialCheck(
      [["BOT_MODE"], ["WEBHOOK_SECRET"]],
      (env) => env.BOT_MODE !== "webhook" || env.WEBHOOK_SECRET !== undefined,
      "is required when BOT_MODE=webhook",
    ),
    ["WEBHOOK_SECRET"],
  ),
  v.forward(
    v.partialCheck(
      [["EXCHANGER_BASE_URL"], ["ALLOW_INSECURE_HTTP"]],
      (env) => env.ALLOW_INSECURE_HTTP === "1" || !isInsecureRemote(env.EXCHANGER_BASE_URL),
      insecureHttpMessage("EXCHANGER_BASE_URL"),
    ),
    ["EXCHANGER_BASE_URL"],
  ),
  v.forward(
    v.partialCheck(
      [["TELEGRAM_API_ROOT"], ["ALLOW_INSECURE_HTTP"]],
      (env) => env.ALLOW_INSECURE_HTTP === "1" || !isInsecureRemote(env.TELEGRAM_API_ROOT),
      insecureHttpMessage("TELEGRAM_API_ROOT"),
    ),
    ["TELEGRAM_API_ROOT"],
  ),
  v.forward(
    v.partialCheck(
      [["BOT_MODE"], ["PORT"], ["METRICS_PORT"]],
      (env) =>
        env.BOT_MODE !== "webhook" || env.METRICS_PORT === 0 || env.METRICS_PORT !== env.PORT,
      "must differ from PORT (the webhook port serves /healthz itself); set METRICS_PORT=0 to turn the monitoring port off",
    ),
    ["METRICS_PORT"],
  ),
  v.forward(
    v.partialCheck(
      [["BOT_MODE"], ["WEBHOOK_URL"], ["EXCHANGER_WEBHOOK_PATH"], ["EXCHANGER_WEBHOOK_SECRET"]],
      (env) =>
        env.EXCHANGER_WEBHOOK_SECRET === undefined ||
        env.BOT_MODE !== "webhook" ||
        env.WEBHOOK_URL === undefined ||
        new URL(env.WEBHOOK_URL).pathname !== env.EXCHANGER_WEBHOOK_PATH,
      "must differ from the path of WEBHOOK_URL (Telegram's updates arrive there)",
    ),
    ["EXCHANGER_WEBHOOK_PATH"],
  ),
  v.forward(
    v.partialCheck(
      [["BOT_MODE"], ["EXCHANGER_WEBHOOK_PORT"], ["METRICS_PORT"], ["EXCHANGER_WEBHOOK_SECRET"]],
      (env) =>
        env.EXCHANGER_WEBHOOK_SECRET === undefined ||
        env.BOT_MODE === "webhook" ||
        env.EXCHANGER_WEBHOOK_PORT !== env.METRICS_PORT,
      "must differ from METRICS_PORT",
    ),
    ["EXCHANGER_WEBHOOK_PORT"],
  ),
);

const REQUIRED_HINTS: Record<string, string> = {
  BOT_TOKEN: "is required (the token @BotFather gave you)",
  EXCHANGER_BASE_URL: "is required (the exchanger's base address, e.g. https://exchanger.example)",
};

/**
 * Where Redis is: one server by URL (REDIS_URL), or the current master of a Sentinel-monitored group
 * (REDIS_SENTINELS + REDIS_SENTINEL_MASTER). Undefined: the embedded file store.
 */
export type RedisTarget =
  | { kind: "url"; url: string }
  | {
      kind: "sentinel";
      sentinels: HostPort[];
      masterName: string;
      /** REDIS_PASSWORD: the master's and replicas' password (requirepass). */
      password: string | undefined;
      /** REDIS_SENTINEL_PASSWORD: the Sentinels' own password, when they have one. */
      sentinelPassword: string | undefined;
    };

export interface Config {
  botToken: string;
  exchanger: {
    baseUrl: string;
    timeoutMs: number;
    connections: number;
    /** EXCHANGER_LAYOUT: the pinned layout file, when set. */
    layoutFile?: string;
  };
  /** Undefined only in embedded mode, where storage generates one into the data folder. */
  encryptionKey: string | undefined;
  encryptionKeysOld: string[];
  redis: RedisTarget | undefined;
  dataDir: string;
  telegramApiRoot: string;
  mode: { kind: "polling" } | { kind: "webhook"; url: string; secret: string; port: number };
  defaultLanguage: Language;
  logLevel: (typeof LOG_LEVELS)[number];
  /** LOG_FORMAT: JSON lines for a collector (default), or readable lines for a laptop run. */
  logFormat: (typeof LOG_FORMATS)[number];
  ordersPageSize: number;
  notify: { intervalMs: number; idleIntervalMs: number; maxRps: number };
  /** RATE_ALERT_INTERVAL_MS: how often each direction somebody watches is read (once for everyone). */
  rateAlerts: { intervalMs: number };
  /** CHAT_UPDATES_PER_MINUTE: updates one chat may start per minute (the throttle's budget). */
  chatUpdatesPerMinute: number;
  /** METRICS_PORT: /healthz and /metrics; 0 = off. */
  metricsPort: number;
  /** METRICS_HOST: the address the monitoring port listens on (127.0.0.1 unless opened). */
  metricsHost: string;
  /** ADMIN_CHAT_IDS: operator chats for alerts (and /stats). */
  adminChatIds: number[];
  /** ALERT_AFTER_MS: how long the exchanger must fail before the admin chats are told. */
  alertAfterMs: number;
  /** SUPPORT_URL and EXCHANGER_NAME when set; otherwise get-social decides. */
  branding: { supportUrl: string | undefined; name: string | undefined };
  /** LOCALES_DIR: a folder of `<lang>/*.ftl` overrides of the bot's texts. */
  localesDir: string | undefined;
  /**
   * Exchange from the chat. `privateApiKey` (PRIVATE_API_KEY) is a secret: passed only to the Private API
   * client, never logged, stored or shown. `urlTemplate` (EXCHANGE_URL) has {slug} and maybe {amount}.
   */
  exchange: { privateApiKey: string | undefined; urlTemplate: string | undefined };
  /**
   * The exchanger's webhooks (EXCHANGER_WEBHOOK_*), when EXCHANGER_WEBHOOK_SECRET is set. `secret` is
   * compared in constant time and never logged. `port` is the ingest's own port in polling mode; in
   * webhook mode the path is served beside Telegram's, on PORT.
   */
  exchangerWebhook: ExchangerWebhookConfig | undefined;
  /** Variables allowed (ALLOW_INSECURE_HTTP=1) to use plain http:// to another machine; main.ts warns about each at start. */
  insecureHttp: Array<keyof typeof SECRET_CARRYING_URLS>;
}

export interface ExchangerWebhookConfig {
  secret: string;
  path: string;
  port: number;
  /** EXCHANGER_WEBHOOK_INTERVAL_MS: how often the exchanger's scheduler sends a batch. */
  intervalMs: number;
  /** EXCHANGER_WEBHOOK_RECONCILE_MS: the slowest a chat is polled while batches arrive. */
  reconcileMs: number;
  /** EXCHANGER_WEBHOOK_MAX_BYTES: the largest request body read. */
  maxBodyBytes: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Validates an env-like object against a schema (the bot's, or a tool's such as `npm run doctor`).
 * Throws ConfigError listing every problem.
 */
export function validateEnv<S extends v.GenericSchema<Record<string, unknown>, unknown>>(
  schema: S,
  env: Record<string, string | undefined>,
): v.InferOutput<S> {
  // Treat empty strings as unset: `.env.example` copies leave `FOO=` lines behind.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = v.safeParse(schema, cleaned);
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const name = v.getDotPath(issue) ?? "configuration";
      // A missing required variable is reported by the object schema in valibot's own words.
      const missing =
        issue.input === undefined &&
        (issue.message.startsWith("Invalid key") || issue.message.startsWith("Invalid type"));
      return `${name} ${missing ? (REQUIRED_HINTS[name] ?? "is required") : issue.message}`;
    });
    throw new ConfigError([...new Set(problems)]);
  }
  return result.output;
}

/** Pure: validates an env-like object. Throws ConfigError listing every problem. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const e = validateEnv(EnvSchema, env);
  return {
    botToken: e.BOT_TOKEN,
    exchanger: {
      baseUrl: e.EXCHANGER_BASE_URL.replace(/\/+$/, ""),
      timeoutMs: e.EXCHANGER_TIMEOUT_MS,
      connections: e.EXCHANGER_CONNECTIONS,
      ...(e.EXCHANGER_LAYOUT !== undefined && { layoutFile: e.EXCHANGER_LAYOUT }),
    },
    encryptionKey: e.ENCRYPTION_KEY?.trim(),
    encryptionKeysOld: e.ENCRYPTION_KEYS_OLD,
    redis: redisTarget(e),
    dataDir: e.DATA_DIR,
    telegramApiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ""),
    mode:
      e.BOT_MODE === "webhook"
        ? { kind: "webhook", url: e.WEBHOOK_URL!, secret: e.WEBHOOK_SECRET!, port: e.PORT }
        : { kind: "polling" },
    defaultLanguage: e.DEFAULT_LANGUAGE,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    ordersPageSize: e.ORDERS_PAGE_SIZE,
    notify: {
      intervalMs: e.NOTIFY_INTERVAL_MS,
      idleIntervalMs: e.NOTIFY_IDLE_INTERVAL_MS,
      maxRps: e.NOTIFY_MAX_RPS,
    },
    rateAlerts: { intervalMs: e.RATE_ALERT_INTERVAL_MS },
    chatUpdatesPerMinute: e.CHAT_UPDATES_PER_MINUTE,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    adminChatIds: e.ADMIN_CHAT_IDS,
    alertAfterMs: e.ALERT_AFTER_MS,
    localesDir: e.LOCALES_DIR,
    branding: { supportUrl: e.SUPPORT_URL, name: e.EXCHANGER_NAME },
    exchange: { privateApiKey: e.PRIVATE_API_KEY, urlTemplate: e.EXCHANGE_URL },
    exchangerWebhook: exchangerWebhook(e),
    insecureHttp: (
      Object.keys(SECRET_CARRYING_URLS) as Array<keyof typeof SECRET_CARRYING_URLS>
    ).filter((name) => isInsecureRemote(e[name])),
  };
}

function exchangerWebhook(e: v.InferOutput<typeof EnvSchema>): ExchangerWebhookConfig | undefined {
  if (e.EXCHANGER_WEBHOOK_SECRET === undefined) return undefined;
  return {
    secret: e.EXCHANGER_WEBHOOK_SECRET,
    path: e.EXCHANGER_WEBHOOK_PATH,
    port: e.EXCHANGER_WEBHOOK_PORT,
    intervalMs: e.EXCHANGER_WEBHOOK_INTERVAL_MS,
    reconcileMs: e.EXCHANGER_WEBHOOK_RECONCILE_MS,
    maxBodyBytes: e.EXCHANGER_WEBHOOK_MAX_BYTES,
  };
}

function redisTarget(e: v.InferOutput<typeof EnvSchema>): RedisTarget | undefined {
  if (e.REDIS_URL !== undefined) return { kind: "url", url: e.REDIS_URL };
  if (e.REDIS_SENTINELS === undefined) return undefined;
  return {
    kind: "sentinel",
    sentinels: e.REDIS_SENTINELS,
    masterName: e.REDIS_SENTINEL_MASTER!,
    password: e.REDIS_PASSWORD,
    sentinelPassword: e.REDIS_SENTINEL_PASSWORD,
  };
}

/** Reads `.env` (when present, without overriding the real environment) and validates. */
export function loadConfig(envFile = ".env"): Config {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return parseConfig(process.env);
}
