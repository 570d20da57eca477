/**
 * The built process over real HTTP: long polling against a loopback Bot API fake, webhook mode with
 * and without the secret header, /healthz, and a bad configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { BOT_TOKEN, TelegramFake } from "../harness/telegram-fake.js";
import { callbackUpdate, messageWithButton, textUpdate } from "../harness/updates.js";
import { startBot, waitFor } from "./process-helpers.js";
import type { Update } from "grammy/types";
import { freePort } from "../harness/ports.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
}, 120_000);

afterAll(async () => {
  await sandbox.close();
});

describe("the compiled bot process", () => {
  it("exits non-zero with one message naming every missing variable", async () => {
    const bot = startBot({});
    const code = await bot.exited;
    expect(code).not.toBe(0);
    expect(bot.output()).toMatch(/BOT_TOKEN is required/);
    expect(bot.output()).toMatch(/EXCHANGER_BASE_URL is required/);
    expect(bot.output()).not.toMatch(/at .*\.js:\d+/); // no stack trace
  });

  it("long-polls a loopback Bot API, links an account with the embedded store, and shuts down cleanly", async () => {
    const fake = new TelegramFake();
    const apiRoot = await fake.listen();
    const bot = startBot({
      BOT_TOKEN,
      EXCHANGER_BASE_URL: sandbox.baseUrl,
      TELEGRAM_API_ROOT: apiRoot,
      LOG_LEVEL: "info",
      NOTIFY_INTERVAL_MS: "1000",
    });
    try {
      await waitFor(() => fake.callsOf("getUpdates").length > 0, "the first getUpdates");
      expect(fake.callsOf("setMyCommands").length).toBe(4);
      // The profile's descriptions too: en, ru, uk and the default without language_code.
      expect([...fake.descriptions.keys()].sort()).toEqual(["", "en", "ru", "uk"]);
      expect([...fake.shortDescriptions.keys()].sort()).toEqual(["", "en", "ru", "uk"]);

      fake.pushUpdate(textUpdate(fake, 777, "/start"));
      await waitFor(
        () => fake.visible(777).some((m) => m.from === "bot" && m.text.includes("API Settings")),
        "the greeting",
      );

      const key = sandbox.accounts.main.apiKey;
      fake.pushUpdate(textUpdate(fake, 777, key));
      await waitFor(
        () => fake.visible(777).some((m) => m.text.includes("Account linked")),
        "the account card",
      );
      expect(fake.messages.find((m) => m.raw === key)?.deleted).toBe(true);
      // getUpdates repeating an update (as after a crash): handled once.
      const answers = () => fake.callsOf("sendMessage", 777).length;
      const answered = answers();
      const help = textUpdate(fake, 777, "/help");
      fake.pushUpdate(help);
      fake.pushUpdate(help);
      fake.pushUpdate(textUpdate(fake, 777, "/help"));
      // A chat's updates are handled in order: once a later update (/menu) is answered, a repeat
      // handled by mistake would have been answered before it. Counted, not waited out.
      fake.pushUpdate(textUpdate(fake, 777, "/menu"));
      const texts = () =>
        fake
          .callsOf("sendMessage", 777)
          .slice(answered)
          .map((c) => String(c.payload.text));
      const helpText = await waitFor(() => texts()[0], "the /help answer");
      await waitFor(() => texts().some((t) => t !== helpText), "the answer to the next update");
      expect(texts().filter((t) => t === helpText)).toHaveLength(2);
      // Long polling really advanced the offset (each update handled once).
      const offsets = fake.callsOf("getUpdates").map((c) => Number(c.payload.offset ?? 0));
      expect(Math.max(...offsets)).toBeGreaterThanOrEqual(2);
      expect(bot.output()).not.toContain(key);

      // The order status watcher runs in the process too (main.ts starts it beside polling).
      const polls = () =>
        sandbox.requests.filter((r) => r.path === "/user-api-get-orders" && r.account === "main")
          .length;
      const before = polls();
      fake.pushUpdate(textUpdate(fake, 777, "/notify")); // shows the state; its button switches on
      await waitFor(
        () => messageWithButton(fake, 777, "notify:on") !== undefined,
        "the notifications screen",
      );
      fake.pushUpdate(
        callbackUpdate(fake, 777, messageWithButton(fake, 777, "notify:on")!, "notify:on"),
      );
      await waitFor(() => polls() > before, "the watcher's first poll (its baseline)");
      const newestFirst = [...sandbox.state.accounts.main!.orders].sort(
        (a, b) => Number(b.id) - Number(a.id),
      );
      const order = newestFirst.find((o) => Number(o.status) === 0)!;
      sandbox.setOrderStatus("main", order.id, 1);
      await waitFor(
        () =>
          fake
            .visible(777)
            .some(
              (m) =>
                m.from === "bot" &&
                m.text.startsWith(`🔔 #${String(order.id)} `) &&
                m.text.endsWith(": now paid"),
            ),
        "the status notification",
      );
    } finally {
      const code = await bot.stop();
      await fake.close();
      expect(code).toBe(0);
    }
  }, 60_000);

  it("in webhook mode refuses updates without the secret header, handles them with it, answers /healthz", async () => {
    const fake = new TelegramFake();
    const apiRoot = await fake.listen();
    const port = await freePort();
    const secret = "webhook-secret-0123456789";
    const bot = startBot({
      BOT_TOKEN,
      EXCHANGER_BASE_URL: sandbox.baseUrl,
      TELEGRAM_API_ROOT: apiRoot,
      BOT_MODE: "webhook",
      WEBHOOK_URL: `https://bot.example.com/telegram/hook`,
      WEBHOOK_SECRET: secret,
      PORT: String(port),
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor(
        async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.ok,
        "/healthz",
      );
      expect(fake.webhook).toEqual({
        url: "https://bot.example.com/telegram/hook",
        secretToken: secret,
      });

      const post = (update: Update, headers: Record<string, string>) =>
        fetch(`${base}/telegram/hook`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify(update),
        });

      const refused = await post(textUpdate(fake, 888, "/help"), {});
      expect(refused.status).toBe(401);
      const wrong = await post(textUpdate(fake, 888, "/help"), {
        "X-Telegram-Bot-Api-Secret-Token": "not-the-secret-000000",
      });
      expect(wrong.status).toBe(401);
      expect(fake.callsOf("sendMessage", 888)).toHaveLength(0);

      const help = textUpdate(fake, 888, "/help");
      const accepted = await post(help, { "X-Telegram-Bot-Api-Secret-Token": secret });
      expect(accepted.status).toBe(200);
      await waitFor(
        () => fake.visible(888).some((m) => m.from === "bot" && m.text.includes("/account")),
        "the /help answer",
      );

      // Telegram redelivers an update whose answer it did not get: acknowledged, and handled once.
      const answers = () => fake.callsOf("sendMessage", 888).length;
      const once = answers();
      const redelivered = await post(help, { "X-Telegram-Bot-Api-Secret-Token": secret });
      expect(redelivered.status).toBe(200);
      const after = textUpdate(fake, 888, "/help");
      await post(after, { "X-Telegram-Bot-Api-Secret-Token": secret });
      // A chat's updates are handled in order: once a later update (/start) is answered, a repeat
      // handled by mistake would have been answered before it. Counted, not waited out.
      await post(textUpdate(fake, 888, "/start"), { "X-Telegram-Bot-Api-Secret-Token": secret });
      const texts = () =>
        fake
          .callsOf("sendMessage", 888)
          .slice(once)
          .map((c) => String(c.payload.text));
      const helpText = await waitFor(() => texts()[0], "the next update's answer");
      await waitFor(() => texts().some((t) => t !== helpText), "the answer to /start");
      expect(texts().filter((t) => t === helpText)).toHaveLength(1);
    } finally {
      const code = await bot.stop();
      await fake.close();
      expect(code).toBe(0);
    }
  }, 60_000);
});
