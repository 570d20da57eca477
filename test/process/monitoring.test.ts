/**
 * The monitoring port of the built process, as an operator's Prometheus and health checker see it:
 * /healthz and /metrics in polling and webhook mode, the webhook port's /healthz, 503 with a reason
 * when Redis or Telegram stops answering, and the start/stop alerts in the admin chats.
 */
import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { OwnRedis } from "../faults/own-redis.js";
import { BOT_TOKEN, TelegramFake } from "../harness/telegram-fake.js";
import { textUpdate } from "../harness/updates.js";
import { buildOnce, ROOT, startBot, waitFor } from "./process-helpers.js";

let sandbox: Sandbox;

beforeAll(async () => {
  await buildOnce();
  sandbox = await startSandbox({ port: 0 });
}, 120_000);

afterAll(async () => {
  await sandbox.close();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Distinctive ids, so finding them in /metrics could not be a coincidence of digits. */
const USER = 918_273_645;
const ADMINS = [5_550_001_234, -1_005_550_002_345];

async function health(
  port: number,
): Promise<{ status: number; body: Record<string, unknown> } | undefined> {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
  if (!response) return undefined;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function metrics(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The Docker HEALTHCHECK command, run as Docker would (exit code and what it printed). */
function dockerHealthcheck(env: Record<string, string>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(ROOT, "dist/healthcheck.js")], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    timeout: 10_000,
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(series + " "));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function expectNothingSecret(text: string): void {
  for (const secret of [
    sandbox.accounts.main.apiKey,
    BOT_TOKEN,
    BOT_TOKEN.split(":")[1]!,
    String(USER),
    ...ADMINS.map(String),
    ...ADMINS.map((id) => String(Math.abs(id))),
  ]) {
    expect(text).not.toContain(secret);
  }
}

describe("the monitoring port", () => {
  it("polling: /healthz is 200 once getUpdates runs, /metrics counts updates, exchanger calls (with a histogram) and Telegram retries, without a key or chat id; admins hear start and stop", async () => {
    const fake = new TelegramFake();
    const apiRoot = await fake.listen();
    const metricsPort = await freePort();
    const bot = startBot({
      BOT_TOKEN,
      EXCHANGER_BASE_URL: sandbox.baseUrl,
      TELEGRAM_API_ROOT: apiRoot,
      LOG_LEVEL: "info",
      METRICS_PORT: String(metricsPort),
      ADMIN_CHAT_IDS: ADMINS.join(","),
    });
    try {
      const healthy = await waitFor(
        async () => (await health(metricsPort))?.status === 200 && health(metricsPort),
        "/healthz 200",
      );
      expect(healthy).toMatchObject({
        status: 200,
        body: { ok: true, storage: "ok", updates: "ok" },
      });
      expect(dockerHealthcheck({ METRICS_PORT: String(metricsPort) }).status).toBe(0);
      // METRICS_HOST defaults to 127.0.0.1: another address of this machine (127.0.0.2 is one on
      // Linux, like a LAN interface would be) gets no answer.
      await expect(fetch(`http://127.0.0.2:${metricsPort}/healthz`)).rejects.toThrow();
      // The image sets METRICS_HOST=0.0.0.0: its HEALTHCHECK then asks loopback.
      expect(
        dockerHealthcheck({ METRICS_PORT: String(metricsPort), METRICS_HOST: "0.0.0.0" }).status,
      ).toBe(0);
      expect(
        dockerHealthcheck({ METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.2" }).output,
      ).toContain("127.0.0.2");
      for (const admin of ADMINS) {
        await waitFor(
          () =>
            fake
              .callsOf("sendMessage", admin)
              .some((c) =>
                String(c.payload.text).includes("started (polling, embedded file store)"),
              ),
          "the start alert",
        );
      }

      fake.pushUpdate(textUpdate(fake, USER, "/start"));
      const key = sandbox.accounts.main.apiKey;
      fake.pushUpdate(textUpdate(fake, USER, key));
      await waitFor(
        () => fake.visible(USER).some((m) => m.text.includes("Account linked")),
        "the account card",
      );
      // Telegram answers the next message with a 502 once: auto-retry sends it again.
      fake.failNext("sendMessage", 502, "Bad Gateway");
      fake.pushUpdate(textUpdate(fake, USER, "/help"));
      await waitFor(
        () => fake.visible(USER).some((m) => m.text.includes("/account")),
        "the /help answer",
      );

      const text = await metrics(metricsPort);
      expect(sample(text, 'exchanger_bot_updates_total{kind="message"}')).toBe(3);
      expect(
        sample(
          text,
          'exchanger_bot_exchanger_calls_total{method="user-api-get-info",outcome="ok"}',
        ),
      ).toBeGreaterThanOrEqual(1);
      // The latency histogram: cumulative buckets up to +Inf, with its sum and count.
      const bucket = (le: string) =>
        sample(
          text,
          `exchanger_bot_exchanger_call_duration_seconds_bucket{le="${le}",method="user-api-get-info"}`,
        );
      const count = sample(
        text,
        'exchanger_bot_exchanger_call_duration_seconds_count{method="user-api-get-info"}',
      )!;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(bucket("+Inf")).toBe(count);
      expect(bucket("0.025")!).toBeLessThanOrEqual(bucket("40")!);
      expect(
        sample(
          text,
          'exchanger_bot_exchanger_call_duration_seconds_sum{method="user-api-get-info"}',
        ),
      ).toBeGreaterThan(0);
      expect(
        sample(text, 'exchanger_bot_telegram_requests_total{method="getUpdates",outcome="ok"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(
          text,
          'exchanger_bot_telegram_requests_total{method="sendMessage",outcome="server_error"}',
        ),
      ).toBe(1);
      expect(sample(text, 'exchanger_bot_telegram_retries_total{method="sendMessage"}')).toBe(1);
      expect(sample(text, "exchanger_bot_linked_chats")).toBe(1);
      expect(sample(text, "exchanger_bot_notification_subscribers")).toBe(0);
      expect(sample(text, "exchanger_bot_exchanger_up")).toBe(1);
      expect(text).toContain("# TYPE exchanger_bot_handler_errors_total counter");
      expect(text).toContain("# TYPE exchanger_bot_throttled_updates_total counter");
      expect(text).toContain("# TYPE exchanger_bot_notifications_sent_total counter");
      expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
      expect(text).toContain("nodejs_heap_size_used_bytes");
      expectNothingSecret(text);

      // Nothing else is served, and no body is read.
      expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
      expect(
        (
          await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
            method: "POST",
            body: "x".repeat(10_000),
          })
        ).status,
      ).toBe(404);
    } finally {
      const code = await bot.stop();
      expect(code).toBe(0);
      for (const admin of ADMINS) {
        expect(
          fake
            .callsOf("sendMessage", admin)
            .some((c) => String(c.payload.text).includes("is stopping (SIGTERM)")),
        ).toBe(true);
      }
      expectNothingSecret(bot.output());
      await fake.close();
    }
  }, 60_000);

  it("webhook: /healthz on both ports, /metrics counts the delivered update", async () => {
    const fake = new TelegramFake();
    const apiRoot = await fake.listen();
    const [port, metricsPort] = [await freePort(), await freePort()];
    const secret = "webhook-secret-0123456789";
    const bot = startBot({
      BOT_TOKEN,
      EXCHANGER_BASE_URL: sandbox.baseUrl,
      TELEGRAM_API_ROOT: apiRoot,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example.com/telegram/hook",
      WEBHOOK_SECRET: secret,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
    });
    try {
      await waitFor(
        async () => (await health(metricsPort))?.status === 200,
        "/healthz on METRICS_PORT",
      );
      expect(await health(port)).toEqual({
        status: 200,
        body: { ok: true, storage: "ok", updates: "ok" },
      });
      // With the monitoring port off, the Docker health check asks the webhook port.
      expect(
        dockerHealthcheck({ METRICS_PORT: "0", BOT_MODE: "webhook", PORT: String(port) }).status,
      ).toBe(0);

      const update = textUpdate(fake, USER, "/help");
      const posted = await fetch(`http://127.0.0.1:${port}/telegram/hook`, {
        method: "POST",
        headers: { "content-type": "application/json", "X-Telegram-Bot-Api-Secret-Token": secret },
        body: JSON.stringify(update),
      });
      expect(posted.status).toBe(200);
      await waitFor(() => fake.visible(USER).some((m) => m.from === "bot"), "the /help answer");

      const text = await metrics(metricsPort);
      expect(sample(text, 'exchanger_bot_updates_total{kind="message"}')).toBe(1);
      expect(
        sample(text, 'exchanger_bot_telegram_requests_total{method="setWebhook",outcome="ok"}'),
      ).toBe(1);
      expect(
        sample(text, 'exchanger_bot_telegram_requests_total{method="sendMessage",outcome="ok"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain(secret);
      expectNothingSecret(text);
    } finally {
      const code = await bot.stop();
      await fake.close();
      expect(code).toBe(0);
    }
  }, 60_000);

  it("polling on Redis: /healthz is 503 with the reason while Redis is down and 200 once it is back; 503 when getUpdates fails", async () => {
    const redis = await OwnRedis.start();
    const fake = new TelegramFake();
    const apiRoot = await fake.listen();
    const metricsPort = await freePort();
    const bot = startBot({
      BOT_TOKEN,
      EXCHANGER_BASE_URL: sandbox.baseUrl,
      TELEGRAM_API_ROOT: apiRoot,
      REDIS_URL: redis.url,
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      LOG_LEVEL: "info",
      METRICS_PORT: String(metricsPort),
    });
    try {
      await waitFor(async () => (await health(metricsPort))?.status === 200, "/healthz 200");
      fake.pushUpdate(textUpdate(fake, USER, sandbox.accounts.main.apiKey));
      await waitFor(
        () => fake.visible(USER).some((m) => m.text.includes("Account linked")),
        "the account card",
      );
      expect(sample(await metrics(metricsPort), "exchanger_bot_linked_chats")).toBe(1); // counted in Redis

      await redis.crash();
      const down = await waitFor(async () => {
        const h = await health(metricsPort);
        return h?.status === 503 && h;
      }, "/healthz 503 while Redis is down");
      expect(down.body).toMatchObject({ ok: false, storage: "failing", updates: "ok" });
      expect(String(down.body.reason)).toMatch(/storage (did not answer|refuses writes)/);
      const check = dockerHealthcheck({ METRICS_PORT: String(metricsPort) });
      expect(check.status).toBe(1);
      expect(check.output).toContain("503");
      // /metrics still answers (the store counts keep their last value).
      expect(sample(await metrics(metricsPort), "exchanger_bot_linked_chats")).toBe(1);

      await redis.up();
      await waitFor(
        async () => (await health(metricsPort))?.status === 200,
        "/healthz 200 after Redis is back",
        30_000,
      );

      await fake.close(); // Telegram unreachable: getUpdates fails
      const deaf = await waitFor(async () => {
        const h = await health(metricsPort);
        return h?.status === 503 && h;
      }, "/healthz 503 while getUpdates fails");
      expect(deaf.body).toMatchObject({ ok: false, storage: "ok", updates: "failing" });
      expect(String(deaf.body.reason)).toContain("getUpdates failed");
      expectNothingSecret(bot.output());
    } finally {
      await bot.stop();
      await fake.close();
      await redis.stop();
    }
  }, 90_000);
});
