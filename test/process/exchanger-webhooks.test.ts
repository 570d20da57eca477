/**
 * The built process with the exchanger's webhooks on: their own port when the bot polls Telegram,
 * Telegram's port when it runs in webhook mode; the secret checked before anything is read, and
 * the state the doctor reads. The sandbox sends a real batch end to end in polling mode.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import type { WebhookState } from "../../src/events/index.js";
import { BOT_TOKEN, TelegramFake } from "../harness/telegram-fake.js";
import { freePort } from "../harness/ports.js";
import { startBot, waitFor } from "./process-helpers.js";

const SECRET = "exchanger-webhook-secret-0123";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
}, 120_000);
afterAll(() => sandbox.close());

const state = async (url: string): Promise<WebhookState> => {
  const response = await fetch(url, { headers: { "x-authorization": SECRET } });
  expect(response.status).toBe(200);
  return (await response.json()) as WebhookState;
};

describe("the compiled bot with the exchanger's webhooks", () => {
  it("polling mode: their own port; the sandbox's batch is taken and shows in the state", async () => {
    const fake = new TelegramFake();
    const apiRoot = await fake.listen();
    const port = await freePort();
    const bot = startBot({
      BOT_TOKEN,
      EXCHANGER_BASE_URL: sandbox.baseUrl,
      TELEGRAM_API_ROOT: apiRoot,
      EXCHANGER_WEBHOOK_SECRET: SECRET,
      EXCHANGER_WEBHOOK_PORT: String(port),
    });
    const url = `http://127.0.0.1:${port}/exchanger/webhook`;
    try {
      await waitFor(() => fake.callsOf("getUpdates").length > 0, "the first getUpdates");
      expect((await fetch(url, { method: "POST", body: "web_hooks={}" })).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/elsewhere`)).status).toBe(404);
      expect(await state(url)).toEqual({ configured: true, arriving: false });

      sandbox.startWebhooks({ url, secret: SECRET, intervalMs: 60_000 });
      sandbox.setAccountActive("empty", 0);
      expect(await sandbox.webhooks!.flush()).toBe(200);
      const after = await state(url);
      expect(after).toMatchObject({ configured: true, arriving: true, events: { user: 1 } });
      expect(Date.now() - after.lastBatchAt!).toBeLessThan(60_000);
    } finally {
      sandbox.webhooks?.stop();
      const code = await bot.stop();
      await fake.close();
      expect(code).toBe(0);
    }
  }, 60_000);

  it("webhook mode: beside Telegram's path on PORT, each path with its own secret", async () => {
    const fake = new TelegramFake();
    const apiRoot = await fake.listen();
    const port = await freePort();
    const bot = startBot({
      BOT_TOKEN,
      EXCHANGER_BASE_URL: sandbox.baseUrl,
      TELEGRAM_API_ROOT: apiRoot,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example.com/telegram/hook",
      WEBHOOK_SECRET: "webhook-secret-0123456789",
      PORT: String(port),
      EXCHANGER_WEBHOOK_SECRET: SECRET,
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor(
        async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.ok,
        "/healthz",
      );
      const telegramSecret = { "X-Telegram-Bot-Api-Secret-Token": "webhook-secret-0123456789" };
      const exchanger = (headers: Record<string, string>) =>
        fetch(`${base}/exchanger/webhook`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
          body: "web_hooks=%7B%7D",
        });
      expect((await exchanger(telegramSecret)).status).toBe(401);
      expect((await exchanger({ "x-authorization": SECRET })).status).toBe(200);
      expect(await state(`${base}/exchanger/webhook`)).toMatchObject({ arriving: true });
      const telegram = await fetch(`${base}/telegram/hook`, {
        method: "POST",
        headers: { "x-authorization": SECRET },
        body: "{}",
      });
      expect(telegram.status).toBe(401);
    } finally {
      const code = await bot.stop();
      await fake.close();
      expect(code).toBe(0);
    }
  }, 60_000);
});
