/** The watcher on the embedded file store (one instance, no Redis), across a restart. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Api } from "grammy";
import { createI18n } from "../../src/bot/i18n.js";
import { SettingsStore } from "../../src/storage/settings.js";
import { createExchangerClient } from "../../src/exchanger/client.js";
import { createLogger } from "../../src/logger.js";
import { enableNotifications, SCHEDULE_KEY } from "../../src/notify/schedule.js";
import { Notifier } from "../../src/notify/watcher.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { Keyring } from "../../src/storage/crypto.js";
import { FileKV } from "../../src/storage/kv-file.js";
import { Vault } from "../../src/storage/vault.js";
import { BOT_TOKEN, TelegramFake } from "../harness/telegram-fake.js";
import { randomKey, tempDir } from "../storage/helpers.js";
import { TestClock } from "./helpers.js";

const CHAT = 4242;

describe("watcher on the embedded store", () => {
  let sandbox: Sandbox;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let kv: FileKV;
  const keyring = new Keyring(randomKey());
  const fake = new TelegramFake();
  const clock = new TestClock();
  const exchangers: Array<ReturnType<typeof createExchangerClient>> = [];

  function watcher(): Notifier {
    const exchanger = createExchangerClient({ baseUrl: sandbox.baseUrl, timeoutMs: 3_000 });
    exchangers.push(exchanger);
    return new Notifier(
      {
        api: new Api(BOT_TOKEN, { fetch: fake.fetch as never }),
        exchanger,
        kv,
        vault: new Vault(kv, keyring),
        settings: new SettingsStore(kv),
        logger: createLogger("silent"),
        i18n: createI18n("en"),
        defaultLanguage: "en",
        notify: { intervalMs: 60_000, idleIntervalMs: 900_000, maxRps: 5 },
      },
      { now: clock.now },
    );
  }
  const sent = () =>
    fake.callsOf("sendMessage", CHAT).map((c) => String(c.payload.text).replace(/<[^>]+>/g, ""));

  beforeEach(async () => {
    sandbox = await startSandbox();
    dir = await tempDir();
    kv = await FileKV.open(dir.path);
  });
  afterEach(async () => {
    for (const e of exchangers.splice(0)) await e.close();
    await kv.close();
    await dir.remove();
    await sandbox.close();
  });

  it("announces a change once and keeps its state through a restart", async () => {
    await new Vault(kv, keyring).link(CHAT, sandbox.accounts.main.apiKey);
    await enableNotifications(kv, new SettingsStore(kv), CHAT, "en");
    expect((await watcher().runOnce()).outcomes).toEqual({ baseline: 1 });

    const added = sandbox.addOrder("main");
    clock.advance(900_001);
    expect((await watcher().runOnce()).outcomes).toEqual({ notified: 1 });
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toContain(`New order #${String(added.id)}`);

    // Restart: the store is closed and opened again from disk.
    await kv.close();
    kv = await FileKV.open(dir.path);
    expect(await kv.zscore(SCHEDULE_KEY, String(CHAT))).toBeDefined();
    clock.advance(900_001);
    expect((await watcher().runOnce()).outcomes).toEqual({ unchanged: 1 });
    sandbox.setOrderStatus("main", String(added.id), 4);
    clock.advance(900_001);
    expect((await watcher().runOnce()).outcomes).toEqual({ notified: 1 });
    expect(sent()).toHaveLength(2);
    expect(sent()[1]).toContain(`: now completed`);
  });
});
