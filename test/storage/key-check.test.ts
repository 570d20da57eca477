/**
 * Start-up refuses stored data sealed with another encryption key, for Redis and the embedded store,
 * instead of starting with every chat silently unlinked.
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Keyring } from "../../src/storage/crypto.js";
import { KEY_FILE_NAME } from "../../src/storage/encryption-key.js";
import { openStorage } from "../../src/storage/index.js";
import { KEY_CHECK_KEY } from "../../src/storage/key-check.js";
import { RedisKV } from "../../src/storage/kv-redis.js";
import { rotateKeys } from "../../src/storage/rotation.js";
import { Vault } from "../../src/storage/vault.js";
import {
  connectRedis,
  deleteByPrefix,
  randomKey,
  REDIS_URL,
  silentLogger,
  tempDir,
  uniquePrefix,
} from "./helpers.js";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function redisPrefix(): string {
  const prefix = uniquePrefix("key-check");
  cleanups.push(async () => {
    const redis = connectRedis();
    await deleteByPrefix(redis, prefix);
    await redis.quit();
  });
  return prefix;
}

const redisConfig = (encryptionKey: string, encryptionKeysOld: string[] = []) => ({
  encryptionKey,
  encryptionKeysOld,
  redis: { kind: "url" as const, url: REDIS_URL },
  dataDir: "/nonexistent",
});
async function refusal(opening: Promise<unknown>): Promise<Error> {
  const outcome = await opening.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error("expected the start to be refused");
  return outcome;
}

const WRONG_KEY =
  /stored data was encrypted with another key .*ENCRYPTION_KEY.*ENCRYPTION_KEYS_OLD.*npm run rotate-keys/s;

describe("the encryption key check at start", () => {
  it("Redis: refuses another key, naming ENCRYPTION_KEY and ENCRYPTION_KEYS_OLD; opens with the old key listed; after rotation the new key alone suffices", async () => {
    const prefix = redisPrefix();
    const [first, second] = [randomKey(), randomKey()];
    const before = await openStorage(redisConfig(first), silentLogger(), { prefix });
    await before.vault.link(1, "key-one");
    await before.close();

    const error = await refusal(openStorage(redisConfig(second), silentLogger(), { prefix }));
    expect(error.message).toMatch(WRONG_KEY);
    expect(error.message).toContain(`key id ${new Keyring(first).currentKeyId}`);
    expect(error.message).not.toContain(first);
    expect(error.message).not.toContain(second);

    const during = await openStorage(redisConfig(second, [first]), silentLogger(), { prefix });
    expect(await during.vault.get(1)).toBe("key-one");
    await rotateKeys(during);
    await during.close();

    const after = await openStorage(redisConfig(second), silentLogger(), { prefix });
    expect(await after.vault.get(1)).toBe("key-one");
    await after.close();
  });

  it("Redis: a store written before the check existed is judged by its API keys", async () => {
    const prefix = redisPrefix();
    const first = randomKey();
    const redis = connectRedis();
    cleanups.push(async () => void (await redis.quit()));
    await new Vault(new RedisKV({ redis, prefix }), new Keyring(first)).link(7, "key-seven");

    await expect(openStorage(redisConfig(randomKey()), silentLogger(), { prefix })).rejects.toThrow(
      WRONG_KEY,
    );
    expect(await redis.exists(`${prefix}${KEY_CHECK_KEY}`)).toBe(0); // nothing written by the refused start

    const right = await openStorage(redisConfig(first), silentLogger(), { prefix });
    expect(await right.vault.get(7)).toBe("key-seven");
    await right.close();
    expect(await redis.exists(`${prefix}${KEY_CHECK_KEY}`)).toBe(1); // recorded from now on
  });

  it("rotation that leaves an entry no key opens keeps requiring the old key", async () => {
    const prefix = redisPrefix();
    const [first, second] = [randomKey(), randomKey()];
    const before = await openStorage(redisConfig(first), silentLogger(), { prefix });
    await before.vault.link(1, "key-one");
    await before.kv.set("chat:2:key", new Keyring(randomKey()).seal("lost", "vault:2")); // sealed with a key nobody has
    await before.close();

    const during = await openStorage(redisConfig(second, [first]), silentLogger(), { prefix });
    expect((await rotateKeys(during)).vault).toEqual({ rotated: 1, failed: 1 });
    await during.close();
    await expect(openStorage(redisConfig(second), silentLogger(), { prefix })).rejects.toThrow(
      WRONG_KEY,
    );
  });

  it("embedded store: a lost key file is refused at the next start and the store is left as it was", async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const config = {
      encryptionKey: undefined,
      encryptionKeysOld: [],
      redis: undefined,
      dataDir: dir.path,
    };
    const first = await openStorage(config, silentLogger());
    await first.vault.link(5, "key-five");
    await first.close();
    const stored = await readFile(join(dir.path, "store.json"), "utf8");
    const originalKey = (await readFile(join(dir.path, KEY_FILE_NAME), "utf8")).trim();

    await rm(join(dir.path, KEY_FILE_NAME)); // the key file is lost; a new one gets generated
    const error = await refusal(openStorage(config, silentLogger()));
    expect(error.message).toMatch(WRONG_KEY);
    expect(error.message).toMatch(/encryption\.key in DATA_DIR/);
    expect(await readFile(join(dir.path, "store.json"), "utf8")).toBe(stored);

    // The refused start released the folder: with the original key (as the message says) it opens at once.
    const fixed = await openStorage({ ...config, encryptionKey: originalKey }, silentLogger());
    expect(await fixed.vault.get(5)).toBe("key-five");
    await fixed.close();
  });
});
