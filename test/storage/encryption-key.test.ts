import { chmod, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveEncryptionKeys } from "../../src/storage/encryption-key.js";
import { randomKey, recordingLogger, tempDir } from "./helpers.js";

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.remove());

const embedded = (
  dataDir: string,
  extra: { encryptionKey?: string; encryptionKeysOld?: string[] } = {},
) => ({
  encryptionKey: extra.encryptionKey,
  encryptionKeysOld: extra.encryptionKeysOld ?? [],
  redis: undefined,
  dataDir,
});

describe("resolveEncryptionKeys", () => {
  it("uses ENCRYPTION_KEY and ENCRYPTION_KEYS_OLD when configured", async () => {
    const current = randomKey();
    const old = [randomKey()];
    const { logger, lines } = recordingLogger();
    const keys = await resolveEncryptionKeys(
      {
        encryptionKey: current,
        encryptionKeysOld: old,
        redis: { kind: "url" as const, url: "redis://x" },
        dataDir: dir.path,
      },
      logger,
    );
    expect(keys).toEqual({ current, old, source: "config" });
    expect(lines).toEqual([]);
  });

  it("embedded without a key: generates one (mkdir -p, mode 0600), warns without key material, reuses it", async () => {
    const dataDir = join(dir.path, "nested", "data");
    const { logger, lines, records } = recordingLogger();
    const first = await resolveEncryptionKeys(embedded(dataDir), logger);
    expect(first.source).toBe("generated");
    expect(Buffer.from(first.current, "base64")).toHaveLength(32);

    const file = join(dataDir, "encryption.key");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, "utf8")).trim()).toBe(first.current);
    expect(records().filter((r) => r.level === 40)).toHaveLength(1);
    expect(lines.join("")).toMatch(/generated a new encryption key/);
    expect(lines.join("")).toMatch(/Back this file up/);
    expect(lines.join("")).not.toContain(first.current);

    const again = await resolveEncryptionKeys(embedded(dataDir), logger);
    expect(again).toEqual({ current: first.current, old: [], source: "file" });
    expect(lines).toHaveLength(1); // no second warning
  });

  it("refuses a damaged key file instead of replacing it", async () => {
    await writeFile(join(dir.path, "encryption.key"), "not-a-key\n", { mode: 0o600 });
    await expect(
      resolveEncryptionKeys(embedded(dir.path), recordingLogger().logger),
    ).rejects.toThrow(/does not hold a base64 32-byte key/);
    expect(await readFile(join(dir.path, "encryption.key"), "utf8")).toBe("not-a-key\n");
  });

  it("warns when the key file is readable by others", async () => {
    const key = randomKey();
    await writeFile(join(dir.path, "encryption.key"), key);
    await chmod(join(dir.path, "encryption.key"), 0o644);
    const { logger, lines } = recordingLogger();
    expect((await resolveEncryptionKeys(embedded(dir.path), logger)).current).toBe(key);
    expect(lines.join("")).toMatch(/chmod 600/);
  });

  it("after ENCRYPTION_KEY is set in embedded mode, the generated key stays readable as an old key", async () => {
    const generated = (await resolveEncryptionKeys(embedded(dir.path), recordingLogger().logger))
      .current;
    const configured = randomKey();
    const keys = await resolveEncryptionKeys(
      embedded(dir.path, { encryptionKey: configured }),
      recordingLogger().logger,
    );
    expect(keys).toEqual({ current: configured, old: [generated], source: "config" });
    // ...but not twice, and not when it is the configured key itself.
    expect(
      (
        await resolveEncryptionKeys(
          embedded(dir.path, { encryptionKey: configured, encryptionKeysOld: [generated] }),
          recordingLogger().logger,
        )
      ).old,
    ).toEqual([generated]);
    expect(
      (
        await resolveEncryptionKeys(
          embedded(dir.path, { encryptionKey: generated }),
          recordingLogger().logger,
        )
      ).old,
    ).toEqual([]);
  });

  it("never generates a key for Redis mode", async () => {
    await mkdir(dir.path, { recursive: true });
    await expect(
      resolveEncryptionKeys(
        {
          encryptionKey: undefined,
          encryptionKeysOld: [],
          redis: { kind: "url" as const, url: "redis://127.0.0.1" },
          dataDir: dir.path,
        },
        recordingLogger().logger,
      ),
    ).rejects.toThrow(/ENCRYPTION_KEY is required/);
  });
});
