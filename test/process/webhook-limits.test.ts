/**
 * The built process in webhook mode against oversized bodies: a 50 MB upload with the right secret
 * is refused with 413 before the body has been taken in, so the process cannot have buffered it.
 * Measured by what the sender managed to send, not by the process's resident memory: RSS moves with
 * the allocator and the garbage collector's timing, which made the test flaky under load.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_TOKEN, TelegramFake } from "../harness/telegram-fake.js";
import { rawRequest } from "../harness/raw-http.js";
import { startBot, waitFor } from "./process-helpers.js";
import { freePort } from "../harness/ports.js";

const SECRET = "webhook-secret-0123456789";
const MB = 1024 * 1024;

let fake: TelegramFake;
let apiRoot: string;

beforeAll(async () => {
  fake = new TelegramFake();
  apiRoot = await fake.listen();
}, 120_000);

afterAll(async () => {
  await fake.close();
});

describe("the compiled bot's webhook server", () => {
  it("refuses a 50 MB body with the right secret (413) without taking it in", async () => {
    const port = await freePort();
    const bot = startBot({
      BOT_TOKEN,
      EXCHANGER_BASE_URL: "http://127.0.0.1:9",
      TELEGRAM_API_ROOT: apiRoot,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example.com/telegram/hook",
      WEBHOOK_SECRET: SECRET,
      PORT: String(port),
    });
    try {
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.ok,
        "/healthz",
      );
      const announced = await rawRequest({
        port,
        path: "/telegram/hook",
        headers: { "X-Telegram-Bot-Api-Secret-Token": SECRET, "Content-Length": String(50 * MB) },
        bodyBytes: 50 * MB,
      });
      expect(announced.status).toBe(413);
      const chunked = await rawRequest({
        port,
        path: "/telegram/hook",
        headers: { "X-Telegram-Bot-Api-Secret-Token": SECRET, "Transfer-Encoding": "chunked" },
        bodyBytes: 50 * MB,
      });
      expect(chunked.status).toBe(413);

      // The sender stops at the answer. A server that buffered the body would answer only after all
      // 50 MB; one that refuses at the limit (1 MB) answers while the sender is still far from the end
      // (at most the limit plus the loopback socket buffers, a few MB, can be in flight).
      expect(announced.bodyBytesSent).toBeLessThan(50 * MB);
      expect(chunked.bodyBytesSent).toBeLessThan(50 * MB);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200); // still serving
    } finally {
      // On a failed shutdown the bot's own last words say why.
      expect(await bot.stop(), bot.output().slice(-3000)).toBe(0);
    }
  }, 60_000);
});
