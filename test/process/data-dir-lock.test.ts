/**
 * Two bot processes on one DATA_DIR (the embedded store): the second — in its own PID namespace,
 * as a second container on the same volume would be — refuses to start and the first loses nothing;
 * once the first is SIGKILLed, a new process starts after the lock's stale period and has the data.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { DEFAULT_LOCK_STALE_MS } from "../../src/storage/kv-file.js";
import { BOT_TOKEN, TelegramFake } from "../harness/telegram-fake.js";
import { textUpdate } from "../harness/updates.js";
import { startBot, waitFor, type BotProcess } from "./process-helpers.js";

/** Its own PID namespace where the machine allows it (root); otherwise a plain second process, asserted alike. */
function pidNamespaceWrapper(): string[] {
  const wrapper = ["unshare", "--pid", "--fork", "--mount-proc", "--kill-child"];
  try {
    execFileSync(wrapper[0]!, [...wrapper.slice(1), "true"], { stdio: "ignore" });
    return wrapper;
  } catch {
    return [];
  }
}

let sandbox: Sandbox;
let fake: TelegramFake;
let apiRoot: string;
const running: BotProcess[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  fake = new TelegramFake();
  apiRoot = await fake.listen();
}, 120_000);

afterAll(async () => {
  for (const bot of running)
    if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill("SIGKILL");
  await fake.close();
  await sandbox.close();
});

function linkedChats(dataDir: string): string[] {
  const entries = (
    JSON.parse(readFileSync(join(dataDir, "store.json"), "utf8")) as {
      entries: Record<string, unknown>;
    }
  ).entries;
  return Object.keys(entries).filter((k) => /^chat:\d+:key$/.test(k));
}

describe("the embedded store's data folder lock", () => {
  it("refuses a second process (own PID namespace) while the first runs; after a crash a new one starts once the lock is stale", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "xbot-lock-")), "data");
    const env = {
      BOT_TOKEN,
      EXCHANGER_BASE_URL: sandbox.baseUrl,
      TELEGRAM_API_ROOT: apiRoot,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    };
    const start = (wrapper: string[] = []) => {
      const bot = startBot(env, wrapper);
      running.push(bot);
      return bot;
    };

    const first = start();
    await waitFor(() => fake.callsOf("getUpdates").length > 0, "the first process polling");
    fake.pushUpdate(textUpdate(fake, 501, sandbox.accounts.main.apiKey));
    await waitFor(
      () => fake.visible(501).some((m) => m.text.includes("Account linked")),
      "chat 501 linked",
    );

    const second = start(pidNamespaceWrapper());
    // It waits out one stale period in case the lock is a crashed process's, then must give up.
    const code = await Promise.race([
      second.exited,
      new Promise<"still running">((r) =>
        setTimeout(() => r("still running"), DEFAULT_LOCK_STALE_MS + 20_000),
      ),
    ]);
    expect(code, "the second process took the lock and started").not.toBe("still running");
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`DATA_DIR (${dataDir}) is in use by another bot process`);
    expect(second.output()).not.toMatch(/at .*\.js:\d+/); // a message, not a stack trace

    // The first kept its lock and its data, and still works.
    fake.pushUpdate(textUpdate(fake, 502, sandbox.accounts.main.apiKey));
    await waitFor(
      () => fake.visible(502).some((m) => m.text.includes("Account linked")),
      "chat 502 linked",
    );
    expect(linkedChats(dataDir).sort()).toEqual(["chat:501:key", "chat:502:key"]);

    // A crash leaves the lock behind; the next process waits until it is stale, then starts with the data.
    first.child.kill("SIGKILL");
    await first.exited;
    const killedAt = Date.now();
    const polls = fake.callsOf("getUpdates").length;
    const third = start();
    await waitFor(
      () => fake.callsOf("getUpdates").length > polls,
      "the restarted process polling",
      DEFAULT_LOCK_STALE_MS + 20_000,
    );
    // The holder refreshes its lock every third of the stale period, so it goes stale 2/3 to 3/3 of it after the kill.
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual((DEFAULT_LOCK_STALE_MS * 2) / 3 - 500);
    expect(third.output()).toMatch(/DATA_DIR is locked by another bot process; waiting/);
    fake.pushUpdate(textUpdate(fake, 501, "/account"));
    await waitFor(
      () => fake.visible(501).filter((m) => m.text.includes("Account")).length > 1,
      "chat 501 still linked after the restart",
    );
    expect(await third.stop()).toBe(0);
    expect(linkedChats(dataDir).sort()).toEqual(["chat:501:key", "chat:502:key"]);
  }, 120_000);
});
