/**
 * Entry of `npm run rotate-keys` (dist/storage/rotate-keys.js): re-encrypts the vault and the live
 * conversation states under the current ENCRYPTION_KEY, prints counts, exits.
 *
 * Safe beside running bots on Redis (compare-and-set per value). In embedded mode the store's lock
 * refuses to run while the bot holds the data folder: stop the bot first.
 * Exit code 1 when some vault entry opens with no configured key — add the missing key to
 * ENCRYPTION_KEYS_OLD and rerun; nothing is deleted from the vault.
 * Exit code 2, said loudly, when no older key is configured: then the running key is the only one and
 * nothing can have moved — most often a container restarted with `docker compose restart`, which keeps
 * its old environment, so the "new" key it runs with is the old one. Removing that key afterwards
 * would leave the bot unable to start.
 */
import { pino } from "pino";
import { ConfigError, loadConfig } from "../config.js";
import { createLogger } from "../logger.js";
import { openStorage } from "./index.js";
import { rotateKeys } from "./rotation.js";

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  // Logs go to stderr so stdout carries only the report.
  const logger = createLogger(config.logLevel, pino.destination(2), config.logFormat);
  const storage = await openStorage(config, logger);
  try {
    const report = await rotateKeys(storage, logger);
    console.log(`Storage: ${storage.kind}; current key id: ${report.keyId}`);
    console.log(
      `API keys: ${report.vault.rotated} re-encrypted, ${report.vault.failed} could not be decrypted`,
    );
    console.log(
      `Conversation states: ${report.conversations.rotated} re-encrypted, ${report.conversations.dropped} dropped (unreadable; those flows restart)`,
    );
    if (storage.keyring.keyIds.length === 1) {
      console.error(NOTHING_ROTATED(report.keyId));
      return 2;
    }
    if (report.vault.failed > 0) {
      console.error(
        "Some API keys were sealed with a key that is not configured. Add it to ENCRYPTION_KEYS_OLD and run again.",
      );
      return 1;
    }
    return 0;
  } finally {
    await storage.close();
  }
}

const NOTHING_ROTATED = (keyId: string): string =>
  [
    "",
    "!!! NOTHING WAS ROTATED !!!",
    `This process runs with one key only (ENCRYPTION_KEY, key id ${keyId}) and no ENCRYPTION_KEYS_OLD,`,
    "so everything stays sealed with that key. If you changed ENCRYPTION_KEY, this process did not get",
    "the change: under Docker, `docker compose restart` keeps the container's old environment —",
    "run `docker compose up -d` (it recreates the container from .env), then rotate-keys again.",
    "Do NOT remove the old key until rotate-keys reports the new key's id and exits 0.",
    "",
  ].join("\n");

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`rotate-keys failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
