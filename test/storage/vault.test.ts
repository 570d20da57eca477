import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keyring } from "../../src/storage/crypto.js";
import { FileKV } from "../../src/storage/kv-file.js";
import { RedisKV } from "../../src/storage/kv-redis.js";
import type { KV } from "../../src/storage/kv.js";
import { Vault, vaultKey } from "../../src/storage/vault.js";
import {
  connectRedis,
  deleteByPrefix,
  randomKey,
  recordingLogger,
  tempDir,
  uniquePrefix,
} from "./helpers.js";

const prefix = uniquePrefix("vault");
let redis: Redis;
let dir: Awaited<ReturnType<typeof tempDir>>;
let fileKV: FileKV;

beforeAll(async () => {
  redis = connectRedis();
  dir = await tempDir();
  fileKV = await FileKV.open(dir.path);
});
afterAll(async () => {
  await deleteByPrefix(redis, prefix);
  await redis.quit();
  await fileKV.close();
  await dir.remove();
});

const backends: Array<{ name: string; kv: () => KV }> = [
  { name: "redis", kv: () => new RedisKV({ redis, prefix }) },
  { name: "file", kv: () => fileKV },
];

describe.each(backends)("Vault on $name", ({ kv: makeKV }) => {
  const key = randomKey();

  it("links, reads, reports and unlinks a chat's key", async () => {
    const vault = new Vault(makeKV(), new Keyring(key));
    expect(await vault.get(1001)).toBeUndefined();
    expect(await vault.has(1001)).toBe(false);
    await vault.link(1001, "k-AbCdEf0123456789");
    expect(await vault.get(1001)).toBe("k-AbCdEf0123456789");
    expect(await vault.get("1001")).toBe("k-AbCdEf0123456789"); // string and number chat ids are the same chat
    expect(await vault.has(1001)).toBe(true);
    await vault.link(1001, "k-replaced");
    expect(await vault.get(1001)).toBe("k-replaced");
    await vault.unlink(1001);
    expect(await vault.get(1001)).toBeUndefined();
    expect(await vault.has(1001)).toBe(false);
    await expect(vault.link(1001, "")).rejects.toThrow(/empty/);
  });

  it("a value copied into another chat's slot does not decrypt (and is logged without contents)", async () => {
    const kv = makeKV();
    const { logger, lines } = recordingLogger();
    const vault = new Vault(kv, new Keyring(key), logger);
    await vault.link(-100200, "victim-api-key");
    await kv.set(vaultKey(-100300), (await kv.get(vaultKey(-100200)))!);
    expect(await vault.get(-100300)).toBeUndefined();
    expect(await vault.has(-100300)).toBe(false);
    expect(await vault.get(-100200)).toBe("victim-api-key");
    expect(lines.join("")).toContain("cannot be decrypted");
    expect(lines.join("")).not.toContain("victim-api-key");
    await kv.del(vaultKey(-100200), vaultKey(-100300));
  });

  it("rotate() re-encrypts entries under the current key, leaves other per-chat values and unknown keys alone", async () => {
    const kv = makeKV();
    const oldKey = randomKey();
    const lostKey = randomKey();
    const newKey = randomKey();
    await new Vault(kv, new Keyring(oldKey)).link(501, "old-1");
    await new Vault(kv, new Keyring(oldKey)).link(502, "old-2");
    await new Vault(kv, new Keyring(lostKey)).link(503, "lost");
    await kv.set("chat:501:settings", '{"language":"en"}');

    const vault = new Vault(kv, new Keyring(newKey, [oldKey]), recordingLogger().logger);
    await vault.link(504, "already-new");
    const before504 = await kv.get(vaultKey(504));

    const result = await vault.rotate();
    expect(result).toEqual({ rotated: 2, failed: 1 });
    expect(await kv.get(vaultKey(504))).toBe(before504); // already current: untouched
    expect(await kv.get("chat:501:settings")).toBe('{"language":"en"}');
    expect(await kv.get(vaultKey(503))).toBeDefined(); // kept for a rerun with the missing key

    const newOnly = new Vault(kv, new Keyring(newKey));
    expect(await newOnly.get(501)).toBe("old-1");
    expect(await newOnly.get(502)).toBe("old-2");
    expect(await newOnly.get(504)).toBe("already-new");
    expect(await vault.rotate()).toEqual({ rotated: 0, failed: 1 });
    await kv.del(vaultKey(501), vaultKey(502), vaultKey(503), vaultKey(504), "chat:501:settings");
  });
});

describe("Vault in Redis", () => {
  it("keeps an idle linked chat within 400 bytes of Redis memory", async () => {
    const kv = new RedisKV({ redis, prefix: "xbot:" + prefix }); // the production prefix length, plus ours
    const vault = new Vault(kv, new Keyring(randomKey()));
    const chatId = -1001234567890; // a long (supergroup-style) id: worst case key length
    await vault.link(chatId, "A".repeat(64)); // a long exchanger API key
    try {
      const bytes = await redis.memory("USAGE", `xbot:${prefix}${vaultKey(chatId)}`);
      expect(bytes).toBeLessThanOrEqual(400);
      const value = await redis.get(`xbot:${prefix}${vaultKey(chatId)}`);
      expect(value!.length).toBeLessThan(150);
    } finally {
      await deleteByPrefix(redis, "xbot:" + prefix);
    }
  });
});
