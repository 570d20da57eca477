/**
 * Entry of `npm run rotate-keys` (dist/storage/rotate-keys.js): re-encrypts the vault and the live
 * conversation states under the current ENCRYPTION_KEY, prints counts, exits.
 *
 * Safe beside running bots on Redis (compare-and-set per value). In embedded mode the store's lock
 * refuses to run while the bot holds the data folder: stop the bot first.
 * Exit code 1 when some vault entry opens with no configured key — add the missing key to
 * ENCRYPTION_KEYS_OLD and rerun; nothing is deleted from the vault.
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

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`rotate-keys failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
