/**
 * The bot process killed (SIGKILL, no graceful stop) while private-api-create-order is in flight: the
 * exchanger created the order, the dead process never heard back. The next start finishes that
 * creation exactly as after a graceful restart: the summary that said "Creating the order…" becomes
 * the order's number, token and where to pay, and nothing is created twice. The compiled bot runs as a
 * real child process on the embedded file store (`world("redis")` runs it on a Redis of its own).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { BOT_TOKEN, TelegramFake, type StoredMessage } from "../harness/telegram-fake.js";
import { callbackUpdate, textUpdate } from "../harness/updates.js";
import { ExchangerProxy } from "../faults/exchanger-proxy.js";
import { OwnRedis } from "../faults/own-redis.js";
import { startBot, waitFor, type BotProcess } from "./process-helpers.js";

const CREATE = "/private-api-create-order";
const CHAT = 5_150_001;

let cleanup: (() => Promise<unknown>)[] = [];
/** The running bot's log, shown with the chat when a wait times out. */
let botLog = () => "";
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

/** The newest visible bot message of the chat. */
const last = (fake: TelegramFake) =>
  fake
    .visible(CHAT)
    .filter((m) => m.from === "bot")
    .at(-1);

type Button = { text: string; callback_data?: string };
const buttons = (m: StoredMessage) => (m.replyMarkup?.inline_keyboard ?? []).flat() as Button[];

/** Presses the newest button whose label matches, as Telegram would deliver the press. */
async function press(fake: TelegramFake, label: RegExp, then: (text: string) => boolean) {
  const message = fake
    .visible(CHAT)
    .filter((m) => m.from === "bot")
    .reverse()
    .find((m) => buttons(m).some((b) => label.test(b.text)));
  if (message === undefined) throw new Error(`no button ${String(label)}`);
  const button = buttons(message).find((b) => label.test(b.text))!;
  fake.pushUpdate(callbackUpdate(fake, CHAT, message.messageId, button.callback_data!));
  await answered(fake, `the answer to ${String(label)}`, then);
}

/** Waits for the newest bot message to say `then`; on a timeout the chat is shown. Loaded machines: 30 s. */
async function answered(fake: TelegramFake, what: string, then: (text: string) => boolean) {
  await waitFor(() => then(last(fake)?.text ?? ""), what, 30_000).catch((e: unknown) => {
    throw new Error(
      `${String(e)}\n${fake
        .visible(CHAT)
        .map((m) => `${m.from}: ${m.text}`)
        .join("\n")}\n--- answers: ${JSON.stringify(
        fake.callsOf("answerCallbackQuery").map((c) => c.payload.text ?? ""),
      )}\n--- the bot's log ---\n${botLog().slice(-20000)}`,
    );
  });
}

async function send(fake: TelegramFake, text: string, then: (text: string) => boolean) {
  fake.pushUpdate(textUpdate(fake, CHAT, text));
  await answered(fake, `the answer to ${text.slice(0, 20)}`, then);
}

async function world(store: "file" | "redis") {
  const sandbox: Sandbox = await startSandbox({ port: 0 });
  cleanup.push(() => sandbox.close());
  const proxy = await ExchangerProxy.start(sandbox.baseUrl);
  cleanup.push(() => proxy.close());
  const fake = new TelegramFake();
  const apiRoot = await fake.listen();
  cleanup.push(() => fake.close());
  const dataDir = join(mkdtempSync(join(tmpdir(), "xbot-crash-")), "data");
  const redis = store === "redis" ? await OwnRedis.start() : undefined;
  if (redis) cleanup.push(() => redis.stop());
  const env: Record<string, string> = {
    BOT_TOKEN,
    EXCHANGER_BASE_URL: proxy.baseUrl,
    TELEGRAM_API_ROOT: apiRoot,
    PRIVATE_API_KEY: sandbox.operatorKey,
    LOG_LEVEL: process.env.CRASH_LOG_LEVEL ?? "info",
    DATA_DIR: dataDir,
    ...(redis && {
      REDIS_URL: redis.url,
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    }),
  };
  const start = (): BotProcess => {
    const bot = startBot(env);
    botLog = bot.output;
    cleanup.push(() => bot.stop());
    return bot;
  };
  return { sandbox, proxy, fake, start };
}

