/**
 * Where the encryption keys come from.
 *
 * ENCRYPTION_KEY (+ ENCRYPTION_KEYS_OLD) when set — config makes it mandatory with Redis, where
 * several instances must share it. In embedded mode it may be omitted for a zero-setup laptop run:
 * a key is generated once into `<DATA_DIR>/encryption.key` (mode 0600) and reused afterwards.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";

export const KEY_FILE_NAME = "encryption.key";

export interface EncryptionKeys {
  /** base64 of 32 bytes; new values are sealed with it. */
  current: string;
  /** base64 keys still accepted for decryption. */
  old: string[];
  source: "config" | "file" | "generated";
}

type KeyConfig = Pick<Config, "encryptionKey" | "encryptionKeysOld" | "redis" | "dataDir">;

export async function resolveEncryptionKeys(
  config: KeyConfig,
  logger: Logger,
): Promise<EncryptionKeys> {
  const path = join(config.dataDir, KEY_FILE_NAME);
  if (config.encryptionKey !== undefined) {
    const old = [...config.encryptionKeysOld];
    // Embedded mode that ran on a generated key before ENCRYPTION_KEY was set: keep that key
    // readable so existing data still opens and `npm run rotate-keys` can move it to the new key.
    if (config.redis === undefined) {
      const fileKey = await readKeyFile(path, logger);
      if (
        fileKey !== undefined &&
        !sameKey(fileKey, config.encryptionKey) &&
        !old.some((k) => sameKey(k, fileKey))
      ) {
        old.push(fileKey);
        logger.info(
          { file: path },
          "ENCRYPTION_KEY is set; the previously generated key file is still accepted for decryption (run `npm run rotate-keys`)",
        );
      }
    }
    return { current: config.encryptionKey, old, source: "config" };
  }
  if (config.redis !== undefined) {
    // config.ts already rejects this; a second guard because a shared Redis with per-instance keys is unreadable.
    throw new Error(
      `ENCRYPTION_KEY is required when ${config.redis.kind === "url" ? "REDIS_URL" : "REDIS_SENTINELS"} is set`,
    );
  }
  const existing = await readKeyFile(path, logger);
  if (existing !== undefined)
    return { current: existing, old: [...config.encryptionKeysOld], source: "file" };

  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const generated = randomBytes(32).toString("base64");
  try {
    // "wx": if another process generated one in the meantime, use theirs instead of replacing it.
    await writeFile(path, `${generated}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const theirs = await readKeyFile(path, logger);
    if (theirs === undefined) throw error;
    return { current: theirs, old: [...config.encryptionKeysOld], source: "file" };
  }
  logger.warn(
    { file: path },
    "No ENCRYPTION_KEY set: generated a new encryption key into the data folder. Back this file up — " +
      "without it the stored API keys cannot be decrypted — or set ENCRYPTION_KEY to its contents.",
  );
  return { current: generated, old: [...config.encryptionKeysOld], source: "generated" };
}

/** undefined when the file does not exist; throws when it exists but holds no valid key (never overwrite it). */
async function readKeyFile(path: string, logger: Logger): Promise<string | undefined> {
  let text: string;
  try {
    text = (await readFile(path, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || Buffer.from(text, "base64").length !== 32) {
    throw new Error(
      `${path} does not hold a base64 32-byte key; restore it from a backup (data encrypted with it is unreadable without it)`,
    );
  }
  // Warn rather than refuse: Windows reports 0666 for every file.
  const { mode } = await stat(path);
  if (process.platform !== "win32" && (mode & 0o077) !== 0) {
    logger.warn(
      { file: path, mode: (mode & 0o777).toString(8) },
      "encryption key file is accessible to other users; run `chmod 600` on it",
    );
  }
  return text;
}

function sameKey(a: string, b: string): boolean {
  return Buffer.from(a.trim(), "base64").equals(Buffer.from(b.trim(), "base64"));
}
