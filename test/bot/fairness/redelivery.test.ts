/**
 * Each update is handled once: Telegram redelivers a webhook update whose answer was slow or failed,
 * and getUpdates can repeat one after a crash. A repeat — on this instance, another one, or after a
 * restart — does nothing. (The process tests deliver repeats through the real webhook and polling.)
 */
import { describe, expect, it } from "vitest";
import { createApp } from "../../../src/app.js";
import { parseConfig } from "../../../src/config.js";
import { createLogger } from "../../../src/logger.js";
import { Harness } from "../../harness/harness.js";
import { harnessPerTest } from "../../harness/per-test.js";
import { BOT_TOKEN, TelegramFake } from "../../harness/telegram-fake.js";
import { textUpdate } from "../../harness/updates.js";
import { tempDir } from "../../storage/helpers.js";

const CHANGE = "/user-api-change-password";

describe("a redelivered update", () => {
  const harness = harnessPerTest();

  it("a redelivered new-password message is not taken as its own confirmation", async () => {
    const h = harness();
    const user = await h.linkedUser("main");
    const current = h.sandbox.accounts.main.password;
    await user.send("/password");
    await user.send(current);
    const newPassword = user.textUpdate("unconfirmed-pass-1");
    await h.deliver(newPassword);
    expect(user.lastText()).toMatch(/once more/);
    const before = h.fake.calls.length;
    await h.deliver(newPassword); // Telegram's redelivery: same update_id
    // The secret guard runs before the duplicate check (this password has a key's shape: deleted
    // before the store is read), but remembers what it deleted: no second deleteMessage (Telegram
    // would refuse it: "message to delete not found"), nothing at all.
    expect(h.fake.calls.slice(before)).toEqual([]);
    expect(h.exchangerCalls(CHANGE)).toHaveLength(0);
    expect(h.sandbox.accounts.main.password).toBe(current);
    // The flow still waits for the real confirmation.
    await user.send("unconfirmed-pass-2");
    expect(user.lastText()).toMatch(/do not match/);
    expect(h.sandbox.accounts.main.password).toBe(current);
  });

  it("a redelivered answer to a password prompt (no key's shape) deletes nothing twice: the duplicate check first", async () => {
    const h = harness();
    const user = await h.linkedUser("main");
    await user.send("/password");
    await user.send(h.sandbox.accounts.main.password);
    const answer = user.textUpdate("Pa$$w0rd9");
    await h.deliver(answer);
    expect(user.lastText()).toMatch(/once more/);
    expect(h.fake.message(user.chatId, answer.message!.message_id)!.deleted).toBe(true);
    const before = h.fake.calls.length;
    await h.deliver(answer); // Telegram's redelivery: same update_id
    expect(h.fake.calls.slice(before)).toEqual([]);
    await user.send("Pa$$w0rd9");
    expect(user.lastText()).toMatch(/has been changed/);
  });

  it("a redelivered command or press does nothing, also after a restart and on another instance", async () => {
    const h = harness();
    const user = await h.linkedUser("main");
    const command = user.textUpdate("/account");
    await h.deliver(command);
    const calls = h.fake.calls.length;
    const exchangerCalls = h.sandbox.requests.length;
    await h.deliver(command);
    await h.restart();
    await h.deliver(command);
    const second = await Harness.start({ sandbox: h.sandbox, prefix: h.prefix });
    try {
      await second.deliver(command);
      expect(second.fake.calls).toEqual([]);
    } finally {
      await second.close();
    }
    expect(h.fake.calls.length).toBe(calls);
    expect(h.sandbox.requests.length).toBe(exchangerCalls);
  });

  it("the embedded store remembers update ids too, across a restart", async () => {
    const h = harness();
    const dir = await tempDir();
    const fake = new TelegramFake();
    const config = parseConfig({
      BOT_TOKEN,
      EXCHANGER_BASE_URL: h.sandbox.baseUrl,
      DATA_DIR: dir.path,
      TELEGRAM_API_ROOT: "https://telegram.fake",
      LOG_LEVEL: "silent",
    });
    const start = () =>
      createApp(config, createLogger("silent"), {
        client: { fetch: fake.fetch as never },
        botInfo: fake.botInfo,
      });
    const command = textUpdate(fake, 4242, "/help");
    let app = await start();
    try {
      await app.bot.handleUpdate(command);
      const calls = fake.calls.length;
      expect(calls).toBeGreaterThan(0);
      await app.bot.handleUpdate(command);
      await app.close();
      app = await start();
      await app.bot.handleUpdate(command);
      expect(fake.calls.length).toBe(calls);
    } finally {
      await app.close();
      await fake.close();
      await dir.remove();
    }
  });
});
