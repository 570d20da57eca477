/**
 * scripts/redis-ha.sh, the start script of every member of docker-compose.sentinel.yml, run here as
 * the compose file runs it (same script, same defaults: quorum 2 of three Sentinels, 5 s to call a
 * master down) with real `redis-server` / `redis-server --sentinel` processes on loopback ports, each
 * member with its own folder standing in for its volume. What an operator does after a failover —
 * restart the promoted master's container, or `down` + `up` the whole group — must end with one
 * master, the one every Sentinel names, and the bot's storage serving within seconds.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { openStorage, type Storage } from "../../src/storage/index.js";
import { TEST_ENCRYPTION_KEY } from "../harness/harness.js";
import { freePort } from "../harness/ports.js";
import { until } from "../faults/own-sentinel.js";

const SCRIPT = resolve("scripts/redis-ha.sh");
const HOST = "127.0.0.1";
const MASTER = "mymaster";
const PASSWORD = "ha-pw-7c1e";
const NODES = ["primary", "replica"] as const;
const SENTINELS = ["sentinel-1", "sentinel-2", "sentinel-3"] as const;
type Member = (typeof NODES)[number] | (typeof SENTINELS)[number];

/** The group as compose runs it: one script, one folder ("volume") per member, stop = SIGTERM. */
class ScriptedGroup {
  private readonly running = new Map<Member, ChildProcess>();

  private constructor(
    readonly ports: Record<Member, number>,
    readonly dir: string,
  ) {}

  static async create(): Promise<ScriptedGroup> {
    const ports = {} as Record<Member, number>;
    for (const member of [...NODES, ...SENTINELS]) ports[member] = await freePort();
    return new ScriptedGroup(ports, mkdtempSync(join(tmpdir(), "redis-ha-")));
  }

  /** Starts a member through the script, like `docker compose up` starts its container. */
  async start(member: Member): Promise<void> {
    const folder = join(this.dir, member);
    mkdirSync(folder, { recursive: true });
    const kind = member.startsWith("sentinel") ? "sentinel" : member;
    const child = spawn("sh", [SCRIPT, kind], {
      stdio: "ignore",
      env: {
        PATH: process.env.PATH,
        REDIS_PASSWORD: PASSWORD,
        REDIS_DIR: folder,
        REDIS_PORT: String(this.ports[member]),
        REDIS_BIND: HOST,
        REDIS_ANNOUNCE: HOST,
        REDIS_PRIMARY_HOST: HOST,
        REDIS_PRIMARY_PORT: String(this.ports.primary),
      },
    });
    this.running.set(member, child);
    const password = kind === "sentinel" ? undefined : PASSWORD;
    await until(`${member} to answer`, () =>
      ask(this.ports[member], password, async (redis) => (await redis.ping()) === "PONG"),
    );
  }

  /** Stops a member the way `docker compose stop` does (SIGTERM) and waits for it to be gone. */
  async stop(member: Member): Promise<void> {
    const child = this.running.get(member);
    this.running.delete(member);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((done) => child.once("exit", () => done()));
    child.kill("SIGTERM");
    await gone;
  }

  async startAll(): Promise<void> {
    // The compose file's order: the nodes, then the Sentinels (depends_on).
    for (const member of [...NODES, ...SENTINELS]) await this.start(member);
  }

  async stopAll(): Promise<void> {
    for (const member of [...SENTINELS, ...NODES]) await this.stop(member);
  }

  /** Kills whatever still runs (after a failed test too) and removes the folders. */
  async remove(): Promise<void> {
    await Promise.all(
      [...this.running.values()].map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const gone = new Promise<void>((done) => child.once("exit", () => done()));
        child.kill("SIGKILL");
        await gone;
      }),
    );
    this.running.clear();
    rmSync(this.dir, { recursive: true, force: true });
  }

  sentinel(member: (typeof SENTINELS)[number], ...command: string[]): Promise<unknown> {
    return ask(this.ports[member], undefined, (redis) =>
      redis.call(command[0]!, ...command.slice(1)),
    );
  }

  /** The master's port as every Sentinel names it, or undefined while they disagree. */
  async namedMaster(): Promise<number | undefined> {
    const named = await Promise.all(
      SENTINELS.map(async (member) => {
        const reply = (await this.sentinel(
          member,
          "SENTINEL",
          "GET-MASTER-ADDR-BY-NAME",
          MASTER,
        )) as [string, string] | null;
        return reply ? Number(reply[1]) : undefined;
      }),
    );
    return named.every((port) => port === named[0]) ? named[0] : undefined;
  }

  /** What each node says it is (ROLE), by port. */
  async roles(): Promise<Map<number, string>> {
    const roles = new Map<number, string>();
    for (const node of NODES) {
      const port = this.ports[node];
      roles.set(
        port,
        await ask(port, PASSWORD, async (redis) => ((await redis.call("ROLE")) as [string])[0]),
      );
    }
    return roles;
  }

  /**
   * The state an operator wants: every Sentinel names the same master, that node says it is the
   * master, the other node replicates it with the link up, and enough Sentinels see each other to
   * authorize a failover (CKQUORUM). Resolves to the master's port.
   */
  async healthy(): Promise<number | false> {
    const master = await this.namedMaster();
    if (master === undefined) return false;
    const roles = await this.roles();
    if ([...roles.values()].filter((role) => role === "master").length !== 1) return false;
    if (roles.get(master) !== "master") return false;
    const other = master === this.ports.primary ? this.ports.replica : this.ports.primary;
    const linked = await ask(other, PASSWORD, async (redis) =>
      /master_link_status:up/.test(await redis.info("replication")),
    );
    if (!linked) return false;
    const quorum = await this.sentinel("sentinel-1", "SENTINEL", "CKQUORUM", MASTER).catch(
      () => "",
    );
    return String(quorum).startsWith("OK") ? master : false;
  }
}

