import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  EncryptedConversationAdapter,
  kvSealedStore,
  redisSealedStore,
  rotateConversationStates,
} from "../../src/storage/conversation-store.js";
import { Keyring } from "../../src/storage/crypto.js";
import { FileKV } from "../../src/storage/kv-file.js";
import { RedisKV } from "../../src/storage/kv-redis.js";
import {
  connectRedis,
  deleteByPrefix,
  randomKey,
  recordingLogger,
  tempDir,
  uniquePrefix,
} from "./helpers.js";

interface State {
  version: [0, number];
  state: { replay: Array<{ text: string; at?: string }> };
}
const sample = (text: string): State => ({
  version: [0, 1],
  state: { replay: [{ text, at: "2024-05-01T10:20:30.000Z" }] },
});

const prefix = uniquePrefix("conv");
let redis: Redis;
const key = randomKey();

beforeAll(() => {
  redis = connectRedis();
});
afterAll(async () => {
  await deleteByPrefix(redis, prefix);
  await redis.quit();
});

describe("conversation adapter on Redis", () => {
  const adapter = () =>
    new EncryptedConversationAdapter<State>(
      redisSealedStore(redis, prefix, 3_600_000),
      new Keyring(key),
    );

  it("round-trips a state, stored sealed under <prefix>conv:<key> with a TTL", async () => {
    const a = adapter();
    expect(await a.read("42")).toBeUndefined();
    await a.write("42", sample("hunter2"));
    expect(await a.read("42")).toEqual(sample("hunter2"));

    const raw = await redis.get(`${prefix}conv:42`);
    expect(raw).not.toBeNull();
    expect(raw).not.toContain("hunter2");
    expect(JSON.parse(raw!)).toMatch(/^v1\./); // JSON-encoded sealed string, as @grammyjs/storage-redis writes it
    const pttl = await redis.pttl(`${prefix}conv:42`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(3_600_000);

    await a.delete("42");
    expect(await a.read("42")).toBeUndefined();
    expect(await redis.exists(`${prefix}conv:42`)).toBe(0);
  });

  it("uses the configured TTL and refreshes it on every write", async () => {
    const a = new EncryptedConversationAdapter<State>(
      redisSealedStore(redis, prefix, 10_000),
      new Keyring(key),
    );
    await a.write("ttl", sample("x"));
    await redis.pexpire(`${prefix}conv:ttl`, 2_000);
    await a.write("ttl", sample("y"));
    const pttl = await redis.pttl(`${prefix}conv:ttl`);
    expect(pttl).toBeGreaterThan(8_000);
    expect(pttl).toBeLessThanOrEqual(10_000);
  });

  it("keeps text that looks like an ISO date a string (no date revival)", async () => {
    const a = adapter();
    const tricky = sample("2024-01-02T03:04:05Z");
    await a.write("dates", tricky);
    const back = await a.read("dates");
    expect(back).toEqual(tricky);
    expect(typeof back!.state.replay[0]!.text).toBe("string");
    expect(typeof back!.state.replay[0]!.at).toBe("string");
  });

  it("reads a tampered, foreign or unreadable state as undefined and warns without its contents", async () => {
    const { logger, lines } = recordingLogger();
    const a = new EncryptedConversationAdapter<State>(
      redisSealedStore(redis, prefix, 60_000),
      new Keyring(key),
      logger,
    );
    await a.write("victim", sample("victim-password"));
    const raw = (await redis.get(`${prefix}conv:victim`))!;

    await redis.set(`${prefix}conv:thief`, raw); // copied to another chat's key: AAD differs
    expect(await a.read("thief")).toBeUndefined();

    const sealed = JSON.parse(raw) as string;
    await redis.set(
      `${prefix}conv:tampered`,
      JSON.stringify(sealed.slice(0, -3) + (sealed.endsWith("A") ? "BBB" : "AAA")),
    );
    expect(await a.read("tampered")).toBeUndefined();

    await redis.set(`${prefix}conv:junk`, "not json at all");
    expect(await a.read("junk")).toBeUndefined();

    const rotatedOut = new EncryptedConversationAdapter<State>(
      redisSealedStore(redis, prefix, 60_000),
      new Keyring(randomKey()),
      logger,
    );
    expect(await rotatedOut.read("victim")).toBeUndefined();

    expect(await a.read("victim")).toEqual(sample("victim-password"));
    const log = lines.join("");
    expect(lines.length).toBe(4);
    expect(log).toContain("conversation state cannot be decrypted");
    expect(log).not.toContain("victim-password");
    expect(log).not.toContain(sealed);
  });

  it("rotateConversationStates re-seals under the current key keeping the TTL, and drops unreadable states", async () => {
    const p = `${prefix}rot:`;
    const oldKey = randomKey();
    const newKey = randomKey();
    const before = new EncryptedConversationAdapter<State>(
      redisSealedStore(redis, p, 60_000),
      new Keyring(oldKey),
    );
    await before.write("1", sample("one"));
    await before.write("2", sample("two"));
    await new EncryptedConversationAdapter<State>(
      redisSealedStore(redis, p, 60_000),
      new Keyring(randomKey()),
    ).write("3", sample("lost"));
    await redis.pexpire(`${p}conv:1`, 30_000);

    const ring = new Keyring(newKey, [oldKey]);
    expect(
      await rotateConversationStates(
        new RedisKV({ redis, prefix: p }),
        ring,
        recordingLogger().logger,
      ),
    ).toEqual({
      rotated: 2,
      dropped: 1,
    });
    const pttl = await redis.pttl(`${p}conv:1`);
    expect(pttl).toBeGreaterThan(25_000);
    expect(pttl).toBeLessThanOrEqual(30_000);
    expect(await redis.exists(`${p}conv:3`)).toBe(0);

    const after = new EncryptedConversationAdapter<State>(
      redisSealedStore(redis, p, 60_000),
      new Keyring(newKey),
    );
    expect(await after.read("1")).toEqual(sample("one"));
    expect(await after.read("2")).toEqual(sample("two"));
  });
});

describe("conversation adapter on the file store", () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let kv: FileKV;
  beforeAll(async () => {
    dir = await tempDir();
    kv = await FileKV.open(dir.path);
  });
  afterAll(async () => {
    await kv.close();
    await dir.remove();
  });

  it("round-trips, keeps date-like text a string, and expires by TTL", async () => {
    // The file store reads the clock with Date.now(): a fake one reaches the TTL without waiting.
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: t0 });
    try {
      const a = new EncryptedConversationAdapter<State>(kvSealedStore(kv, 100), new Keyring(key));
      await a.write("7", sample("2024-01-02T03:04:05Z"));
      expect(await a.read("7")).toEqual(sample("2024-01-02T03:04:05Z"));
      expect(await kv.keys("conv:")).toEqual(["conv:7"]);
      expect(await kv.get("conv:7")).not.toContain("2024-01-02");
      vi.setSystemTime(t0 + 99);
      expect(await a.read("7")).toEqual(sample("2024-01-02T03:04:05Z"));
      vi.setSystemTime(t0 + 100);
      expect(await a.read("7")).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("rotates like the Redis store", async () => {
    const oldKey = randomKey();
    const newKey = randomKey();
    await new EncryptedConversationAdapter<State>(
      kvSealedStore(kv, 60_000),
      new Keyring(oldKey),
    ).write("8", sample("eight"));
    expect(await rotateConversationStates(kv, new Keyring(newKey, [oldKey]))).toEqual({
      rotated: 1,
      dropped: 0,
    });
    expect(
      await new EncryptedConversationAdapter<State>(
        kvSealedStore(kv, 60_000),
        new Keyring(newKey),
      ).read("8"),
    ).toEqual(sample("eight"));
  });
});
