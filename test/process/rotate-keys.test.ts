/**
 * `npm run rotate-keys` (dist/storage/rotate-keys.js) as an operator runs it. Run with the old
 * environment — the container a `docker compose restart` kept, where ENCRYPTION_KEY is still the old
 * key and ENCRYPTION_KEYS_OLD is empty — it rotates nothing, and says so loudly with a non-zero exit
 * instead of an exit 0 that invites removing the old key. Run with the new key and the old one listed,
 * it re-encrypts and exits 0, after which the new key alone opens the store.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { keyId } from "../../src/storage/crypto.js";
import { openStorage } from "../../src/storage/index.js";
import { silentLogger } from "../storage/helpers.js";
import { ROOT } from "./process-helpers.js";
import { BOT_TOKEN } from "../harness/telegram-fake.js";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const newKey = () => randomBytes(32).toString("base64");

function rotate(env: Record<string, string>) {
  const run = spawnSync(process.execPath, [join(ROOT, "dist/storage/rotate-keys.js")], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      BOT_TOKEN,
      EXCHANGER_BASE_URL: "http://127.0.0.1:9",
      DATA_DIR: join(dir, "data"),
      LOG_LEVEL: "error",
      ...env,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const storeWith = (encryptionKey: string, encryptionKeysOld: string[] = []) =>
  openStorage(
    { encryptionKey, encryptionKeysOld, redis: undefined, dataDir: join(dir, "data") },
    silentLogger(),
  );

describe("npm run rotate-keys", { timeout: 120_000 }, () => {
  it("run with the old key only (the environment `restart` kept): nothing rotated, said loudly, exit 2; with the new key and the old listed: rotated, exit 0", async () => {
    dir = mkdtempSync(join(tmpdir(), "xbot-rotate-"));
    const oldKey = newKey();
    const key = newKey();
    const before = await storeWith(oldKey);
    await before.vault.link(5, "key-five");
    await before.close();

    // The operator edited .env but ran `docker compose restart`: the process still has the old key.
    const stale = rotate({ ENCRYPTION_KEY: oldKey });
    expect(stale.status).toBe(2);
    expect(stale.stderr).toContain("NOTHING WAS ROTATED");
    expect(stale.stderr).toContain(`key id ${keyId(Buffer.from(oldKey, "base64"))}`);
    expect(stale.stderr).toContain("docker compose up -d");
    expect(stale.stderr).toMatch(/Do NOT remove the old key/);
    // Indeed nothing moved: the new key alone cannot open the store.
    await expect(storeWith(key)).rejects.toThrow(/encrypted with another key/);

    // `docker compose up -d`: the new environment. Rotated, the new key's id named, exit 0.
    const done = rotate({ ENCRYPTION_KEY: key, ENCRYPTION_KEYS_OLD: oldKey });
    expect(done.stderr).not.toContain("NOTHING WAS ROTATED");
    expect(done.stdout).toContain(`current key id: ${keyId(Buffer.from(key, "base64"))}`);
    expect(done.stdout).toContain("API keys: 1 re-encrypted, 0 could not be decrypted");
    expect(done.status).toBe(0);
    const after = await storeWith(key);
    expect(await after.vault.get(5)).toBe("key-five");
    await after.close();
  });
});
