/**
 * One end-to-end test world: the sandbox exchanger, a real Redis (unique key prefix per harness),
 * the Telegram fake, and the real bot built by createApp — the same wiring production uses.
 * `restart()` builds a fresh bot on the same storage, as a redeploy in the middle of a flow would.
 */
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { Update } from "grammy/types";
import { Redis } from "ioredis";
import { createApp, type App, type Storage } from "../../src/app.js";
import { parseConfig, type Config } from "../../src/config.js";
import { createLogger, type Logger } from "../../src/logger.js";
import { openStorage } from "../../src/storage/index.js";
import { startSandbox, type DialectName, type Sandbox } from "../../src/sandbox/server.js";
import type { Dialect } from "../../src/sandbox/dialect.js";
import { BOT_TOKEN, TelegramFake } from "./telegram-fake.js";
import { SimUser, type UserOptions } from "./user.js";

export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 42).toString("base64");

export interface HarnessOptions {
  /** Extra environment for parseConfig (e.g. EXCHANGER_TIMEOUT_MS, ORDERS_PAGE_SIZE); REDIS_SENTINELS replaces the default REDIS_URL. */
  env?: Record<string, string>;
  /** The sandbox's dialect (src/sandbox/dialect.ts), or a variant of one, when this harness starts its own; default spec. */
  dialect?: DialectName | Dialect;
  /** Share one sandbox between harnesses (two bot instances on one exchanger). */
  sandbox?: Sandbox;
  /** Share the Redis prefix (two bot instances on one Redis). */
  prefix?: string;
  /** Serve the fake over loopback HTTP too (file downloads through TELEGRAM_API_ROOT). */
  http?: boolean;
  /** The level `logs` are written at (default debug); "trace" to prove a secret is in no line at all. */
  logLevel?: "debug" | "trace";
}

export class Harness {
  private users = 1000;
  private ownsSandbox: boolean;

  private constructor(
    readonly fake: TelegramFake,
    readonly sandbox: Sandbox,
    readonly config: Config,
    readonly prefix: string,
    readonly logs: string[],
    private readonly logger: Logger,
    public storage: Storage,
    public app: App,
    ownsSandbox: boolean,
  ) {
    this.ownsSandbox = ownsSandbox;
  }

  static async start(options: HarnessOptions = {}): Promise<Harness> {
    const sandbox = options.sandbox ?? (await startSandbox({ port: 0, dialect: options.dialect }));
    const fake = new TelegramFake();
    const apiRoot = options.http ? await fake.listen() : "https://telegram.fake"; // never reached: the fake answers at client.fetch
    const prefix = options.prefix ?? `test:${randomBytes(6).toString("hex")}:`;
    const config = parseConfig({
      BOT_TOKEN,
      EXCHANGER_BASE_URL: sandbox.baseUrl,
      EXCHANGER_TIMEOUT_MS: "3000",
      ...(options.env?.REDIS_SENTINELS === undefined ? { REDIS_URL } : {}),
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      TELEGRAM_API_ROOT: apiRoot,
      LOG_LEVEL: "debug",
      ...options.env,
    });
    const logs: string[] = [];
    const logger = createLogger(
      options.logLevel ?? "debug",
      new Writable({ write: (chunk, _enc, done) => (logs.push(String(chunk)), done()) }),
    );
    const storage = await openStorage(config, logger, { prefix });
    const app = await Harness.build(config, logger, storage, fake);
    return new Harness(
      fake,
      sandbox,
      config,
      prefix,
      logs,
      logger,
      storage,
      app,
      options.sandbox === undefined,
    );
  }

  private static async build(
    config: Config,
    logger: Logger,
    storage: Storage,
    fake: TelegramFake,
  ): Promise<App> {
    const app = await createApp(config, logger, {
      storage,
      client: { fetch: fake.fetch as never },
      botInfo: fake.botInfo,
    });
    await app.bot.init();
    return app;
  }

  /** Delivers one update the way the runner would (through the whole middleware stack). */
  readonly deliver = async (update: Update): Promise<void> => {
    await this.app.bot.handleUpdate(update);
  };

  user(options: Partial<UserOptions> = {}): SimUser {
    return new SimUser(this.fake, this.deliver, { id: options.id ?? this.users++, ...options });
  }

  /** A user who already linked the given sandbox account. */
  async linkedUser(
    account: "main" | "twofa" | "empty" = "main",
    options: Partial<UserOptions> = {},
  ): Promise<SimUser> {
    const user = this.user(options);
    await user.send(this.sandbox.accounts[account].apiKey);
    if (!(await this.storage.vault.has(user.chatId)))
      throw new Error(`linking failed: ${user.transcript()}`);
    return user;
  }

  /** A new bot on the same storage and Telegram fake, as after a redeploy. */
  async restart(): Promise<void> {
    await this.app.close(); // the storage is shared, so it stays open (createApp was given it)
    this.app = await Harness.build(this.config, this.logger, this.storage, this.fake);
  }

  /**
   * A new bot on the same storage while the old one is left as it is, in the middle of whatever it was
   * doing — as after the process was killed. Returns the old app: close it once the test is done.
   */
  async restartAfterCrash(): Promise<App> {
    const old = this.app;
    this.app = await Harness.build(this.config, this.logger, this.storage, this.fake);
    return old;
  }

  /** Every raw value under this harness's Redis prefix (to prove secrets are not stored in clear). */
  async rawRedisValues(): Promise<string[]> {
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${this.prefix}*`);
      const values: string[] = [];
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === "string") values.push((await redis.get(key)) ?? "");
        else if (type === "hash") values.push(JSON.stringify(await redis.hgetall(key)));
        else if (type === "zset")
          values.push(JSON.stringify(await redis.zrange(key, "0", "-1", "WITHSCORES")));
        else if (type === "set") values.push(JSON.stringify(await redis.smembers(key)));
        else if (type === "list") values.push(JSON.stringify(await redis.lrange(key, 0, -1)));
        values.push(key);
      }
      return values;
    } finally {
      redis.disconnect();
    }
  }

  /** Sandbox requests made with a given account (most recent last). */
  exchangerCalls(path?: string) {
    return this.sandbox.requests.filter((r) => path === undefined || r.path === path);
  }

  async close(): Promise<void> {
    await this.app.close();
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${this.prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    await this.storage.close();
    await this.fake.close();
    if (this.ownsSandbox) await this.sandbox.close();
  }
}