describe("scripts/redis-ha.sh: the Sentinel group of docker-compose.sentinel.yml across restarts", () => {
  let group: ScriptedGroup;
  let storage: Storage | undefined;
  const prefix = `test:redis-ha:${process.pid}:`;
  const open = () =>
    openStorage(
      {
        encryptionKey: TEST_ENCRYPTION_KEY,
        encryptionKeysOld: [],
        redis: {
          kind: "sentinel",
          sentinels: SENTINELS.map((member) => ({ host: HOST, port: group.ports[member] })),
          masterName: MASTER,
          password: PASSWORD,
          sentinelPassword: undefined, // as in the compose file: the Sentinels have none
        },
        dataDir: "/nonexistent",
      },
      createLogger("silent"),
      { prefix },
    );

  beforeAll(async () => {
    if (spawnSync("redis-server", ["--version"]).status !== 0) {
      throw new Error(
        "redis-server is not on PATH: this test runs its own Redis group (apt-get install redis-server)",
      );
    }
    group = await ScriptedGroup.create();
    await group.startAll();
    // The Sentinels find each other and the replica within a few seconds of the start (the README's
    // "wait before trying a failover").
    await until(
      "the group to be ready for a failover",
      async () => (await group.healthy()) !== false,
      30_000,
    );
    storage = await open();
  }, 60_000);
  afterAll(async () => {
    await storage?.close();
    await group?.remove();
  });

  it("a restarted promoted master stays the master, and the bot's storage serves within seconds", async () => {
    await storage!.vault.link(1001, "key-before-failover");
    await ask(group.ports.primary, PASSWORD, (redis) => redis.call("WAIT", "1", "5000"));

    await group.sentinel("sentinel-1", "SENTINEL", "FAILOVER", MASTER);
    // The old primary rejoins as a replica on the Sentinels' next look at it (about 10 s).
    await until(
      "the failover to settle",
      async () => (await group.healthy()) === group.ports.replica,
      40_000,
    );

    await group.stop("replica");
    await group.start("replica");
    // Back well within the 5 s after which the Sentinels would call it down: no failover follows, and
    // it must come back as the master (before the script it came back as a replica of a replica).
    await until(
      "the restarted master to serve",
      async () => (await group.healthy()) === group.ports.replica,
      10_000,
    );
    await until(
      "the bot's storage to write again",
      async () => {
        await storage!.vault.link(1002, "key-after-restart");
        return true;
      },
      10_000,
    );
    expect(await storage!.vault.get(1001)).toBe("key-before-failover");
    expect(await storage!.vault.get(1002)).toBe("key-after-restart");
  }, 90_000);

  it("stop everything, start everything: one master, the one the Sentinels name, with the data", async () => {
    const before = await group.healthy();
    expect(before).not.toBe(false);
    await ask(before as number, PASSWORD, (redis) => redis.call("WAIT", "1", "5000"));
    await storage!.close();
    storage = undefined;

    await group.stopAll();
    await group.startAll();

    await until("the group to come back", async () => (await group.healthy()) === before, 15_000);
    storage = await open();
    await storage.vault.link(1003, "key-after-down-up");
    expect(await storage.vault.get(1001)).toBe("key-before-failover");
    expect(await storage.vault.get(1002)).toBe("key-after-restart");
    expect(await storage.vault.get(1003)).toBe("key-after-down-up");
    await storage.vault.unlink(1001);
    await storage.vault.unlink(1002);
    await storage.vault.unlink(1003);
  }, 90_000);

  it("refuses a password Sentinel could not read back after rewriting its file", () => {
    // Sentinel writes auth-pass unquoted: with a space, its next start would fail on its own file.
    const run = spawnSync("sh", [SCRIPT, "sentinel"], {
      env: { PATH: process.env.PATH, REDIS_PASSWORD: "two words", REDIS_DIR: group.dir },
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("REDIS_PASSWORD must not contain spaces, quotes or backslashes");
  });
});

async function ask<T>(
  port: number,
  password: string | undefined,
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
