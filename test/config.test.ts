import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../src/config.js";

const minimal = { BOT_TOKEN: "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA", EXCHANGER_BASE_URL: "http://127.0.0.1:8787/" };
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
    expect(config.exchanger).toEqual({ baseUrl: "http://127.0.0.1:8787", timeoutMs: 15_000, connections: 256 });
    expect(config.mode).toEqual({ kind: "polling" });
    expect(config.redisUrl).toBeUndefined();
    expect(config.dataDir).toBe("./data");
    expect(config.telegramApiRoot).toBe("https://api.telegram.org");
    expect(config.defaultLanguage).toBe("en");
    expect(config.notify).toEqual({ intervalMs: 60_000, idleIntervalMs: 900_000, maxRps: 5 });
  });

  it("reads the monitoring port, admin chats and the alert delay, with their defaults", () => {
    expect(parseConfig(minimal)).toMatchObject({ metricsPort: 9464, adminChatIds: [], alertAfterMs: 120_000 });
    const config = parseConfig({ ...minimal, METRICS_PORT: "0", ADMIN_CHAT_IDS: " 123456789, -1001234567890,123456789 ", ALERT_AFTER_MS: "60000" });
    expect(config).toMatchObject({ metricsPort: 0, adminChatIds: [123456789, -1001234567890], alertAfterMs: 60_000 });
  });

  it("refuses admin chat ids that are not numbers, and a monitoring port equal to the webhook port", () => {
    expect(problemsOf({ ...minimal, ADMIN_CHAT_IDS: "123,@operator" })).toEqual([
      "ADMIN_CHAT_IDS must be comma-separated Telegram chat ids (numbers such as 123456789 or -1001234567890); entry 2 is not one",
    ]);
    expect(problemsOf({ ...minimal, METRICS_PORT: "70000", ALERT_AFTER_MS: "soon" })).toEqual(["METRICS_PORT must be at most 65535", "ALERT_AFTER_MS must be a whole number"]);
    const webhook = { ...minimal, BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example.com/hook", WEBHOOK_SECRET: "0123456789abcdef", PORT: "9464" };
    expect(problemsOf(webhook)[0]).toMatch(/^METRICS_PORT must differ from PORT/);
    expect(parseConfig({ ...webhook, METRICS_PORT: "0" }).metricsPort).toBe(0);
  });

  it("takes the exchanger connection pool size from EXCHANGER_CONNECTIONS", () => {
    expect(parseConfig({ ...minimal, EXCHANGER_CONNECTIONS: "32" }).exchanger.connections).toBe(32);
    expect(problemsOf({ ...minimal, EXCHANGER_CONNECTIONS: "0" })[0]).toMatch(/^EXCHANGER_CONNECTIONS /);
  });

  it("names every missing or invalid variable in one error", () => {
    const problems = problemsOf({ BOT_MODE: "webhook", REDIS_URL: "redis://localhost", PORT: "abc", DEFAULT_LANGUAGE: "de", ENCRYPTION_KEYS_OLD: "short" });
    expect(problems).toContain("BOT_TOKEN is required (the token @BotFather gave you)");
    expect(problems).toContain("PORT must be a whole number");
    expect(problems).toContain("WEBHOOK_SECRET is required when BOT_MODE=webhook");
    const named = problems.map((p) => p.split(" ")[0]);
    expect(named).toEqual(
      expect.arrayContaining(["BOT_TOKEN", "EXCHANGER_BASE_URL", "PORT", "DEFAULT_LANGUAGE", "ENCRYPTION_KEYS_OLD.0", "ENCRYPTION_KEY", "WEBHOOK_URL", "WEBHOOK_SECRET"]),
    );
  });

  it("requires ENCRYPTION_KEY only with Redis", () => {
    expect(problemsOf({ ...minimal, REDIS_URL: "redis://127.0.0.1:6379" })).toEqual([expect.stringMatching(/^ENCRYPTION_KEY is required when REDIS_URL/)]);
    expect(parseConfig({ ...minimal, REDIS_URL: "redis://127.0.0.1:6379", ENCRYPTION_KEY: key }).encryptionKey).toBe(key);
  });

  it("reads webhook settings and old keys", () => {
    const config = parseConfig({ ...minimal, BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example.com/hook", WEBHOOK_SECRET: "s3cret-s3cret-s3cret", PORT: "3000", ENCRYPTION_KEYS_OLD: `${key}, ${key}` });
    expect(config.mode).toEqual({ kind: "webhook", url: "https://bot.example.com/hook", secret: "s3cret-s3cret-s3cret", port: 3000 });
    expect(config.encryptionKeysOld).toEqual([key, key]);
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ ...minimal, REDIS_URL: "", LOG_LEVEL: "" }).redisUrl).toBeUndefined();
  });

  it("refuses http:// to another machine for the exchanger and the Bot API unless ALLOW_INSECURE_HTTP=1", () => {
    const remote = { ...minimal, EXCHANGER_BASE_URL: "http://exchanger.example", TELEGRAM_API_ROOT: "http://10.0.0.5:8081" };
    const problems = problemsOf(remote);
    expect(problems).toEqual([
      expect.stringMatching(/^EXCHANGER_BASE_URL uses http:\/\/ to a host that is not this machine: the exchanger API key would cross the network unencrypted\. .*ALLOW_INSECURE_HTTP=1/),
      expect.stringMatching(/^TELEGRAM_API_ROOT uses http:\/\/ .*the bot token/),
    ]);
    const allowed = parseConfig({ ...remote, ALLOW_INSECURE_HTTP: "1" });
    expect(allowed.insecureHttp).toEqual(["EXCHANGER_BASE_URL", "TELEGRAM_API_ROOT"]);
    expect(problemsOf({ ...remote, ALLOW_INSECURE_HTTP: "yes" })).toContain("ALLOW_INSECURE_HTTP must be 0 or 1");
  });

  it("accepts http:// to this machine (127.0.0.0/8, ::1, localhost) and https:// anywhere", () => {
    for (const url of ["http://127.0.0.1:8787", "http://127.9.9.9", "http://[::1]:8081", "http://localhost:8081", "https://exchanger.example"]) {
      const config = parseConfig({ ...minimal, EXCHANGER_BASE_URL: url, TELEGRAM_API_ROOT: url });
      expect(config.insecureHttp, url).toEqual([]);
    }
    expect(problemsOf({ ...minimal, EXCHANGER_BASE_URL: "http://128.0.0.1" })[0]).toMatch(/^EXCHANGER_BASE_URL uses http:\/\//);
    expect(problemsOf({ ...minimal, EXCHANGER_BASE_URL: "http://localhost.example.com" })[0]).toMatch(/^EXCHANGER_BASE_URL uses http:\/\//);
  });
});
