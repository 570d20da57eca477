/** The in-memory cache of decrypted keys: the Vault's use of it, and its own rules. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Keyring } from "../../src/storage/crypto.js";
import { FileKV } from "../../src/storage/kv-file.js";
import { OpenedKeys } from "../../src/storage/opened-keys.js";
import { Vault, vaultKey } from "../../src/storage/vault.js";
import { randomKey, recordingLogger, tempDir } from "./helpers.js";

describe("OpenedKeys", () => {
  it("answers only for the same chat and exactly the same sealed value", () => {
    const keys = new OpenedKeys();
    keys.remember(1, "sealed-A", "key-A");
    expect(keys.get(1, "sealed-A")).toBe("key-A");
    expect(keys.get(1, "sealed-B")).toBeUndefined();
    expect(keys.get(2, "sealed-A")).toBeUndefined();
    expect(keys.get("1", "sealed-A")).toBe("key-A"); // chat ids arrive as numbers and as strings
  });

  it("holds one entry per chat: a new sealed value replaces the old one", () => {
    const keys = new OpenedKeys();
    keys.remember(1, "sealed-A", "key-A");
    keys.remember(1, "sealed-B", "key-B");
    expect(keys.get(1, "sealed-A")).toBeUndefined();
    expect(keys.get(1, "sealed-B")).toBe("key-B");
    expect(keys.size).toBe(1);
    keys.forget(1);
    expect(keys.get(1, "sealed-B")).toBeUndefined();
  });

  it("is bounded: the least recently used chat goes first", () => {
    const keys = new OpenedKeys(2);
    keys.remember(1, "s1", "k1");
    keys.remember(2, "s2", "k2");
    expect(keys.get(1, "s1")).toBe("k1"); // 1 is now more recent than 2
    keys.remember(3, "s3", "k3");
    expect(keys.size).toBe(2);
    expect(keys.get(2, "s2")).toBeUndefined();
    expect(keys.get(1, "s1")).toBe("k1");
    expect(keys.get(3, "s3")).toBe("k3");
  });
});

describe("Vault with its cache of opened keys", () => {
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

  // Chat ids differ between tests: they share one store.
  const setup = (openedKeysMax?: number) => {
    const keyring = new Keyring(randomKey());
    const opens = vi.spyOn(keyring, "open");
    const log = recordingLogger();
    return { keyring, opens, log, vault: new Vault(kv, keyring, log.logger, { openedKeysMax }) };
  };

  it("decrypts a chat's sealed value once, then answers from memory", async () => {
    const { vault, opens } = setup();
    await vault.link(7, "api-key-7");
    expect(await vault.get(7)).toBe("api-key-7");
    expect(await vault.get(7)).toBe("api-key-7");
    expect(vault.open(7, await kv.get(vaultKey(7)))).toBe("api-key-7");
    expect(opens).toHaveBeenCalledTimes(1);
  });

  it("a changed sealed value (relinked by another instance, rotated) is opened afresh", async () => {
    const { vault, keyring, opens } = setup();
    await vault.link(8, "old-key");
    expect(await vault.get(8)).toBe("old-key");
    // Another instance relinks the chat: only the store changed, not this process's state.
    await kv.set(vaultKey(8), keyring.seal("new-key", "vault:8"));
    expect(await vault.get(8)).toBe("new-key");
    expect(opens).toHaveBeenCalledTimes(2);
  });

  it("never answers another chat's sealed value from memory: the AAD check still refuses it", async () => {
    const { vault, log } = setup();
    await vault.link(100, "victim-key");
    expect(await vault.get(100)).toBe("victim-key"); // now remembered for chat 100
    const sealed = (await kv.get(vaultKey(100)))!;
    await kv.set(vaultKey(200), sealed);
    expect(await vault.get(200)).toBeUndefined();
    expect(vault.open(200, sealed)).toBeUndefined();
    expect(log.lines.join("")).toContain("cannot be decrypted");
    expect(log.lines.join("")).not.toContain("victim-key");
  });

  it("forgets a chat's key when it is unlinked or relinked, and when the store has none", async () => {
    const { vault, opens } = setup();
    await vault.link(9, "first");
    expect(await vault.get(9)).toBe("first");
    await vault.unlink(9);
    expect(await vault.get(9)).toBeUndefined();
    await vault.link(9, "second");
    expect(await vault.get(9)).toBe("second");
    expect(opens).toHaveBeenCalledTimes(2);
  });

  it("is bounded by openedKeysMax", async () => {
    const { vault, opens } = setup(2);
    for (const chat of [1, 2, 3]) await vault.link(chat, `key-${chat}`);
    for (const chat of [1, 2, 3]) expect(await vault.get(chat)).toBe(`key-${chat}`);
    expect(opens).toHaveBeenCalledTimes(3);
    expect(await vault.get(1)).toBe("key-1"); // dropped for chat 3: decrypted again
    expect(opens).toHaveBeenCalledTimes(4);
  });
});
