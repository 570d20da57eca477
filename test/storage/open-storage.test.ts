import { afterAll, describe, expect, it } from "vitest";
import { Keyring } from "../../src/storage/crypto.js";
import { openStorage } from "../../src/storage/index.js";
import { rotateKeys } from "../../src/storage/rotation.js";
import { Vault } from "../../src/storage/vault.js";
import {
  connectRedis,
  deleteByPrefix,
  randomKey,
  recordingLogger,
  REDIS_URL,
  silentLogger,
  tempDir,
  uniquePrefix,
} from "./helpers.js";

interface State {
  version: [0, number];
  state: string[];
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function redisConfig() {
  const prefix = uniquePrefix("open");
  const redis = connectRedis();
  cleanups.push(async () => {
    await deleteByPrefix(redis, prefix);
    await redis.quit();
  });
  return {
    prefix,
    redis,
    base: {
      encryptionKeysOld: [] as string[],
      redis: { kind: "url" as const, url: REDIS_URL },
      dataDir: "/nonexistent",
    },
  };
}

describe("openStorage + rotateKeys", () => {
  it("Redis: rotation moves the vault and live flow states to the new key; the old key can then be dropped", async () => {
    const { prefix, redis, base } = await redisConfig();
    const oldKey = randomKey();
    const newKey = randomKey();

    const before = await openStorage({ ...base, encryptionKey: oldKey }, silentLogger(), {
      prefix,
    });
    expect(before.kind).toBe("redis");
    expect(before.redis).toBeDefined();
    await before.vault.link(1, "key-one");
    await before.vault.link(2, "key-two");
    await before
      .conversationAdapter<State>(120_000)
      .write("1", { version: [0, 1], state: ["typed"] });
    await before.kv.set("chat:1:settings", "{}");
    await before.close();
    await before.close(); // idempotent

    const during = await openStorage(
      { ...base, encryptionKey: newKey, encryptionKeysOld: [oldKey] },
      silentLogger(),
      { prefix },
    );
    expect(await during.vault.get(1)).toBe("key-one"); // old values still open before rotation
    const report = await rotateKeys(during);
    expect(report).toEqual({
      keyId: during.keyring.currentKeyId,
      vault: { rotated: 2, failed: 0 },
      conversations: { rotated: 1, dropped: 0 },
    });
    expect(await rotateKeys(during)).toMatchObject({
      vault: { rotated: 0 },
      conversations: { rotated: 0 },
    });
    await during.close();
    expect(await redis.pttl(`${prefix}conv:1`)).toBeGreaterThan(100_000); // TTL kept

    const after = await openStorage({ ...base, encryptionKey: newKey }, silentLogger(), { prefix });
    expect(await after.vault.get(1)).toBe("key-one");
    expect(await after.vault.get(2)).toBe("key-two");
    expect(await after.conversationAdapter<State>().read("1")).toEqual({
      version: [0, 1],
      state: ["typed"],
    });
    await after.close();
  });

  it("file: rotation works across restarts in the data folder", async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const generated = await openStorage(
      { encryptionKey: undefined, encryptionKeysOld: [], redis: undefined, dataDir: dir.path },
      silentLogger(),
    );
    expect(generated.kind).toBe("file");
    await generated.vault.link(5, "key-five");
    await generated.close();

    // The operator now sets ENCRYPTION_KEY; the generated key file is kept readable automatically.
    const newKey = randomKey();
    const config = {
      encryptionKey: newKey,
      encryptionKeysOld: [],
      redis: undefined,
      dataDir: dir.path,
    };
    const during = await openStorage(config, silentLogger());
    expect(await during.vault.get(5)).toBe("key-five");
    expect((await rotateKeys(during)).vault).toEqual({ rotated: 1, failed: 0 });
    await during.close();

    const reopened = await openStorage(config, silentLogger());
    expect(await new Vault(reopened.kv, new Keyring(newKey)).get(5)).toBe("key-five"); // new key alone suffices
    await reopened.close();
  });

  // "Fast": without giving up, ioredis would retry forever and the test would fail on its timeout.
  it("fails fast with a clear message when Redis is unreachable, never printing its password", async () => {
    const { logger, lines } = recordingLogger();
    await expect(
      openStorage(
        {
          encryptionKey: randomKey(),
          encryptionKeysOld: [],
          redis: { kind: "url" as const, url: "redis://:s3cretpw@127.0.0.1:1" },
          dataDir: "/nonexistent",
        },
        logger,
      ),
    ).rejects.toThrow(/^Cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
    expect(lines.join("")).not.toContain("s3cretpw");
  });

  it("fails at start with a clear message when no Sentinel answers, never printing either password", async () => {
    const { logger, lines } = recordingLogger();
    const redis = {
      kind: "sentinel" as const,
      sentinels: [{ host: "127.0.0.1", port: 1 }],
      masterName: "mymaster",
      password: "node-s3cret",
      sentinelPassword: "sentinel-s3cret",
    };
    const failure = openStorage(
      { encryptionKey: randomKey(), encryptionKeysOld: [], redis, dataDir: "/nonexistent" },
      logger,
    );
    await expect(failure).rejects.toThrow(
      /^Cannot reach Redis at master "mymaster" via Sentinel 127\.0\.0\.1:1: All sentinels are unreachable/,
    );
    const error = await failure.catch((e: Error) => e.message);
    expect(`${error}${lines.join("")}`).not.toMatch(/s3cret/);
  });
});
