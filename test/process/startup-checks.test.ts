/**
 * Each start-up check of the built process prints its message: an unreachable Telegram is logged
 * and retried until it answers, a refused token stops with a message naming BOT_TOKEN, plain http://
 * to another machine is refused (or, when allowed, warned about), and stored data sealed with
 * another encryption key stops the start naming ENCRYPTION_KEY / ENCRYPTION_KEYS_OLD (embedded
 * store and Redis).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OwnRedis } from "../faults/own-redis.js";
import { afterAll, describe, expect, it } from "vitest";
import { BOT_TOKEN, TelegramFake } from "../harness/telegram-fake.js";
import { startBot, waitFor, type BotProcess } from "./process-helpers.js";
import { freePort } from "../harness/ports.js";

const EXCHANGER = "http://127.0.0.1:9"; // never called during start-up
const running: BotProcess[] = [];
const fakes: TelegramFake[] = [];

afterAll(async () => {
  for (const bot of running) await bot.stop();
  for (const fake of fakes) await fake.close();
});

function start(env: Record<string, string>): BotProcess {
  const bot = startBot({ BOT_TOKEN, EXCHANGER_BASE_URL: EXCHANGER, LOG_LEVEL: "info", ...env });
  running.push(bot);
  return bot;
}

async function telegram(port = 0): Promise<{ fake: TelegramFake; apiRoot: string }> {
  const fake = new TelegramFake();
  fakes.push(fake);
  return { fake, apiRoot: await fake.listen(port) };
}

const key = () => randomBytes(32).toString("base64");
const noStackTrace = /at .*\.js:\d+/;

describe("start-up checks of the compiled bot", () => {
  it("logs and retries while Telegram is unreachable, then starts once it answers", async () => {
    const port = await freePort();
    const bot = start({ TELEGRAM_API_ROOT: `http://127.0.0.1:${port}` });
    await waitFor(
      () => bot.output().includes("cannot reach the Telegram Bot API while starting; retrying"),
      "the retry line",
      30_000,
    );
    expect(bot.output()).toMatch(/"step":"getMe"/);
    expect(bot.child.exitCode).toBeNull(); // still trying, not crashed

    const { fake } = await telegram(port);
    await waitFor(
      () => fake.callsOf("getUpdates").length > 0,
      "polling after Telegram came back",
      30_000,
    );
    // The line may reach this process's end of the pipe a moment after the first getUpdates.
    await waitFor(() => bot.output().includes("bot started (polling)"), "the started line", 10_000);
    expect(bot.output()).not.toContain(BOT_TOKEN.split(":")[1]);
    expect(await bot.stop()).toBe(0);
  }, 90_000);

  it("stops with a message naming BOT_TOKEN when Telegram refuses the token", async () => {
    const { apiRoot } = await telegram();
    const bot = start({
      TELEGRAM_API_ROOT: apiRoot,
      BOT_TOKEN: "999999:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    });
    expect(await bot.exited).not.toBe(0);
    expect(bot.output()).toMatch(/Telegram refused getMe: 401 Unauthorized — check BOT_TOKEN/);
    expect(bot.output()).not.toMatch(noStackTrace);
  }, 30_000);

  it("refuses http:// to another machine unless ALLOW_INSECURE_HTTP=1, and then warns", async () => {
    const refused = start({ EXCHANGER_BASE_URL: "http://exchanger.example" });
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toMatch(
      /EXCHANGER_BASE_URL uses http:\/\/ to a host that is not this machine.*ALLOW_INSECURE_HTTP=1/,
    );

    const { fake, apiRoot } = await telegram();
    const allowed = start({
      EXCHANGER_BASE_URL: "http://exchanger.example",
      TELEGRAM_API_ROOT: apiRoot,
      ALLOW_INSECURE_HTTP: "1",
    });
    await waitFor(() => fake.callsOf("getUpdates").length > 0, "polling");
    expect(allowed.output()).toMatch(
      /"level":40.*ALLOW_INSECURE_HTTP=1: EXCHANGER_BASE_URL uses plain http:\/\/ to another machine/,
    );
    expect(await allowed.stop()).toBe(0);
  }, 60_000);

  it("embedded store: refuses to start on data sealed with another ENCRYPTION_KEY", async () => {
    const { fake, apiRoot } = await telegram();
    const dataDir = join(mkdtempSync(join(tmpdir(), "xbot-keycheck-")), "data");
    const first = start({ TELEGRAM_API_ROOT: apiRoot, DATA_DIR: dataDir, ENCRYPTION_KEY: key() });
    await waitFor(() => fake.callsOf("getUpdates").length > 0, "the first start polling");
    expect(await first.stop()).toBe(0);

    const second = start({ TELEGRAM_API_ROOT: apiRoot, DATA_DIR: dataDir, ENCRYPTION_KEY: key() });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      /stored data was encrypted with another key .*ENCRYPTION_KEY.*ENCRYPTION_KEYS_OLD/,
    );
    expect(second.output()).not.toMatch(noStackTrace);
  }, 60_000);

  it("Redis: refuses to start on data sealed with another ENCRYPTION_KEY", async () => {
    // The process uses the default key prefix ("xbot:"), so it gets a Redis server of its own: a
    // database of the shared one chosen by process id could be another run's (two suites at once).
    const own = await OwnRedis.start();
    const redisUrl = own.url;
    try {
      const { fake, apiRoot } = await telegram();
      const first = start({
        TELEGRAM_API_ROOT: apiRoot,
        REDIS_URL: redisUrl,
        ENCRYPTION_KEY: key(),
      });
      await waitFor(() => fake.callsOf("getUpdates").length > 0, "the first start polling");
      expect(await first.stop()).toBe(0);

      const second = start({
        TELEGRAM_API_ROOT: apiRoot,
        REDIS_URL: redisUrl,
        ENCRYPTION_KEY: key(),
      });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(
        /stored data was encrypted with another key .*ENCRYPTION_KEY.*ENCRYPTION_KEYS_OLD/,
      );
    } finally {
      await own.stop();
    }
  }, 60_000);
});
