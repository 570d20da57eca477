import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../src/config.js";

const minimal = {
  BOT_TOKEN: "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  EXCHANGER_BASE_URL: "http://127.0.0.1:8787/",
};
const key = Buffer.alloc(32, 7).toString("base64");

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("parseConfig", () => {
  it("applies the documented defaults", () => {
    const config = parseConfig(minimal);
    expect(config.exchanger).toEqual({
      baseUrl: "http://127.0.0.1:8787",
      timeoutMs: 15_000,
      connections: 256,
    });
    expect(config.mode).toEqual({ kind: "polling" });
    expect(config.redis).toBeUndefined();
    expect(config.dataDir).toBe("./data");
    expect(config.telegramApiRoot).toBe("https://api.telegram.org");
    expect(config.defaultLanguage).toBe("en");
    expect(config.notify).toEqual({ intervalMs: 60_000, idleIntervalMs: 900_000, maxRps: 5 });
    expect(config.rateAlerts).toEqual({ intervalMs: 60_000 });
  });

  it("reads RATE_ALERT_INTERVAL_MS, and refuses one below 5 s", () => {
    expect(parseConfig({ ...minimal, RATE_ALERT_INTERVAL_MS: "30000" }).rateAlerts).toEqual({
      intervalMs: 30_000,
    });
    expect(() => parseConfig({ ...minimal, RATE_ALERT_INTERVAL_MS: "1000" })).toThrow(
      /RATE_ALERT_INTERVAL_MS/,
    );
  });

  it("reads the monitoring port, admin chats and the alert delay, with their defaults", () => {
    expect(parseConfig(minimal)).toMatchObject({
      metricsPort: 9464,
      adminChatIds: [],
      alertAfterMs: 120_000,
    });
    const config = parseConfig({
      ...minimal,
      METRICS_PORT: "0",
      ADMIN_CHAT_IDS: " 123456789, -1001234567890,123456789 ",
      ALERT_AFTER_MS: "60000",
    });
    expect(config).toMatchObject({
      metricsPort: 0,
      adminChatIds: [123456789, -1001234567890],
      alertAfterMs: 60_000,
    });
  });

  it("refuses admin chat ids that are not numbers, and a monitoring port equal to the webhook port", () => {
    expect(problemsOf({ ...minimal, ADMIN_CHAT_IDS: "123,@operator" })).toEqual([
      "ADMIN_CHAT_IDS must be comma-separated Telegram chat ids (numbers such as 123456789 or -1001234567890); entry 2 is not one",
    ]);
    expect(problemsOf({ ...minimal, METRICS_PORT: "70000", ALERT_AFTER_MS: "soon" })).toEqual([
      "METRICS_PORT must be at most 65535",
      "ALERT_AFTER_MS must be a whole number",
    ]);
    const webhook = {
      ...minimal,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example.com/hook",
      WEBHOOK_SECRET: "0123456789abcdef",
      PORT: "9464",
    };
    expect(problemsOf(webhook)[0]).toMatch(/^METRICS_PORT must differ from PORT/);
    expect(parseConfig({ ...webhook, METRICS_PORT: "0" }).metricsPort).toBe(0);
  });

  it("listens for monitoring on loopback unless METRICS_HOST opens it, and refuses a host that is not an IP address", () => {
    expect(parseConfig(minimal).metricsHost).toBe("127.0.0.1");
    expect(parseConfig({ ...minimal, METRICS_HOST: " 0.0.0.0 " }).metricsHost).toBe("0.0.0.0");
    expect(parseConfig({ ...minimal, METRICS_HOST: "::" }).metricsHost).toBe("::");
    expect(problemsOf({ ...minimal, METRICS_HOST: "monitoring.internal" })[0]).toMatch(
      /^METRICS_HOST must be an IP address to listen on/,
    );
  });

  it("takes the exchanger connection pool size from EXCHANGER_CONNECTIONS", () => {
    expect(parseConfig({ ...minimal, EXCHANGER_CONNECTIONS: "32" }).exchanger.connections).toBe(32);
    expect(problemsOf({ ...minimal, EXCHANGER_CONNECTIONS: "0" })[0]).toMatch(
      /^EXCHANGER_CONNECTIONS /,
    );
  });

  it("names every missing or invalid variable in one error", () => {
    const problems = problemsOf({
      BOT_MODE: "webhook",
      REDIS_URL: "redis://localhost",
      PORT: "abc",
      DEFAULT_LANGUAGE: "de",
      ENCRYPTION_KEYS_OLD: "short",
    });
    expect(problems).toContain("BOT_TOKEN is required (the token @BotFather gave you)");
    expect(problems).toContain("PORT must be a whole number");
    expect(problems).toContain("WEBHOOK_SECRET is required when BOT_MODE=webhook");
    const named = problems.map((p) => p.split(" ")[0]);
    expect(named).toEqual(
      expect.arrayContaining([
        "BOT_TOKEN",
        "EXCHANGER_BASE_URL",
        "PORT",
        "DEFAULT_LANGUAGE",
        "ENCRYPTION_KEYS_OLD.0",
        "ENCRYPTION_KEY",
        "WEBHOOK_URL",
        "WEBHOOK_SECRET",
      ]),
    );
  });

  it("LOG_FORMAT: json by default, pretty on request, anything else named with the choices", () => {
    expect(parseConfig(minimal).logFormat).toBe("json");
    expect(parseConfig({ ...minimal, LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(problemsOf({ ...minimal, LOG_FORMAT: "yaml" })).toEqual([
      "LOG_FORMAT must be json or pretty",
    ]);
  });

  it("requires ENCRYPTION_KEY only with Redis", () => {
    expect(problemsOf({ ...minimal, REDIS_URL: "redis://127.0.0.1:6379" })).toEqual([
      expect.stringMatching(/^ENCRYPTION_KEY is required when REDIS_URL/),
    ]);
    expect(
      parseConfig({ ...minimal, REDIS_URL: "redis://127.0.0.1:6379", ENCRYPTION_KEY: key })
        .encryptionKey,
    ).toBe(key);
  });

  it("reaches Redis through Sentinel with REDIS_SENTINELS and REDIS_SENTINEL_MASTER", () => {
    const config = parseConfig({
      ...minimal,
      REDIS_SENTINELS: " sentinel-1:26379, 10.0.0.7:26380,[::1]:26381 ",
      REDIS_SENTINEL_MASTER: "mymaster",
      ENCRYPTION_KEY: key,
    });
    expect(config.redis).toEqual({
      kind: "sentinel",
      sentinels: [
        { host: "sentinel-1", port: 26379 },
        { host: "10.0.0.7", port: 26380 },
        { host: "::1", port: 26381 },
      ],
      masterName: "mymaster",
      password: undefined,
      sentinelPassword: undefined,
    });
    const withPasswords = parseConfig({
      ...minimal,
      REDIS_SENTINELS: "s:26379",
      REDIS_SENTINEL_MASTER: "m",
      REDIS_PASSWORD: " p w ",
      REDIS_SENTINEL_PASSWORD: "sp",
      ENCRYPTION_KEY: key,
    });
    expect(withPasswords.redis).toMatchObject({ password: " p w ", sentinelPassword: "sp" });
    expect(
      parseConfig({ ...minimal, REDIS_URL: "redis://r:6379", ENCRYPTION_KEY: key }).redis,
    ).toEqual({
      kind: "url",
      url: "redis://r:6379",
    });
  });

  it("refuses REDIS_URL and REDIS_SENTINELS together, naming both ways", () => {
    expect(
      problemsOf({
        ...minimal,
        REDIS_URL: "redis://r:6379",
        REDIS_SENTINELS: "s:26379",
        REDIS_SENTINEL_MASTER: "mymaster",
        ENCRYPTION_KEY: key,
      }),
    ).toEqual([
      "REDIS_SENTINELS cannot be combined with REDIS_URL: set REDIS_URL for one Redis server, or REDIS_SENTINELS and REDIS_SENTINEL_MASTER for Redis through Sentinel",
    ]);
  });

  it("requires the master name with a Sentinel list, and the list with a master name", () => {
    expect(problemsOf({ ...minimal, REDIS_SENTINELS: "s:26379", ENCRYPTION_KEY: key })).toEqual([
      "REDIS_SENTINEL_MASTER is required when REDIS_SENTINELS is set (the master's name the Sentinels monitor, e.g. mymaster)",
    ]);
    expect(problemsOf({ ...minimal, REDIS_SENTINEL_MASTER: "mymaster" })).toEqual([
      "REDIS_SENTINEL_MASTER is used only with REDIS_SENTINELS (the Sentinels' host:port list); without Sentinel set REDIS_URL instead",
    ]);
    expect(
      problemsOf({
        ...minimal,
        REDIS_SENTINELS: "s:26379",
        REDIS_SENTINEL_MASTER: "my master",
        ENCRYPTION_KEY: key,
      })[0],
    ).toMatch(/^REDIS_SENTINEL_MASTER must be the master's name/);
  });

  it("names each Sentinel entry that is not host:port", () => {
    const [problem, ...rest] = problemsOf({
      ...minimal,
      REDIS_SENTINELS: "s1:26379,s2,s3:99999,redis://s4:26379",
      REDIS_SENTINEL_MASTER: "mymaster",
      ENCRYPTION_KEY: key,
    });
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^REDIS_SENTINELS must be a comma-separated list of host:port/);
    expect(problem).toContain('"s2", "s3:99999", "redis://s4:26379"');
    expect(problem).not.toContain('"s1:26379"');
    expect(
      problemsOf({
        ...minimal,
        REDIS_SENTINELS: " , ",
        REDIS_SENTINEL_MASTER: "mymaster",
        ENCRYPTION_KEY: key,
      }),
    ).toEqual([
      "REDIS_SENTINELS must list at least one Sentinel as host:port (e.g. sentinel-1:26379)",
    ]);
  });

  it("requires ENCRYPTION_KEY with Sentinel as with REDIS_URL", () => {
    expect(
      problemsOf({ ...minimal, REDIS_SENTINELS: "s:26379", REDIS_SENTINEL_MASTER: "mymaster" }),
    ).toEqual(["ENCRYPTION_KEY is required when REDIS_SENTINELS is set"]);
  });

  it("refuses Redis passwords without Sentinel, pointing at the URL instead", () => {
    const problems = problemsOf({
      ...minimal,
      REDIS_URL: "redis://r:6379",
      ENCRYPTION_KEY: key,
      REDIS_PASSWORD: "Zq9-node-secret",
      REDIS_SENTINEL_PASSWORD: "Zq9-sentinel-secret",
    });
    expect(problems).toEqual([
      "REDIS_PASSWORD is used only with REDIS_SENTINELS; with REDIS_URL put the password in the URL (redis://:password@host:6379)",
      "REDIS_SENTINEL_PASSWORD is used only with REDIS_SENTINELS",
    ]);
    expect(problems.join("\n")).not.toContain("Zq9-");
  });

  it("reads webhook settings and old keys", () => {
    const config = parseConfig({
      ...minimal,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example.com/hook",
      WEBHOOK_SECRET: "s3cret-s3cret-s3cret",
      PORT: "3000",
      ENCRYPTION_KEYS_OLD: `${key}, ${key}`,
    });
    expect(config.mode).toEqual({
      kind: "webhook",
      url: "https://bot.example.com/hook",
      secret: "s3cret-s3cret-s3cret",
      port: 3000,
    });
    expect(config.encryptionKeysOld).toEqual([key, key]);
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ ...minimal, REDIS_URL: "", LOG_LEVEL: "" }).redis).toBeUndefined();
  });

  it("refuses http:// to another machine for the exchanger and the Bot API unless ALLOW_INSECURE_HTTP=1", () => {
    const remote = {
      ...minimal,
      EXCHANGER_BASE_URL: "http://exchanger.example",
      TELEGRAM_API_ROOT: "http://10.0.0.5:8081",
    };
    const problems = problemsOf(remote);
    expect(problems).toEqual([
      expect.stringMatching(
        /^EXCHANGER_BASE_URL uses http:\/\/ to a host that is not this machine: the exchanger API key would cross the network unencrypted\. .*ALLOW_INSECURE_HTTP=1/,
      ),
      expect.stringMatching(/^TELEGRAM_API_ROOT uses http:\/\/ .*the bot token/),
    ]);
    const allowed = parseConfig({ ...remote, ALLOW_INSECURE_HTTP: "1" });
    expect(allowed.insecureHttp).toEqual(["EXCHANGER_BASE_URL", "TELEGRAM_API_ROOT"]);
    expect(problemsOf({ ...remote, ALLOW_INSECURE_HTTP: "yes" })).toContain(
      "ALLOW_INSECURE_HTTP must be 0 or 1",
    );
  });

  it("accepts http:// to this machine (127.0.0.0/8, ::1, localhost) and https:// anywhere", () => {
    for (const url of [
      "http://127.0.0.1:8787",
      "http://127.9.9.9",
      "http://[::1]:8081",
      "http://localhost:8081",
      "https://exchanger.example",
    ]) {
      const config = parseConfig({ ...minimal, EXCHANGER_BASE_URL: url, TELEGRAM_API_ROOT: url });
      expect(config.insecureHttp, url).toEqual([]);
    }
    expect(problemsOf({ ...minimal, EXCHANGER_BASE_URL: "http://128.0.0.1" })[0]).toMatch(
      /^EXCHANGER_BASE_URL uses http:\/\//,
    );
    expect(
      problemsOf({ ...minimal, EXCHANGER_BASE_URL: "http://localhost.example.com" })[0],
    ).toMatch(/^EXCHANGER_BASE_URL uses http:\/\//);
  });

  it("reads PRIVATE_API_KEY and EXCHANGE_URL, both optional", () => {
    expect(parseConfig(minimal).exchange).toEqual({
      privateApiKey: undefined,
      urlTemplate: undefined,
    });
    const config = parseConfig({
      ...minimal,
      PRIVATE_API_KEY: "  pk_0123456789abcdef  ",
      EXCHANGE_URL: "https://exchanger.example/exchange/{slug}?amount={amount}",
    });
    expect(config.exchange).toEqual({
      privateApiKey: "pk_0123456789abcdef",
      urlTemplate: "https://exchanger.example/exchange/{slug}?amount={amount}",
    });
    expect(
      parseConfig({ ...minimal, EXCHANGE_URL: "https://exchanger.example/{slug}" }).exchange
        .urlTemplate,
    ).toBe("https://exchanger.example/{slug}");
  });

  it("names every EXCHANGE_URL problem and a malformed PRIVATE_API_KEY without quoting the key", () => {
    const secret = "pk with spaces";
    const problems = problemsOf({
      ...minimal,
      PRIVATE_API_KEY: secret,
      EXCHANGE_URL: "http://exchanger.example/{pair}",
    });
    expect(problems).toContain(
      "PRIVATE_API_KEY must be the Private API key as issued (visible ASCII characters, no spaces)",
    );
    expect(problems).toContain(
      "EXCHANGE_URL must start with https:// (the customer's browser opens it)",
    );
    expect(problems).toContain(
      "EXCHANGE_URL must contain {slug} (the direction), e.g. https://exchanger.example/exchange/{slug}?amount={amount}",
    );
    expect(problems).toContain(
      "EXCHANGE_URL may contain only the placeholders {slug} and {amount}; unknown: {pair}",
    );
    expect(problems.join("\n")).not.toContain(secret);
    expect(problemsOf({ ...minimal, EXCHANGE_URL: "https://{slug}:bad:port/" })).toEqual([
      "EXCHANGE_URL must be a URL once {slug} and {amount} are filled in",
    ]);
  });

  it("the exchanger's webhooks: off without a secret; with one, the documented defaults", () => {
    expect(parseConfig(minimal).exchangerWebhook).toBeUndefined();
    const secret = "a-webhook-secret-of-the-exchanger";
    expect(parseConfig({ ...minimal, EXCHANGER_WEBHOOK_SECRET: secret }).exchangerWebhook).toEqual({
      secret,
      path: "/exchanger/webhook",
      port: 8081,
      intervalMs: 60_000,
      reconcileMs: 3_600_000,
      maxBodyBytes: 4 * 1024 * 1024,
    });
  });

  it("names every webhook problem without quoting the secret", () => {
    const problems = problemsOf({
      ...minimal,
      EXCHANGER_WEBHOOK_SECRET: "short secret",
      EXCHANGER_WEBHOOK_PATH: "exchanger",
      EXCHANGER_WEBHOOK_RECONCILE_MS: "0",
    });
    expect(problems).toEqual([
      "EXCHANGER_WEBHOOK_SECRET must be at least 16 characters (the same secret key as in the exchanger's Webhooks settings)",
      "EXCHANGER_WEBHOOK_SECRET may contain only visible ASCII characters, no spaces",
      "EXCHANGER_WEBHOOK_PATH must be a URL path starting with / (letters, digits and . _ ~ / -), e.g. /exchanger/webhook",
      "EXCHANGER_WEBHOOK_RECONCILE_MS must be at least 1000",
    ]);
    expect(problems.join("\n")).not.toContain("short secret");
  });

  it("the webhook path may not be Telegram's, nor its own port the monitoring port", () => {
    const webhook = {
      ...minimal,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example/hooks/tg",
      WEBHOOK_SECRET: "telegram-secret-0123",
      EXCHANGER_WEBHOOK_SECRET: "exchanger-secret-0123",
    };
    expect(problemsOf({ ...webhook, EXCHANGER_WEBHOOK_PATH: "/hooks/tg" })).toEqual([
      "EXCHANGER_WEBHOOK_PATH must differ from the path of WEBHOOK_URL (Telegram's updates arrive there)",
    ]);
    expect(parseConfig({ ...webhook, EXCHANGER_WEBHOOK_PATH: "/hooks/exchanger" })).toMatchObject({
      exchangerWebhook: { path: "/hooks/exchanger" },
    });
    expect(
      problemsOf({
        ...minimal,
        EXCHANGER_WEBHOOK_SECRET: "exchanger-secret-0123",
        EXCHANGER_WEBHOOK_PORT: "9464",
      }),
    ).toEqual(["EXCHANGER_WEBHOOK_PORT must differ from METRICS_PORT"]);
  });
});
