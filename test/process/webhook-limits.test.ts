/**
 * The built process in webhook mode against oversized bodies: a 50 MB upload with the right secret
 * is refused with 413 and the process does not grow by anything near the body's size.
 */
import { readFileSync } from "node:fs";
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

/** Resident memory of a process, from /proc (Linux). */
function rssBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

describe("the compiled bot's webhook server", () => {
  it("refuses a 50 MB body with the right secret (413) without growing", async () => {
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
      const pid = bot.child.pid!;
      // Warm the refusal path first (its code loaded and compiled, start-up's own allocations done), so
      // the measurement below counts only what the two 50 MB bodies cost.
      const warmUp = await rawRequest({
        port,
        path: "/telegram/hook",
        headers: { "X-Telegram-Bot-Api-Secret-Token": SECRET, "Content-Length": String(2 * MB) },
        bodyBytes: 2 * MB,
      });
      expect(warmUp.status).toBe(413);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = rssBytes(pid);

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

      const after = rssBytes(pid);
      // Buffering either body would add at least 50 MB; allow generous noise for the allocator and GC.
      expect(after - before).toBeLessThan(20 * MB);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200); // still serving
    } finally {
      // On a failed shutdown the bot's own last words say why.
      expect(await bot.stop(), bot.output().slice(-3000)).toBe(0);
    }
  }, 60_000);
});
