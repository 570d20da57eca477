/**
 * A private Redis high-availability group for tests: a primary, one replica and one Sentinel
 * (`redis-server --sentinel`), each a child process on its own free loopback port, all with passwords
 * so the bot's REDIS_PASSWORD / REDIS_SENTINEL_PASSWORD are exercised. The shared Redis on 6379 is
 * never touched. `stop()` kills every process this group started, also after a failed start.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { freePort } from "../harness/ports.js";

export const MASTER_NAME = "mymaster";
const HOST = "127.0.0.1";

export interface SentinelGroupOptions {
  /** requirepass (and masterauth) of the primary and the replica. */
  password: string;
  /** requirepass of the Sentinel itself. */
  sentinelPassword: string;
}

export class OwnSentinelGroup {
  private readonly children: ChildProcess[] = [];

  private constructor(
    readonly ports: { primary: number; replica: number; sentinel: number },
    readonly dir: string,
    private readonly options: SentinelGroupOptions,
  ) {}

  /** REDIS_SENTINELS for the bot. */
  get sentinels(): string {
    return `${HOST}:${this.ports.sentinel}`;
  }

  static async start(options: SentinelGroupOptions): Promise<OwnSentinelGroup> {
    if (spawnSync("redis-server", ["--version"]).status !== 0) {
      throw new Error(
        "redis-server is not on PATH: this test starts its own Redis primary, replica and Sentinel (apt-get install redis-server)",
      );
    }
    const ports = {
      primary: await freePort(),
      replica: await freePort(),
      sentinel: await freePort(),
    };
    const group = new OwnSentinelGroup(
      ports,
      mkdtempSync(join(tmpdir(), "own-sentinel-")),
      options,
    );
    try {
      await group.up();
    } catch (error) {
      await group.stop();
      throw error;
    }
    return group;
  }

  private async up(): Promise<void> {
    const { primary, replica, sentinel } = this.ports;
    const { password, sentinelPassword } = this.options;
    const node = (port: number, ...extra: string[]) =>
      this.spawn([
        "--port",
        String(port),
        "--bind",
        HOST,
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        this.dir,
        "--dbfilename",
        `dump-${port}.rdb`,
        "--requirepass",
        password,
        "--masterauth",
        password,
        ...extra,
      ]);
    node(primary);
    await this.answering(primary, password);
    node(replica, "--replicaof", HOST, String(primary));
    await this.answering(replica, password);

    // Sentinel rewrites its config file, so it gets its own. `known-replica` spares the ~10 s it
    // would otherwise take to discover the replica from the primary's INFO.
    const conf = join(this.dir, "sentinel.conf");
    writeFileSync(
      conf,
      [
        `port ${sentinel}`,
        `bind ${HOST}`,
        `dir ${this.dir}`,
        `requirepass ${sentinelPassword}`,
        `sentinel monitor ${MASTER_NAME} ${HOST} ${primary} 1`,
        `sentinel auth-pass ${MASTER_NAME} ${password}`,
        `sentinel down-after-milliseconds ${MASTER_NAME} 2000`,
        `sentinel failover-timeout ${MASTER_NAME} 10000`,
        `sentinel known-replica ${MASTER_NAME} ${HOST} ${replica}`,
        "",
      ].join("\n"),
    );
    this.spawn([conf, "--sentinel"]);
    await this.answering(sentinel, sentinelPassword);
    await this.until("the Sentinel to see the replica in sync", async () => {
      const replicas = (await this.sentinel(["SENTINEL", "REPLICAS", MASTER_NAME])) as string[][];
      return replicas.some(
        (fields) =>
          field(fields, "flags") === "slave" && field(fields, "master-link-status") === "ok",
      );
    });
  }

  /** The master's port as the Sentinel reports it. */
  async masterPort(): Promise<number> {
    const [, port] = (await this.sentinel([
      "SENTINEL",
      "GET-MASTER-ADDR-BY-NAME",
      MASTER_NAME,
    ])) as [string, string];
    return Number(port);
  }

