/**
 * Health proves a write. A Redis out of memory under `noeviction` (a private redis-server with a tiny
 * maxmemory, stopped by the test) and an embedded store whose latest write to disk failed still
 * answer every read — what the health check used to ask — while every action that saves something
 * fails. /healthz must say 503 with the reason, and the admin chats must hear about it.
 */
import { mkdir, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Api } from "grammy";
import { Redis } from "ioredis";
import { Registry } from "prom-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { createAlerts, type Alerts } from "../../src/operator/alerts.js";
import { ExchangerHealth } from "../../src/operator/exchanger-health.js";
import { checkStorageWrites, createHealthCheck } from "../../src/operator/health.js";
import { createMonitoringServer } from "../../src/operator/monitoring-server.js";
import { FileKV } from "../../src/storage/kv-file.js";
import { RedisKV } from "../../src/storage/kv-redis.js";
import type { KV } from "../../src/storage/kv.js";
import { listen } from "../../src/webhook-server.js";
import { OwnRedis } from "../faults/own-redis.js";
import { BOT_TOKEN, TelegramFake } from "../harness/telegram-fake.js";
import { waitFor } from "../process/process-helpers.js";
import { tempDir } from "../storage/helpers.js";

const ADMIN = 5_550_001_234;

let redis: OwnRedis;
let fake: TelegramFake;
let apiRoot: string;
const cleanup: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  redis = await OwnRedis.start();
  fake = new TelegramFake();
  apiRoot = await fake.listen();
}, 30_000);
afterAll(async () => {
  await redis.stop();
  await fake.close();
});
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

/** The monitoring port's /healthz over real HTTP, with the store given (updates: receiving). */
async function healthzOf(
  kv: KV,
): Promise<
  () => Promise<{ status: number; body: { ok: boolean; reason?: string; storage: string } }>
> {
  const server: Server = createMonitoringServer({
    health: createHealthCheck({ kv, receiving: () => undefined }),
    registry: new Registry(),
    logger: createLogger("silent"),
  });
  await listen(server, 0, "METRICS_PORT", "/healthz and /metrics", "127.0.0.1");
  cleanup.push(() => new Promise((r) => (server.closeAllConnections(), server.close(r))));
  const port = (server.address() as AddressInfo).port;
  return async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    return {
      status: response.status,
      body: (await response.json()) as { ok: boolean; reason?: string; storage: string },
    };
  };
}

/** How often the running storage alerter has checked the store (counted, so tests wait in checks). */
let storageChecks = 0;

function storageAlerts(kv: KV): Alerts {
  const alerts = createAlerts(
    {
      api: new Api(BOT_TOKEN, { apiRoot }),
      kv,
      health: new ExchangerHealth(),
      probe: async () => undefined,
      logger: createLogger("silent"),
      storage: () => (storageChecks++, checkStorageWrites(kv)),
    },
    { adminChatIds: [ADMIN], alertAfterMs: 200, checkEveryMs: 25, instance: "test-host:1" },
  );
  alerts.start();
  cleanup.push(() => alerts.stop());
  return alerts;
}

const alertTexts = (pattern: RegExp) =>
  fake
    .callsOf("sendMessage", ADMIN)
    .map((c) => String(c.payload.text))
    .filter((text) => pattern.test(text));

describe("health proves a write", () => {
  it("Redis out of memory under noeviction: reads still answer, /healthz is 503 with the reason, the admins are told, and both recover", async () => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    const admin = new Redis(redis.url);
    cleanup.push(async () => {
      await admin.config("SET", "maxmemory", "0");
      admin.disconnect();
    });
    const kv = new RedisKV({ redis: client, prefix: "health-test:", ownsClient: true });
    cleanup.push(() => kv.close());
    await kv.set("account", "linked");
    const healthz = await healthzOf(kv);
    expect(await healthz()).toMatchObject({ status: 200, body: { ok: true, storage: "ok" } });
    storageAlerts(kv);

    // A memory limit below what Redis already uses, nothing evictable: every write is refused.
    await admin.config("SET", "maxmemory-policy", "noeviction");
    await admin.config("SET", "maxmemory", "1");
    await expect(kv.set("order", "paid")).rejects.toThrow(/OOM/);
    expect(await kv.get("account")).toBe("linked"); // what the old health check asked: still fine

    const unhealthy = await healthz();
    expect(unhealthy.status).toBe(503);
    expect(unhealthy.body).toMatchObject({ ok: false, storage: "failing" });
    expect(unhealthy.body.reason).toMatch(/^storage refuses writes: OOM command not allowed/);
    await waitFor(
      () => alertTexts(/The store has been refusing writes/).length === 1,
      "the storage alert",
    );
    expect(alertTexts(/The store has been refusing writes/)[0]).toMatch(
      /OOM command not allowed.*test-host:1/s,
    );

    await admin.config("SET", "maxmemory", "0");
    expect(await healthz()).toMatchObject({ status: 200, body: { ok: true, storage: "ok" } });
    await waitFor(
      () => alertTexts(/The store takes writes again/).length === 1,
      "the recovery alert",
    );
    // Several more checks (each may send an alert): still one alert of each.
    const checked = storageChecks;
    await waitFor(() => storageChecks >= checked + 4, "four more storage checks");
    expect(alertTexts(/The store has been refusing writes/)).toHaveLength(1);
    expect(alertTexts(/The store takes writes again/)).toHaveLength(1);
  });

  it("embedded store whose latest write to disk failed: /healthz is 503 with the reason until a write succeeds again", async () => {
    const dir = await tempDir();
    cleanup.push(() => dir.remove());
    const kv = await FileKV.open(dir.path);
    cleanup.push(() => kv.close());
    await kv.set("account", "linked");
    const healthz = await healthzOf(kv);
    expect(await healthz()).toMatchObject({ status: 200, body: { ok: true } });

    // The disk refuses the next write (a folder where the temporary file goes makes it fail, as a
    // full disk would; which error it is does not matter to the health check).
    const tmp = `${kv.path}.tmp`;
    await mkdir(tmp);
    await expect(kv.set("order", "paid")).rejects.toThrow();
    expect(await kv.get("account")).toBe("linked"); // reads come from memory: the old check said "ok"

    const unhealthy = await healthz();
    expect(unhealthy.status).toBe(503);
    expect(unhealthy.body).toMatchObject({ ok: false, storage: "failing" });
    expect(unhealthy.body.reason).toMatch(/^storage refuses writes: .*EISDIR/);
    expect((await healthz()).status).toBe(503); // a health check retries the write; still failing

    await rm(tmp, { recursive: true });
    expect(await healthz()).toMatchObject({ status: 200, body: { ok: true, storage: "ok" } });
    await kv.close(); // the retried write is on disk:
    const reopened = await FileKV.open(dir.path);
    cleanup.push(() => reopened.close());
    expect(await reopened.get("order")).toBe("paid");
  });
});
