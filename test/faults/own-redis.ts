/**
 * A private redis-server child process for tests that must stop and start Redis (the shared one on
 * 6379 serves other test files and must never be restarted). Append-only persistence with fsync on
 * every write, so a restart — even a kill -9 — loses nothing that was acknowledged.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { freePort } from "../harness/ports.js";

export class OwnRedis {
  private child?: ChildProcess;

  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<OwnRedis> {
    if (spawnSync("redis-server", ["--version"]).status !== 0) {
      throw new Error(
        "redis-server is not on PATH: this test starts and restarts its own Redis (apt-get install redis-server)",
      );
    }
    const redis = new OwnRedis(await freePort(), mkdtempSync(join(tmpdir(), "own-redis-")));
    await redis.up();
    return redis;
  }

  /**
   * Starts the server (again) on the same port and data folder; resolves once it answers PING. A
   * no-op while the server this object started still runs: a second one could not take the port, and
   * losing track of the first would leave it running after `stop()`.
   */
  async up(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return;
    const args = [
      "--port",
      String(this.port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "yes",
      "--appendfsync",
      "always",
      "--dir",
      this.dir,
    ];
    this.child = spawn("redis-server", args, { stdio: "ignore" });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const probe = new Redis(this.url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on("error", () => undefined); // refused while starting: expected, retried below
      try {
        await probe.connect();
        if ((await probe.ping()) === "PONG") return;
      } catch {
        // not up yet
      } finally {
        probe.disconnect();
      }
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${this.port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Storage refusing writes while reads still work (Redis full): every write command answers
   * "OOM command not allowed". `acceptWrites` lifts it.
   */
  async refuseWrites(): Promise<void> {
    await this.admin(["CONFIG", "SET", "maxmemory", "1"]);
  }

  async acceptWrites(): Promise<void> {
    await this.admin(["CONFIG", "SET", "maxmemory", "0"]);
  }

  private async admin(command: [string, ...string[]]): Promise<void> {
    const client = new Redis(this.url, { maxRetriesPerRequest: 0 });
    try {
      await client.call(...command);
    } finally {
      client.disconnect();
    }
  }

  /** Kills the server like a crash would (SIGKILL) and waits for it to be gone. */
  async crash(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGKILL");
    await gone;
  }

  async stop(): Promise<void> {
    await this.crash();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