  /**
   * Waits until the replica has every write the primary acknowledged (replication is asynchronous:
   * a failover may lose the last writes otherwise, which is Redis' documented trade-off, not the bot's).
   */
  async replicated(): Promise<void> {
    await this.withClient(await this.masterPort(), this.options.password, async (redis) => {
      const acknowledged = Number(await redis.call("WAIT", "1", "5000"));
      if (acknowledged < 1)
        throw new Error("the replica did not acknowledge the primary's writes within 5 s");
    });
  }

  /** How many clients are connected to the Sentinel, not counting the one asking. */
  async sentinelClients(): Promise<number> {
    const list = (await this.sentinel(["CLIENT", "LIST"])) as string;
    return list.split("\n").filter((line) => line.trim() !== "").length - 1;
  }

  /** Clients subscribed to the Sentinel's channels (a connection's failover detector listens so). */
  async sentinelSubscribers(): Promise<number> {
    const list = (await this.sentinel(["CLIENT", "LIST"])) as string;
    return list.split("\n").filter((line) => /\b(sub|psub)=[1-9]/.test(line)).length;
  }

  /** Starts `SENTINEL FAILOVER` (does not wait). */
  async startFailover(): Promise<void> {
    await this.sentinel(["SENTINEL", "FAILOVER", MASTER_NAME]);
  }

  /** Waits until the Sentinel names `port` as master and that server says it is one. */
  async masterIs(port: number): Promise<void> {
    await this.until(`port ${port} to become the master`, async () => {
      if ((await this.masterPort()) !== port) return false;
      return this.withClient(
        port,
        this.options.password,
        async (redis) => ((await redis.call("ROLE")) as [string])[0] === "master",
      );
    });
  }

  /**
   * Waits until the old master has been turned into a replica of the new one and is in sync, so the
   * group could fail over again. Sentinel converts it on its next INFO poll (every 10 s), then a full sync.
   */
  async settled(): Promise<void> {
    const master = await this.masterPort();
    const other = master === this.ports.primary ? this.ports.replica : this.ports.primary;
    await this.until(
      `port ${other} to replicate the new master ${master}`,
      async () => {
        const replicas = (await this.sentinel(["SENTINEL", "REPLICAS", MASTER_NAME])) as string[][];
        return replicas.some(
          (fields) =>
            field(fields, "port") === String(other) &&
            field(fields, "flags") === "slave" &&
            field(fields, "master-link-status") === "ok",
        );
      },
      40_000,
    );
  }

  /** Kills every process of the group and removes its folder. Safe to call more than once. */
  async stop(): Promise<void> {
    await Promise.all(
      this.children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill("SIGKILL");
        await gone;
      }),
    );
    rmSync(this.dir, { recursive: true, force: true });
  }

  private spawn(args: string[]): void {
    this.children.push(spawn("redis-server", args, { stdio: "ignore" }));
  }

  private sentinel(command: string[]): Promise<unknown> {
    return this.withClient(this.ports.sentinel, this.options.sentinelPassword, (redis) =>
      redis.call(command[0]!, ...command.slice(1)),
    );
  }

  private async withClient<T>(
    port: number,
    password: string,
    use: (redis: Redis) => Promise<T>,
  ): Promise<T> {
    const redis = new Redis({
      host: HOST,
      port,
      password,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on("error", () => undefined); // refused while starting: the caller retries
    try {
      await redis.connect();
      return await use(redis);
    } finally {
      redis.disconnect();
    }
  }

  private answering(port: number, password: string): Promise<void> {
    return this.until(`redis-server on port ${port} to answer`, () =>
      this.withClient(port, password, async (redis) => (await redis.ping()) === "PONG"),
    );
  }

  private until(what: string, probe: () => Promise<boolean>, timeoutMs?: number): Promise<void> {
    return until(what, probe, timeoutMs);
  }
}

/** A value from Sentinel's flat [name, value, name, value…] reply. */
function field(fields: string[], name: string): string | undefined {
  const at = fields.indexOf(name);
  return at >= 0 && at % 2 === 0 ? fields[at + 1] : undefined;
}

/** Polls `probe` until it holds; the deadline only bounds a broken group, it measures nothing. */
export async function until(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await probe()) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}${last instanceof Error ? ` (last error: ${last.message})` : ""}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
