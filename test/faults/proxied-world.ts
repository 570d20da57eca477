/**
 * The world of the "storage fails after the request left" tests: a fresh sandbox exchanger per test,
 * an ExchangerProxy in front of it (to act the moment the exchanger has answered), a redis-server of
 * the test's own (to stop it or make it refuse writes), and a Harness on all three. Call inside a
 * describe; everything is stopped after each test, Redis brought back first so the harness cleans up.
 */
import { afterEach, beforeEach } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { Harness } from "../harness/harness.js";
import { ExchangerProxy } from "./exchanger-proxy.js";
import { OwnRedis } from "./own-redis.js";

export interface ProxiedWorld {
  sandbox: Sandbox;
  proxy: ExchangerProxy;
  redis: OwnRedis;
  h: Harness;
}

/**
 * Starts the world before each test, with the admin chat `adminChat` alerted and `env(sandbox)` added
 * to the bot's environment; returns a getter for the running one.
 */
export function proxiedWorldPerTest(
  adminChat: number,
  env: (sandbox: Sandbox) => Record<string, string> = () => ({}),
): () => ProxiedWorld {
  let world: ProxiedWorld | undefined;
  beforeEach(async () => {
    const sandbox = await startSandbox();
    const proxy = await ExchangerProxy.start(sandbox.baseUrl);
    const redis = await OwnRedis.start();
    const h = await Harness.start({
      sandbox,
      env: {
        REDIS_URL: redis.url,
        EXCHANGER_BASE_URL: proxy.baseUrl,
        EXCHANGER_TIMEOUT_MS: "2000",
        ADMIN_CHAT_IDS: String(adminChat),
        ...env(sandbox),
      },
    });
    world = { sandbox, proxy, redis, h };
  });
  afterEach(async () => {
    if (world === undefined) return;
    const { sandbox, proxy, redis, h } = world;
    world = undefined;
    proxy.hooks = {};
    await redis.up(); // the harness cleans its keys on close
    await redis.acceptWrites();
    await h.close();
    await redis.stop();
    await proxy.close();
    await sandbox.close();
  });
  return () => {
    if (world === undefined) throw new Error("proxiedWorldPerTest: read the world inside a test");
    return world;
  };
}

/** Texts of the bot's messages in a chat, from the `from`-th on, in one string. */
export function botSaid(h: Harness, chatId: number, from = 0): string {
  return botMessages(h, chatId)
    .slice(from)
    .map((m) => m.text)
    .join("\n---\n");
}

/** The bot's messages in a chat so far (edited ones count once). */
export function botMessages(h: Harness, chatId: number) {
  return h.fake.messages.filter((m) => m.chatId === chatId && m.from === "bot");
}