describe("a creation cut off by a crash", { timeout: 180_000 }, () => {
  it.each(["file"] as const)(
    "SIGKILL while create-order is in flight (%s store): the next start tells the order's number and where to pay",
    async (store) => {
      const { sandbox, proxy, fake, start } = await world(store);
      const first = start();
      await waitFor(() => fake.callsOf("getUpdates").length > 0, "the first getUpdates");
      await send(fake, "/start", (t) => t.includes("API Settings"));
      await send(fake, sandbox.accounts.main.apiKey, (t) => t.includes("Account linked"));
      await send(fake, "/exchange", (t) => /send/i.test(t));
      await press(fake, /^Tether TRC20/, (t) => /receive/i.test(t));
      await press(fake, /Visa\/Mastercard UAH/, (t) => t.includes("How much Tether TRC20"));
      await send(fake, "100.5", (t) => t.includes("You receive"));
      await press(fake, /^414949\*+1234$/, (t) => t.toLowerCase().includes("holder"));
      await press(fake, /^IVAN PETRENKO$/, (t) => t.toLowerCase().includes("mail"));
      await press(fake, /^ivan\.petrenko@example\.com$/, (t) =>
        t.includes("Check the order before creating it"),
      );
      const summaryId = last(fake)!.messageId;
      const createData = buttons(last(fake)!).find((b) =>
        b.text.includes("Create order"),
      )!.callback_data!;

      // The exchanger creates the order; its answer is held until the process is dead.
      let reached = false;
      let release: () => void = () => undefined;
      const held = new Promise<"drop">((resolve) => (release = () => resolve("drop")));
      cleanup.push(async () => release());
      proxy.hooks.afterAnswer = (path) => {
        if (path !== CREATE) return "pass";
        reached = true;
        return held;
      };
      await press(fake, /Create order/, (t) => t.includes("Creating the order…"));
      await waitFor(() => reached, "create-order to reach the exchanger");
      const order = sandbox.state.accounts.main!.orders.find((o) => o.send_amount === "100.50")!;
      expect(order).toBeDefined();

      first.child.kill("SIGKILL");
      expect(await first.exited).toBe(null);
      release();
      proxy.hooks.afterAnswer = undefined;
      const summary = () => fake.message(CHAT, summaryId)!.text;
      expect(summary()).toContain("Creating the order…");

      // The next start, at once (a container's restart policy): the chat is told, in the summary.
      const second = start();
      await waitFor(
        () => summary().includes(`Order #${String(order.id)}`),
        "the summary to become the order",
        30_000,
      );
      expect(summary()).not.toContain("Creating the order…");
      expect(summary()).toContain("The bot restarted while creating your order");
      expect(summary()).toContain(order.token);
      expect(summary()).toContain(String(order.pay_to));
      // Where to pay, as under every order card: the address's QR code.
      await waitFor(() => fake.callsOf("sendPhoto", CHAT).length > 0, "the QR code");
      // The exchange that pressed Create is left: its old button creates nothing a second time.
      const answers = fake.callsOf("answerCallbackQuery").length;
      fake.pushUpdate(callbackUpdate(fake, CHAT, summaryId, createData));
      await waitFor(
        () => fake.callsOf("answerCallbackQuery").length > answers,
        "the old Create's answer",
      );
      expect(String(fake.callsOf("answerCallbackQuery").at(-1)!.payload.text)).toContain(
        "Already done",
      );
      expect(summary()).toContain(`Order #${String(order.id)}`);
      expect(sandbox.requests.filter((r) => r.path === CREATE)).toHaveLength(1);
      expect(await second.stop()).toBe(0);
    },
  );
});
